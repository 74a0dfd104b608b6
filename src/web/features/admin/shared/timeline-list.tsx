import type { OrderEventActor } from '../../../../domain/fulfilment';
import { actorLabel } from './timeline';
import { dateTimeFormat } from './ui';

const DOT_CLASSES: Record<OrderEventActor['kind'], string> = {
  admin: 'bg-maple',
  customer: 'bg-forest',
  system: 'bg-muted',
};

/** One line of a timeline: what happened (one line), when (ISO) and who did it. */
export interface TimelineEntry {
  id: number;
  at: string;
  summary: string;
  actor: OrderEventActor;
}

/**
 * A timeline's lines, oldest first (decision 0023): a dot coloured by who did it (an admin maple,
 * the customer green, the shop grey), joined by a line, each with its time and who. The order dialog
 * and the subscription dialog (decision 0057) show their histories with it.
 */
export function TimelineList({
  labelledBy,
  events,
  testId,
}: {
  /** The id of the heading that names the list. */
  labelledBy: string;
  events: readonly TimelineEntry[];
  /** `data-testid` of the list. */
  testId: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="mt-3" data-testid={testId}>
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
  );
}
