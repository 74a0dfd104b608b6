import { dollarsToCents, formatPrice } from '../../../domain/money';
import type { Order } from '../../../domain/orders';
import { rateFromFraction, taxRows } from '../../../domain/tax';

/** An order's items (prices arrive in cents) and its amounts (in dollars), as a receipt. */
export function OrderLines({ order }: { order: Order }) {
  // Each tax the order was charged (decision 0066); an order from before they were kept one by one
  // has its total alone. Amounts in cents from here on.
  const taxes: [string, number, string][] =
    order.taxes.length > 0 || order.tax_amount === 0
      ? taxRows(
          order.taxes.map((tax) => ({
            code: tax.code,
            rate: rateFromFraction(tax.rate),
            amountCents: dollarsToCents(tax.amount),
          })),
        ).map((row) => [row.label, row.amountCents, 'order-tax'])
      : [['Taxes', dollarsToCents(order.tax_amount), 'order-tax']];
  const rows: [string, number, string][] = [
    ['Subtotal', dollarsToCents(order.subtotal), 'order-subtotal'],
    ['Shipping', dollarsToCents(order.shipping_cost), 'order-shipping'],
    ...taxes,
  ];
  return (
    <div>
      <ul className="divide-y divide-beige" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-3" data-testid="order-item">
            <div className="min-w-0">
              <p className="font-semibold text-cocoa">{item.product_name}</p>
              <p className="text-sm text-muted">
                Qty {item.quantity} × {formatPrice(item.price)}
              </p>
            </div>
            <p className="font-semibold text-cocoa tabular-nums">{formatPrice(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-beige pt-4 text-sm">
        {rows.map(([label, cents, testId]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt>{label}</dt>
            <dd className="tabular-nums" data-testid={testId}>
              {label === 'Shipping' && cents === 0 ? 'Free' : formatPrice(cents)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-beige pt-3 text-base font-semibold text-cocoa">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="order-total">
            {formatPrice(dollarsToCents(order.total))}
          </dd>
        </div>
      </dl>
    </div>
  );
}
