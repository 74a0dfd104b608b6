import { Link } from 'react-router';
import type { Failure } from '../payment-machine';
import { checkoutTexts } from '../texts';

/**
 * What the payment step says when a payment did not end in an order (payment-machine.ts): that it
 * is checking (never inviting a second payment), that the payment expired, or what went wrong.
 */
export function PaymentFailure({ failure }: { failure: NonNullable<Failure> }) {
  if (failure.kind === 'checking') {
    return (
      <div
        role="status"
        className="mt-5 flex items-center gap-3 rounded-2xl bg-sand px-4 py-3 text-sm font-medium text-cocoa"
      >
        <span
          aria-hidden="true"
          className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-beige border-t-maple motion-reduce:animate-none"
        />
        <p>{failure.message} Please stay on this page; do not pay again.</p>
      </div>
    );
  }
  if (failure.kind === 'expired') {
    return (
      <p
        role="alert"
        className="mt-5 rounded-2xl bg-sand px-4 py-3 text-sm font-medium text-cocoa ring-1 ring-beige"
        data-testid="payment-expired"
      >
        {failure.message}
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="mt-5 rounded-2xl bg-danger/5 px-4 py-3 text-sm font-medium text-danger ring-1 ring-danger/30"
    >
      {failure.message && <p>{failure.message}</p>}
      {failure.kind === 'payment' && <p>{checkoutTexts.paymentFailed}</p>}
      {failure.kind === 'stock' && (
        <p className="mt-1">
          <Link to="/cart" className="font-semibold underline">
            Review your cart
          </Link>
        </p>
      )}
      {failure.kind === 'unknown' && (
        <p className="text-ink">
          We could not confirm your payment yet. Please do not pay again: if it went through, your order will
          appear under Recent Orders on your{' '}
          <Link to="/profile" className="font-semibold underline">
            account page
          </Link>{' '}
          within a few minutes.
        </p>
      )}
    </div>
  );
}
