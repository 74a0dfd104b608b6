import { useLayoutEffect, useRef, useState } from 'react';
import type { ContactMessage } from '../../../../domain/inbox';
import { userMessage } from '../../../api';
import { useFlash } from '../shared/flash';
import { FlashMessage } from '../shared/flash-message';
import { ghostButton, quietButton } from '../shared/ui';
import { listSummary, MESSAGES_PAGE_SIZE, replyHref, unreadChange, type InboxPage } from './inbox';
import type { Loaded } from '../shared/admin-api';
import { markMessage } from './inbox-api';
import { ListPager, ListSection, useInboxList } from './inbox-list';
import { When } from './when';

/** Moves the tab's unread badge by what was marked here. */
export type UpdateUnread = (change: (count: number | null) => number | null) => void;

/** Contact messages, newest first, with their read state and a reply link. */
export function Messages({
  data,
  setUnread,
}: {
  data: Loaded<InboxPage<ContactMessage>> | null;
  setUnread: UpdateUnread;
}) {
  const state = useInboxList('messages', data);
  const [busy, setBusy] = useState<number | null>(null);
  const { flash, show, dismiss } = useFlash();
  const { result } = state;

  async function mark(message: ContactMessage, read: boolean) {
    setBusy(message.id);
    try {
      const updated = await markMessage(message.id, read);
      const delta = unreadChange(message, updated);
      state.patchPage(
        (page) =>
          page &&
          (page.ok
            ? {
                ok: true,
                value: {
                  ...page.value,
                  items: page.value.items.map((m) => (m.id === updated.id ? updated : m)),
                  unread: page.value.unread === null ? null : page.value.unread + delta,
                },
              }
            : page),
      );
      setUnread((n) => (n === null ? n : Math.max(0, n + delta)));
    } catch (error) {
      console.error('Failed to mark the message', error);
      show('error', userMessage(error, 'Failed to update the message. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  const summary = result
    ? listSummary(result.total, ['message', 'messages'], state.query.q !== '', result.unread)
    : 'Newest first.';

  return (
    <>
      <ListSection
        id="inbox-messages"
        title="Messages"
        summary={summary}
        what="messages"
        empty="No messages yet."
        state={state}
      >
        {(page) => (
          <>
            <ul className="divide-y divide-beige">
              {page.items.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  busy={busy === message.id}
                  onMark={(read) => void mark(message, read)}
                />
              ))}
            </ul>
            <ListPager label="Message pages" pageSize={MESSAGES_PAGE_SIZE} state={state} />
          </>
        )}
      </ListSection>
      <FlashMessage flash={flash} onDismiss={dismiss} />
    </>
  );
}

function MessageItem({
  message,
  busy,
  onMark,
}: {
  message: ContactMessage;
  busy: boolean;
  onMark: (read: boolean) => void;
}) {
  const unread = message.read_at === null;
  return (
    <li
      data-testid="inbox-message"
      data-unread={unread}
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 p-4 sm:gap-x-8 sm:px-6 ${
        unread ? 'bg-cream/60' : ''
      }`}
    >
      <h4
        className={`flex min-w-0 items-center gap-2 font-sans text-base ${
          unread ? 'font-bold text-ink' : 'font-normal text-cocoa'
        }`}
      >
        {unread && (
          <>
            <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full bg-maple" />
            <span className="sr-only">Unread: </span>
          </>
        )}
        <span className="break-words">{message.name}</span>
      </h4>
      <p className="text-right text-xs text-muted">
        <When iso={message.created_at} />
      </p>
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className={`text-sm break-all ${unread ? 'font-semibold text-cocoa' : 'text-muted'}`}>
          {message.email}
        </p>
        <ClampedText text={message.message} />
      </div>
      <div className="col-span-2 mt-2 -ml-4 flex flex-wrap items-center gap-1 self-start sm:col-span-1 sm:col-start-2 sm:row-start-2 sm:mt-1 sm:-mr-4 sm:ml-0 sm:justify-end">
        <a href={replyHref(message.email)} className={ghostButton}>
          Reply<span className="sr-only"> to {message.name}</span>
        </a>
        <button type="button" className={quietButton} disabled={busy} onClick={() => onMark(unread)}>
          {unread ? 'Mark as read' : 'Mark as unread'}
          <span className="sr-only"> (message from {message.name})</span>
        </button>
      </div>
    </li>
  );
}

/** A message kept to three lines, with a button to show it whole when it is longer. */
function ClampedText({ text }: { text: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div className="mt-1">
      <p
        ref={box}
        className={`max-w-prose text-sm break-words whitespace-pre-line text-ink ${expanded ? '' : 'line-clamp-3'}`}
      >
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          className="mt-1 inline-flex min-h-8 items-center text-sm font-semibold text-maple-dark underline underline-offset-4 hover:text-cocoa"
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Show the whole message'}
        </button>
      )}
    </div>
  );
}
