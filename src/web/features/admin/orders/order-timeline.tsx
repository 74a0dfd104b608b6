import { useId } from 'react';
import { TimelineList } from '../shared/timeline-list';
import { useAdminResource } from '../shared/use-admin-resource';
import { orderTimelineSchema } from './orders';
import { timelinePath } from './orders-api';

/**
 * The order's timeline (decision 0023, GET /api/orders/:id/timeline), oldest first: what happened,
 * when, and who did it. Read when the dialog opens and whenever `version` changes (after a save or
 * a refund); the events already shown stay while it is read again.
 */
export function OrderTimeline({ orderId, version }: { orderId: number; version: number }) {
  const id = useId();
  const {
    value: events,
    failed,
    loading,
    retry,
  } = useAdminResource(orderTimelineSchema, timelinePath(orderId), {
    version,
    failure: 'Failed to load the order timeline',
  });

  return (
    <section aria-labelledby={`${id}-title`} aria-busy={loading} className="border-t border-beige pt-5">
      <div className="flex items-baseline justify-between gap-4">
        <h3 id={`${id}-title`} className="font-display text-lg font-semibold">
          Timeline
        </h3>
        <p className="text-xs text-muted">{loading && events ? 'Updating...' : ''}</p>
      </div>
      {failed && (
        <p role="alert" className="mt-2 flex flex-wrap items-center gap-x-3 text-sm font-medium text-danger">
          Failed to load the timeline.
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-semibold text-maple-dark underline underline-offset-4"
            onClick={retry}
          >
            Try again
          </button>
        </p>
      )}
      {events === null ? (
        !failed && <p className="mt-2 text-sm text-muted">Loading the timeline...</p>
      ) : events.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Nothing has happened to this order yet.</p>
      ) : (
        <TimelineList labelledBy={`${id}-title`} events={events} testId="order-timeline" />
      )}
    </section>
  );
}
