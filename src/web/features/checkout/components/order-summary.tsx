import { lineKey, type CartItem } from '../../../../domain/cart';
import { SubscriptionNote } from '../../../components/cart/subscription-note';
import { thumbnailUrl } from '../../../../domain/images';
import { dollarsToCents, formatPrice } from '../../../../domain/money';
import type { CheckoutTotals } from '../../../../domain/pricing';
import { taxRows } from '../../../../domain/tax';
import { checkoutTexts } from '../texts';

/**
 * How the shipping line reads: priced, still 'Calculating...', or not known yet because
 * the address has not been entered.
 */
export type ShippingDisplay = 'priced' | 'calculating' | 'unknown';

/** The order summary of the checkout pages: the items, subtotal, shipping, tax and total. */
export function OrderSummary({
  items,
  totals,
  shipping,
}: {
  items: readonly CartItem[];
  totals: CheckoutTotals;
  shipping: ShippingDisplay;
}) {
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  const shippingText =
    shipping === 'calculating'
      ? checkoutTexts.calculating
      : shipping === 'unknown'
        ? 'Calculated at the next step'
        : totals.shippingCents === 0
          ? 'Free'
          : formatPrice(totals.shippingCents);
  const total =
    shipping === 'calculating'
      ? checkoutTexts.calculating
      : formatPrice(shipping === 'unknown' ? totals.subtotalCents + totals.taxCents : totals.totalCents);

  return (
    <aside
      aria-labelledby="order-summary-title"
      className="h-fit rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige lg:sticky lg:top-28"
    >
      <h2 id="order-summary-title" className="font-display text-2xl font-semibold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-beige" aria-label="Items">
        {items.map((item) => (
          <li key={lineKey(item)} className="flex items-center gap-3 py-3" data-testid="summary-line">
            <div className="relative shrink-0">
              {item.image_url ? (
                <img
                  src={thumbnailUrl(item.image_url)}
                  alt=""
                  width={56}
                  height={56}
                  className="h-14 w-14 rounded-xl bg-sand object-cover"
                />
              ) : (
                <span className="block h-14 w-14 rounded-xl bg-sand" />
              )}
              <span
                aria-hidden="true"
                className="absolute -top-2 -right-2 grid h-6 min-w-6 place-items-center rounded-full bg-cocoa px-1.5 text-xs font-semibold text-cream"
              >
                {item.quantity}
              </span>
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-cocoa">{item.name}</p>
              <SubscriptionNote item={item} />
              <p className="text-muted">
                Qty {item.quantity} × {formatPrice(dollarsToCents(item.price))}
              </p>
            </div>
            <p className="text-sm font-semibold text-cocoa tabular-nums">
              {formatPrice(dollarsToCents(item.totalPrice))}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-beige pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt>
            Subtotal ({quantity} {quantity === 1 ? 'item' : 'items'})
          </dt>
          <dd className="tabular-nums" data-testid="summary-subtotal">
            {formatPrice(totals.subtotalCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd className="text-right tabular-nums" data-testid="summary-shipping">
            {shippingText}
          </dd>
        </div>
        {taxRows(totals.taxes).map((row) => (
          <div key={row.key} className="flex justify-between gap-4">
            <dt>{row.label}</dt>
            <dd className="tabular-nums" data-testid="summary-tax">
              {formatPrice(row.amountCents)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-beige pt-3 text-base font-semibold text-cocoa">
          <dt>{shipping === 'unknown' ? 'Total before shipping' : 'Total'}</dt>
          <dd className="tabular-nums" data-testid="summary-total">
            {total}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-muted">All prices in Canadian dollars (CAD).</p>
    </aside>
  );
}
