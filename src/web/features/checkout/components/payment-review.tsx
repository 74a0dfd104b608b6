import { Link } from 'react-router';
import { GROUND_SHIPPING, type ShippingInfo } from '../../../../domain/checkout';
import { formatPrice } from '../../../../domain/money';
import { AddressBlock, shippingInfoAddress } from '../../../components/checkout/address-block';
import { CheckoutCard } from './checkout-frame';

/** The payment step's review: where the order ships and how, each with its way back to change it. */
export function PaymentReview({ info, shippingCents }: { info: ShippingInfo; shippingCents: number }) {
  return (
    <CheckoutCard title="Review" id="review-title">
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Ship to</h3>
            <Link to="/checkout" className="text-sm font-semibold text-maple-dark hover:underline">
              Change<span className="sr-only"> address</span>
            </Link>
          </div>
          <div className="mt-2">
            <AddressBlock address={shippingInfoAddress(info)} testId="payment-ship-to" />
          </div>
        </div>
        <div>
          <div className="flex items-center justify-between gap-3">
            <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">
              Shipping method
            </h3>
            <Link to="/checkout/shipping" className="text-sm font-semibold text-maple-dark hover:underline">
              Change<span className="sr-only"> shipping method</span>
            </Link>
          </div>
          <p className="mt-2 text-sm text-ink">{GROUND_SHIPPING}</p>
          <p className="text-sm font-semibold text-cocoa" data-testid="payment-shipping-cost">
            {shippingCents === 0 ? 'Free' : formatPrice(shippingCents)}
          </p>
        </div>
      </div>
    </CheckoutCard>
  );
}
