import { useId } from 'react';
import type { OrderEvent } from '../../../../domain/fulfilment';
import { dateTimeFormat } from '../shared/ui';
import { useAdminResource } from '../shared/use-admin-resource';
import { actorLabel, orderTimelineSchema } from './orders';
import { timelinePath } from './orders-api';

const DOT_CLASSES: Record<OrderEvent['actor']['kind'], string> = {
  admin: 'bg-maple',
  customer: 'bg-forest',
  system: 'bg-muted',
};

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
        <ol aria-labelledby={`${id}-title`} className="mt-3" data-testid="order-timeline">
          {events.map((event, index) => (
            <li
              key={event.id}
              className="relative grid grid-cols-[0.75rem_minmax(0,1fr)] gap-x-3 pb-3 last:pb-0"
              data-testid="timeline-event"
            >
              {index < events.length - 1 && (
                <span aria-hidden="true" className="absolute top-4 bottom-0 left-[5px] w-0.5 bg-beige" />
              )}
              <span
                aria-hidden="true"
                className={`mt-1.5 h-3 w-3 rounded-full ring-2 ring-white ${DOT_CLASSES[event.actor.kind]}`}
              />
              <div className="min-w-0 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
                <p className="text-sm break-words text-ink">{event.summary}</p>
                <p className="text-xs text-muted sm:shrink-0 sm:text-right">
                  <time dateTime={event.at}>{dateTimeFormat.format(new Date(event.at))}</time>
                  {' · '}
                  <span data-testid="timeline-actor">{actorLabel(event.actor)}</span>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
