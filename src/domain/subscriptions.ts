/**
 * Subscribe and save (docs/product.md, Subscriptions; decision 0056): the rules of a repeat delivery.
 * A subscription is a list of products and quantities, an interval of 2, 4, 6 or 8 weeks and the
 * date of its next order. Each renewal is a new order at that day's prices, less the product's
 * subscribe-and-save percentage, through the same place-order path as every other order.
 *
 * Dates are the shop's: a renewal is due at RENEWAL_HOUR in Vancouver on its day, so a subscription
 * keeps its weekday and its morning across daylight-saving changes and month ends.
 */

export const SUBSCRIPTION_INTERVALS = [2, 4, 6, 8] as const;
export type IntervalWeeks = (typeof SUBSCRIPTION_INTERVALS)[number];
export const DEFAULT_INTERVAL_WEEKS: IntervalWeeks = 4;
export const isIntervalWeeks = (value: number): value is IntervalWeeks =>
  (SUBSCRIPTION_INTERVALS as readonly number[]).includes(value);

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A declined renewal is tried again this many days after the first decline (Stripe's smart-retry
 * schedule in its simplest form); after the last one fails the subscription is past due.
 */
export const DUNNING_RETRY_DAYS = [1, 3, 5] as const;
/** A renewal whose every product is sold out waits a day at a time, this many days at most. */
export const OUT_OF_STOCK_WAIT_DAYS = 7;
/** The customer is reminded this many days before each renewal. */
export const REMINDER_DAYS_BEFORE = 3;
/** The highest subscribe-and-save percentage an owner may set on a product. */
export const MAX_SUBSCRIBE_SAVE_PERCENT = 50;
/** How long a second "Order now" answers the order the first one placed (a double click). */
export const ORDER_NOW_REPEAT_MINUTES = 10;

/** What a cart line (and a create-payment-intent item) says when it is a subscription. */
export interface SubscriptionChoice {
  interval_weeks: IntervalWeeks;
}

/** Whether a subscribed product goes out in a renewal: still sold, with enough units (null: made to order). */
export function deliverable(item: { isActive: boolean; stock: number | null; quantity: number }): boolean {
  return item.isActive && (item.stock === null || item.stock >= item.quantity);
}

/** The subscription price of one unit: the price less the product's percentage, to the cent. */
export function subscriptionPriceCents(priceCents: number, percent: number): number {
  if (percent <= 0) return priceCents;
  return Math.round((priceCents * (100 - Math.min(percent, MAX_SUBSCRIBE_SAVE_PERCENT))) / 100);
}

/**
 * What the choice to subscribe is called wherever it is offered (the product page, the variety pack,
 * product cards): "Subscribe & save N%", or plain "Subscribe" when the product saves nothing.
 */
export function subscribeLabel(percent: number): string {
  return percent > 0 ? `Subscribe & save ${Math.min(percent, MAX_SUBSCRIBE_SAVE_PERCENT)}%` : 'Subscribe';
}

/** A unit's price for a line: the subscription price when the line is a subscription. */
export function linePriceCents(
  priceCents: number,
  percent: number,
  subscription: SubscriptionChoice | null | undefined,
): number {
  return subscription ? subscriptionPriceCents(priceCents, percent) : priceCents;
}
