import { dollarsToCents, formatPrice } from '../../../domain/money';
import type { CartItem } from '../../../domain/cart';

/** Under a subscription line's name: how often it renews, and the one-time price it saves on. */
export function SubscriptionNote({ item }: { item: CartItem }) {
  if (!item.subscription) return null;
  const saves = item.regular_price !== undefined && item.regular_price > item.price;
  return (
    <p className="text-sm text-forest" data-testid="subscription-note">
      {`Subscription · every ${item.subscription.interval_weeks} weeks`}
      {saves && (
        <>
          {' · '}
          <span className="sr-only">One-time price </span>
          <s className="text-muted">{formatPrice(dollarsToCents(item.regular_price!))}</s>
        </>
      )}
    </p>
  );
}
