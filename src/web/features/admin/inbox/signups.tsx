import type { KlaviyoSync, NewsletterSignup } from '../../../../domain/inbox';
import type { NewsletterStatus } from '../../../../domain/newsletter';
import type { Loaded } from '../shared/admin-api';
import { tdClass, thClass } from '../shared/ui';
import { KLAVIYO_LABELS, listSummary, SIGNUPS_PAGE_SIZE, STATUS_LABELS, type InboxPage } from './inbox';
import { ListPager, ListSection, useInboxList } from './inbox-list';
import { When } from './when';

const KLAVIYO_CLASSES: Record<Exclude<KlaviyoSync, null>, string> = {
  synced: 'bg-green-100 text-green-800 ring-green-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  failed: 'bg-red-100 text-red-800 ring-red-300',
};

const STATUS_CLASSES: Record<NewsletterStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  confirmed: 'bg-green-100 text-green-800 ring-green-300',
  unsubscribed: 'bg-white text-muted ring-beige',
};

function StatusBadge({ status }: { status: NewsletterStatus }) {
  return (
    <span
      data-testid="signup-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_CLASSES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

function KlaviyoBadge({ sync }: { sync: KlaviyoSync }) {
  if (sync === null) return null;
  return (
    <span
      data-testid="klaviyo-state"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${KLAVIYO_CLASSES[sync]}`}
    >
      {KLAVIYO_LABELS[sync]}
    </span>
  );
}

/**
 * Newsletter sign-ups, newest first, with their status and, when Klaviyo is set up, whether Klaviyo
 * has caught up with the address's latest consent change (decision 0042).
 */
export function Signups({ data }: { data: Loaded<InboxPage<NewsletterSignup>> | null }) {
  const state = useInboxList('newsletter-signups', data);
  const { result } = state;
  const summary = result
    ? listSummary(result.total, ['sign-up', 'sign-ups'], state.query.q !== '')
    : 'Newest first.';

  return (
    <ListSection
      id="inbox-signups"
      title="Newsletter sign-ups"
      summary={summary}
      what="sign-ups"
      empty="No sign-ups yet."
      state={state}
    >
      {(page) => {
        // Without Klaviyo no sign-up has a state: no column for it then.
        const klaviyo = page.items.some((signup) => signup.klaviyo !== null);
        return (
          <>
            <table className="hidden w-full text-sm md:table">
              <caption className="sr-only">Newsletter sign-ups</caption>
              <thead className="border-b border-beige bg-cream/70">
                <tr>
                  <th scope="col" className={thClass}>
                    E-mail
                  </th>
                  <th scope="col" className={thClass}>
                    Signed up
                  </th>
                  <th scope="col" className={thClass}>
                    Source
                  </th>
                  <th scope="col" className={thClass}>
                    Status
                  </th>
                  {klaviyo && (
                    <th scope="col" className={thClass}>
                      Klaviyo
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-beige">
                {page.items.map((signup) => (
                  <tr key={signup.id} data-testid="inbox-signup">
                    <td className={`${tdClass} break-all text-ink`}>{signup.email}</td>
                    <td className={`${tdClass} text-muted`}>
                      <When iso={signup.created_at} />
                    </td>
                    <td className={`${tdClass} text-muted`}>{signup.source}</td>
                    <td className={tdClass}>
                      <StatusBadge status={signup.status} />
                    </td>
                    {klaviyo && (
                      <td className={tdClass}>
                        <KlaviyoBadge sync={signup.klaviyo} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-beige md:hidden">
              {page.items.map((signup) => (
                <li key={signup.id} className="flex items-start justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold break-all text-ink">{signup.email}</p>
                    <p className="text-xs text-muted">
                      <When iso={signup.created_at} /> · {signup.source}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <p>
                      <span className="sr-only">Status: </span>
                      <StatusBadge status={signup.status} />
                    </p>
                    {signup.klaviyo !== null && (
                      <p>
                        <span className="sr-only">Klaviyo: </span>
                        <KlaviyoBadge sync={signup.klaviyo} />
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <ListPager label="Sign-up pages" pageSize={SIGNUPS_PAGE_SIZE} state={state} />
          </>
        );
      }}
    </ListSection>
  );
}
