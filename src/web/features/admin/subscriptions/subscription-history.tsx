import { useId } from 'react';
import type { AdminSubscriptionDetail } from '../../../../domain/subscription-schemas';
import { ScrollingTable } from '../shared/states';
import { TimelineList } from '../shared/timeline-list';
import { dateTimeFormat, tdClass, thClass } from '../shared/ui';
import { ATTEMPT_REASON_LABELS, ATTEMPT_STATUS_LABELS } from './subscriptions';

/**
 * A subscription's history, oldest first, in the order timeline's style (who did what, when), and its
 * renewal attempts, newest first: each try of each cycle, what came of it and its order. `detail` is
 * null while it is first read.
 */
export function SubscriptionHistory({
  detail,
  loading,
  failed,
  onRetry,
}: {
  detail: AdminSubscriptionDetail | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const id = useId();
  return (
    <>
      <section aria-labelledby={`${id}-history`} aria-busy={loading} className="border-t border-beige pt-5">
        <div className="flex items-baseline justify-between gap-4">
          <h3 id={`${id}-history`} className="font-display text-lg font-semibold">
            History
          </h3>
          <p className="text-xs text-muted">{loading && detail ? 'Updating...' : ''}</p>
        </div>
        {failed && (
          <p
            role="alert"
            className="mt-2 flex flex-wrap items-center gap-x-3 text-sm font-medium text-danger"
          >
            Failed to load the history.
            <button
              type="button"
              className="inline-flex min-h-11 items-center font-semibold text-maple-dark underline underline-offset-4"
              onClick={onRetry}
            >
              Try again
            </button>
          </p>
        )}
        {detail === null ? (
          !failed && <p className="mt-2 text-sm text-muted">Loading the history...</p>
        ) : detail.events.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing has happened to this subscription yet.</p>
        ) : (
          <TimelineList
            labelledBy={`${id}-history`}
            events={detail.events.map((event) => ({ ...event, at: event.created_at }))}
            testId="subscription-history"
          />
        )}
      </section>

      {detail && (
        <section aria-labelledby={`${id}-renewals`} className="border-t border-beige pt-5">
          <h3 id={`${id}-renewals`} className="font-display text-lg font-semibold">
            Renewal attempts
          </h3>
          {detail.renewals.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No renewal has been tried yet.</p>
          ) : (
            <ScrollingTable label="Renewal attempts">
              <table className="w-full text-sm">
                <caption className="sr-only">Renewal attempts, newest first</caption>
                <thead className="bg-cream/70">
                  <tr>
                    <th scope="col" className={thClass}>
                      Renewal
                    </th>
                    <th scope="col" className={thClass}>
                      Tried
                    </th>
                    <th scope="col" className={thClass}>
                      Outcome
                    </th>
                    <th scope="col" className={thClass}>
                      Order
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-beige">
                  {detail.renewals.map((attempt) => (
                    <tr key={`${attempt.cycle}-${attempt.attempt}`} data-testid="renewal-attempt">
                      <td className={`${tdClass} whitespace-nowrap`}>
                        <p className="font-medium text-ink">
                          No. {attempt.cycle}, try {attempt.attempt}
                        </p>
                        <p className="text-xs text-muted">{ATTEMPT_REASON_LABELS[attempt.reason]}</p>
                      </td>
                      <td className={`${tdClass} whitespace-nowrap text-muted`}>
                        <time dateTime={attempt.created_at}>
                          {dateTimeFormat.format(new Date(attempt.created_at))}
                        </time>
                      </td>
                      <td className={tdClass}>
                        <p
                          className={`font-semibold ${attempt.status === 'paid' ? 'text-forest' : attempt.status === 'charging' ? 'text-cocoa' : 'text-danger'}`}
                        >
                          {ATTEMPT_STATUS_LABELS[attempt.status]}
                        </p>
                        {attempt.message && (
                          <p className="text-xs break-words text-muted">{attempt.message}</p>
                        )}
                      </td>
                      <td className={`${tdClass} tabular-nums`}>
                        {attempt.order_id !== null ? (
                          <a
                            className="font-semibold text-maple-dark underline-offset-2 hover:underline"
                            href={`/admin/dashboard?tab=orders&order=${attempt.order_id}`}
                          >
                            #{attempt.order_id}
                          </a>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollingTable>
          )}
        </section>
      )}
    </>
  );
}
