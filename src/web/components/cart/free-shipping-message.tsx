import { Truck } from 'lucide-react';
import { dollarsToCents, formatPriceShort } from '../../../domain/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, freeShippingProgress } from '../../../domain/pricing';

/** The drawer's free-shipping line: what is missing below the threshold, or that it is free. */
export function FreeShippingMessage({ subtotal }: { subtotal: number }) {
  const progress = freeShippingProgress(dollarsToCents(subtotal));
  return (
    <p
      className="flex items-start gap-2 rounded-2xl bg-sand px-4 py-3 text-sm text-cocoa"
      data-testid="free-shipping"
    >
      <Truck className="mt-0.5 h-4 w-4 shrink-0 text-forest" aria-hidden="true" />
      {progress.qualifies ? (
        <span>We got you! Shipping for this order on us.</span>
      ) : (
        <span>
          {`Shipping on us for orders over ${formatPriceShort(FREE_SHIPPING_THRESHOLD_CENTS)}.`}{' '}
          <strong>Add ${progress.remainingDollars} more to get it.</strong>
        </span>
      )}
    </p>
  );
}
