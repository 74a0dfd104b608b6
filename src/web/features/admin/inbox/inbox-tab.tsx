import type { InboxData } from './inbox-api';
import { Messages, type UpdateUnread } from './messages';
import { Signups } from './signups';

/**
 * The Inbox tab (decision 0023): contact messages, newest first, with their read state and a reply
 * link; newsletter sign-ups with their Klaviyo state. Both searchable by e-mail, a page at a time.
 * `setUnread` keeps the tab's badge in step with what is marked here.
 */
export function Inbox({ data, setUnread }: { data: InboxData | null; setUnread: UpdateUnread }) {
  return (
    <section aria-labelledby="inbox-title" className="space-y-8">
      <div>
        <h2 id="inbox-title" className="font-display text-2xl font-semibold sm:text-3xl">
          Inbox
        </h2>
        <p className="mt-1 text-sm text-muted">Messages from the contact form and newsletter sign-ups.</p>
      </div>
      <Messages data={data?.messages ?? null} setUnread={setUnread} />
      <Signups data={data?.signups ?? null} />
    </section>
  );
}
