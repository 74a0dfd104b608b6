import { dollarsToCents, formatPrice } from '../../../domain/money';
import {
  DEFAULT_INTERVAL_WEEKS,
  subscribeLabel,
  subscriptionPriceCents,
  type SubscriptionChoice,
} from '../../../domain/subscriptions';
import { IntervalSelect } from './purchase-options';

/**
 * A product card's compact form of the product page's One-time / Subscribe choice (decision 0056): a
 * box to tick, "Subscribe & save N%" with the subscription price, and the interval. Unticked is
 * one-time; choosing an interval is choosing Subscribe, as on the product page. Everything in it is
 * there from the first paint and only its state changes, so ticking it moves nothing on the card.
 */
export function SubscribeToggle({
  name,
  price,
  percent,
  value,
  onChange,
  className = '',
}: {
  /** The product's name, for the group's accessible name. */
  name: string;
  /** dollars */
  price: number;
  percent: number;
  value: SubscriptionChoice | null;
  onChange: (value: SubscriptionChoice | null) => void;
  className?: string;
}) {
  const weeks = value?.interval_weeks ?? DEFAULT_INTERVAL_WEEKS;
  return (
    <fieldset className={`border-t border-beige pt-1 text-sm ${className}`} data-testid="card-subscribe">
      <legend className="sr-only">{`How to buy ${name}`}</legend>
      <label className="flex min-h-9 cursor-pointer items-center gap-2 font-semibold text-cocoa">
        <input
          type="checkbox"
          checked={Boolean(value)}
          onChange={(event) => onChange(event.target.checked ? { interval_weeks: weeks } : null)}
          className="h-4 w-4 shrink-0 accent-cocoa"
        />
        {subscribeLabel(percent)}
      </label>
      {/* "$31.49 every 4 weeks": what a delivery costs, and how often. */}
      <div className="flex flex-wrap items-center gap-x-1 gap-y-1 text-[0.8125rem] text-muted">
        <span className="font-semibold text-forest tabular-nums">
          {formatPrice(subscriptionPriceCents(dollarsToCents(price), percent))}
        </span>
        <span aria-hidden="true">every</span>
        <IntervalSelect
          weeks={weeks}
          onChange={onChange}
          label="Deliver every"
          className="min-h-8 pr-1 pl-1.5"
        />
      </div>
    </fieldset>
  );
}
