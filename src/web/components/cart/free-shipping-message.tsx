import { Truck } from 'lucide-react';
import { centsToDollars, dollarsToCents, formatPrice, formatPriceShort } from '../../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, freeShippingProgress } from '../../../domain/free-shipping';

/**
 * The cart's free-shipping line (docs/product.md, Cart): what is missing below the threshold, or that
 * it is free, above a bar filled by the subtotal out of the threshold (decision 0052).
 */
export function FreeShippingMessage({ subtotal }: { subtotal: number }) {
  const cents = dollarsToCents(subtotal);
  const progress = freeShippingProgress(cents);
  const filled = Math.min(cents, FREE_SHIPPING_THRESHOLD_CENTS);
  const threshold = formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS);
  return (
    <div className="space-y-2.5 rounded-2xl bg-sand px-4 py-3">
      <p className="flex items-start gap-2 text-sm text-cocoa">
        <Truck className="mt-0.5 h-4 w-4 shrink-0 text-forest" aria-hidden="true" />
        {progress.qualifies ? (
          <span data-testid="free-shipping">We got you! Shipping for this order on us.</span>
        ) : (
          <span data-testid="free-shipping">
            {`Shipping on us for orders over ${threshold}.`}{' '}
            <strong>{`Add ${formatPriceShort(progress.remainingDollars * 100)} more to get it.`}</strong>
          </span>
        )}
      </p>
      <div
        role="progressbar"
        aria-label="Free shipping progress"
        aria-valuemin={0}
        aria-valuemax={centsToDollars(FREE_SHIPPING_THRESHOLD_CENTS)}
        aria-valuenow={centsToDollars(filled)}
        aria-valuetext={`${formatPrice(filled)} of ${threshold}`}
        className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-beige"
      >
        <div
          className="h-full rounded-full bg-forest transition-[width] duration-300"
          style={{ width: `${(filled / FREE_SHIPPING_THRESHOLD_CENTS) * 100}%` }}
        />
      </div>
    </div>
  );
}
