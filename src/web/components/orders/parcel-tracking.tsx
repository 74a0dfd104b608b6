import { ExternalLink } from 'lucide-react';
import type { Order } from '../../../domain/orders';

type Tracked = Pick<Order, 'carrier' | 'tracking_number' | 'tracking_url'>;

/** Whether the order has shipping details to show (a carrier, a number, or both). */
export const hasTracking = (order: Tracked) => Boolean(order.carrier || order.tracking_number);

/**
 * The carrier's tracking page, in a new tab (decision 0023). Opened with noopener and without a
 * referrer: the carrier learns nothing of the shop's page, nor the order's number in its address.
 */
export function TrackingLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
    </a>
  );
}

/**
 * An order's parcel for its customer (decision 0023): the carrier, the tracking number and a 'Track
 * your parcel' link to the carrier's page when the carrier has one ('Other' has none: the number
 * alone).
 */
export function ParcelTracking({ order, compact = false }: { order: Tracked; compact?: boolean }) {
  if (!hasTracking(order)) return null;
  return (
    <div data-testid="parcel-tracking">
      <dl
        className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm ${compact ? '' : 'leading-relaxed'}`}
      >
        {order.carrier && (
          <>
            <dt className="text-muted">Carrier</dt>
            <dd className="font-semibold text-cocoa" data-testid="parcel-carrier">
              {order.carrier}
            </dd>
          </>
        )}
        {order.tracking_number && (
          <>
            <dt className="text-muted">Tracking number</dt>
            <dd className="font-mono break-all text-ink" data-testid="parcel-number">
              {order.tracking_number}
            </dd>
          </>
        )}
      </dl>
      {order.tracking_url && (
        <TrackingLink
          href={order.tracking_url}
          className={
            compact
              ? 'mt-1 -mb-3 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-maple-dark underline underline-offset-4 hover:text-maple'
              : 'btn-accent mt-5 w-full gap-2 sm:w-auto'
          }
        >
          Track your parcel
        </TrackingLink>
      )}
    </div>
  );
}
