import { Link } from 'react-router';
import { subscriptionLines, type Cart } from '../../../../domain/cart';
import { dollarsToCents, formatPrice } from '../../../../domain/money';
import { CheckoutCard } from './checkout-frame';

/**
 * What a subscription in the cart means, before anything is paid (decision 0056): what is charged
 * today, what renews, how often, at what price and how to cancel; and the box the shopper ticks to
 * agree. Shown on the shipping step; Proceed to Payment waits for the tick.
 */
export function SubscriptionTerms({
  cart,
  totalCents,
  accepted,
  onAcceptedChange,
}: {
  cart: Cart;
  /** what today's order costs, shipping and tax included */
  totalCents: number;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}) {
  const lines = subscriptionLines(cart);
  if (lines.length === 0) return null;
  return (
    <CheckoutCard title="Your subscription" id="subscription-terms-title">
      <div className="space-y-3 text-sm text-ink" data-testid="subscription-terms">
        <p>
          <strong>{`Charged today: ${formatPrice(totalCents)}`}</strong>
          {' for this order, subscription included.'}
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {lines.map((item) => (
            <li key={item.id}>
              {`${item.quantity} × ${item.name}, every ${item.subscription!.interval_weeks} weeks, at ${formatPrice(dollarsToCents(item.price))} each today`}
            </li>
          ))}
        </ul>
        <p>
          Each delivery after this one is charged automatically to the card you pay with now, at that day's
          prices less your subscribe-and-save discount, plus shipping and tax. We e-mail you 3 days before
          each one.
        </p>
        <p>
          Skip, pause or cancel anytime from{' '}
          <Link to="/profile" className="font-semibold text-maple-dark underline-offset-4 hover:underline">
            your account page
          </Link>
          .
        </p>
        <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-sand px-4 py-3">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => onAcceptedChange(event.target.checked)}
            className="mt-0.5 h-5 w-5 accent-cocoa"
            aria-describedby="subscription-terms-title"
          />
          <span className="font-semibold text-cocoa">
            I agree that my subscription renews automatically until I cancel it.
          </span>
        </label>
      </div>
    </CheckoutCard>
  );
}
