import { dollarsToCents, formatPrice } from '../../../domain/money';
import type { Order, OrderRefund } from '../../../domain/orders';

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
const price = (dollars: number) => formatPrice(dollarsToCents(dollars));

const STATE_LABELS: Record<OrderRefund['status'], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};
const STATE_CLASSES: Record<OrderRefund['status'], string> = {
  pending: 'bg-sand text-cocoa ring-beige',
  succeeded: 'bg-white text-forest ring-forest/40',
  failed: 'bg-red-50 text-danger ring-danger/30',
};

/** 'Refunded $X of $Y': what has gone back to the card, of what was paid (decision 0022). */
export function refundedLine(order: Pick<Order, 'refunded' | 'total'>): string {
  return `Refunded ${price(order.refunded)} of ${price(order.total)}`;
}

/** The refunds a page lists: all for the admin, those that moved or are moving money for the customer. */
export function shownRefunds(order: Pick<Order, 'refunds'>, showFailed = false): OrderRefund[] {
  return showFailed ? order.refunds : order.refunds.filter((refund) => refund.status !== 'failed');
}

/**
 * An order's refunds, oldest first: date, reason, amount and state, then the refunded total (issue
 * 16). The customer's page leaves out refunds that failed (no money moved); the admin sees them all.
 */
export function OrderRefunds({
  order,
  showFailed = false,
  showTotal = true,
}: {
  order: Order;
  showFailed?: boolean;
  /** 'Refunded $X of $Y' under the list (the admin dialog shows it beside its heading instead) */
  showTotal?: boolean;
}) {
  const refunds = shownRefunds(order, showFailed);
  if (refunds.length === 0) return null;
  return (
    <div data-testid="order-refunds">
      <ul className="divide-y divide-beige" aria-label="Refunds">
        {refunds.map((refund) => (
          <li
            key={refund.id}
            className="flex items-start justify-between gap-4 py-3"
            data-testid="order-refund"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words text-cocoa">{refund.reason}</p>
              <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-muted">
                <time dateTime={refund.created_at}>{dateFormat.format(new Date(refund.created_at))}</time>
                {(refund.status !== 'succeeded' || showFailed) && (
                  <span
                    className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATE_CLASSES[refund.status]}`}
                  >
                    {STATE_LABELS[refund.status]}
                  </span>
                )}
              </p>
            </div>
            <p
              className={`shrink-0 font-semibold tabular-nums ${
                refund.status === 'failed' ? 'text-muted line-through' : 'text-cocoa'
              }`}
            >
              {price(refund.amount)}
            </p>
          </li>
        ))}
      </ul>
      {showTotal && (
        <p
          className="border-t border-beige pt-3 text-sm font-semibold text-cocoa"
          data-testid="order-refunded"
        >
          {refundedLine(order)}
        </p>
      )}
    </div>
  );
}
