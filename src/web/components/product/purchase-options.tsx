import { useId } from 'react';
import { dollarsToCents, formatPrice } from '../../../domain/money';
import {
  DEFAULT_INTERVAL_WEEKS,
  SUBSCRIPTION_INTERVALS,
  subscribeLabel,
  subscriptionPriceCents,
  type SubscriptionChoice,
} from '../../../domain/subscriptions';

/**
 * 'One-time purchase' or 'Subscribe' with a delivery interval (decision 0056): the subscription's
 * price when the product has a subscribe-and-save percentage. `value` null is one-time.
 */
export function PurchaseOptions({
  name,
  price,
  percent,
  value,
  onChange,
}: {
  /** The product's name, for the group's accessible name. */
  name: string;
  /** dollars */
  price: number;
  percent: number;
  value: SubscriptionChoice | null;
  onChange: (value: SubscriptionChoice | null) => void;
}) {
  // Its own radio group, whatever else the page offers.
  const group = useId();
  const regular = dollarsToCents(price);
  const weeks = value?.interval_weeks ?? DEFAULT_INTERVAL_WEEKS;
  const option = 'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm';
  const chosen = (on: boolean) => (on ? 'border-cocoa bg-white' : 'border-beige');
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{`How to buy ${name}`}</legend>
      <label className={`${option} ${chosen(!value)}`}>
        <input
          type="radio"
          name={group}
          checked={!value}
          onChange={() => onChange(null)}
          className="accent-cocoa"
        />
        <span className="flex-1 font-semibold">One-time purchase</span>
        <span>{formatPrice(regular)}</span>
      </label>
      <div className={`${option} flex-wrap ${chosen(Boolean(value))}`}>
        <label className="flex flex-1 cursor-pointer items-center gap-3">
          <input
            type="radio"
            name={group}
            checked={Boolean(value)}
            onChange={() => onChange({ interval_weeks: weeks })}
            className="accent-cocoa"
          />
          <span className="font-semibold">{subscribeLabel(percent)}</span>
        </label>
        <span>{formatPrice(subscriptionPriceCents(regular, percent))}</span>
        <label className="flex w-full items-center gap-2 pl-7 text-muted">
          Deliver every
          <IntervalSelect weeks={weeks} onChange={onChange} className="px-2" />
        </label>
        <p className="w-full pl-7 text-xs text-muted">
          Renews automatically. Skip, pause or cancel anytime from your account.
        </p>
      </div>
    </fieldset>
  );
}

/** The delivery interval, 2 to 8 weeks: choosing one is choosing Subscribe. */
export function IntervalSelect({
  weeks,
  onChange,
  className = '',
  label,
}: {
  weeks: SubscriptionChoice['interval_weeks'];
  onChange: (value: SubscriptionChoice) => void;
  className?: string;
  /** Its accessible name when no label element holds it. */
  label?: string;
}) {
  return (
    <select
      value={weeks}
      aria-label={label}
      onChange={(event) =>
        onChange({ interval_weeks: Number(event.target.value) as SubscriptionChoice['interval_weeks'] })
      }
      className={`rounded-lg border border-beige bg-white py-1 text-ink ${className}`}
    >
      {SUBSCRIPTION_INTERVALS.map((n) => (
        <option key={n} value={n}>{`${n} weeks`}</option>
      ))}
    </select>
  );
}
