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

/** The shop's time zone: renewal days are Vancouver's days. */
export const SHOP_TIME_ZONE = 'America/Vancouver';
/** Renewals fall due at 9 a.m. in Vancouver, when the kitchen is open to answer. */
export const RENEWAL_HOUR = 9;

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

export const subscriptionMessages = {
  notFound: 'Subscription not found.',
  termsRequired:
    'Please confirm that you agree to the subscription terms: it renews automatically until you cancel.',
  canceled: 'This subscription is cancelled.',
  notActive: 'Only an active subscription can do that. Resume it first.',
  notPaused: 'This subscription is not paused.',
  alreadyCanceled: 'This subscription is already cancelled.',
  pauseInPast: 'Please choose a date after today to resume on.',
  pauseTooFar: 'A subscription can be paused for up to a year at a time.',
  nothingToChange: 'Send at least one field to change.',
  noItems: 'A subscription needs at least one product.',
  productUnavailable: 'That product cannot be subscribed to.',
  swapOutsideCategory: 'A flavour can be swapped only for another product of the same category.',
  noCard: 'This subscription has no saved card. Please update the card first.',
  nothingInStock: 'Everything in this subscription is sold out for now. We will try again tomorrow.',
} as const;

/** What a cart line (and a create-payment-intent item) says when it is a subscription. */
export interface SubscriptionChoice {
  interval_weeks: IntervalWeeks;
}

/** The subscription price of one unit: the price less the product's percentage, to the cent. */
export function subscriptionPriceCents(priceCents: number, percent: number): number {
  if (percent <= 0) return priceCents;
  return Math.round((priceCents * (100 - Math.min(percent, MAX_SUBSCRIBE_SAVE_PERCENT))) / 100);
}

/** A unit's price for a line: the subscription price when the line is a subscription. */
export function linePriceCents(
  priceCents: number,
  percent: number,
  subscription: SubscriptionChoice | null | undefined,
): number {
  return subscription ? subscriptionPriceCents(priceCents, percent) : priceCents;
}

// ---- Dates: Vancouver's calendar ----

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: 'longOffset',
});

/** The day in Vancouver at an instant, as YYYY-MM-DD. */
export function shopDate(instant: Date): string {
  return dateParts.format(instant);
}

/** Vancouver's offset from UTC at an instant, in minutes (-420 in summer, -480 in winter). */
function offsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The instant of `hour`:00 in Vancouver on a YYYY-MM-DD day. */
export function shopInstant(day: string, hour = RENEWAL_HOUR): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour);
  // The offset at the guess, then at the answer (they differ only across a change at that hour).
  const first = asUtc - offsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - offsetMinutes(new Date(first)) * 60_000);
}

/** A YYYY-MM-DD day plus some days (calendar days: month and year ends included). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The renewal this many days after an instant's day, at the renewal hour. */
export function renewalAfter(from: Date, days: number): Date {
  return shopInstant(addDays(shopDate(from), days));
}

/** The first renewal of a subscription ordered at `orderedAt`. */
export function firstRenewalAt(orderedAt: Date, intervalWeeks: IntervalWeeks): Date {
  return renewalAfter(orderedAt, intervalWeeks * 7);
}

/** The renewal after one placed (or skipped) on `due`: one interval later. */
export function nextRenewalAt(due: Date, intervalWeeks: IntervalWeeks): Date {
  return renewalAfter(due, intervalWeeks * 7);
}

/** The earliest a moved renewal may fall: tomorrow morning, so a change never orders at once. */
export function earliestRenewal(now: Date): Date {
  return renewalAfter(now, 1);
}

/**
 * After a change of interval: the last order (or the start) plus the new interval, and never before
 * tomorrow morning.
 */
export function afterIntervalChange(lastOrderAt: Date, intervalWeeks: IntervalWeeks, now: Date): Date {
  const next = renewalAfter(lastOrderAt, intervalWeeks * 7);
  const earliest = earliestRenewal(now);
  return next < earliest ? earliest : next;
}

/**
 * When a paused subscription orders again on resuming: its next date if that is still ahead, else
 * tomorrow morning (a subscription that was due while paused does not order the moment it resumes).
 */
export function afterResume(nextOrderAt: Date, now: Date): Date {
  const earliest = earliestRenewal(now);
  return nextOrderAt < earliest ? earliest : nextOrderAt;
}

/**
 * The dunning schedule: when to try again after a decline, counted from the first decline of the
 * cycle; null once the retries are spent (the subscription is then past due).
 */
export function dunningRetryAt(firstDeclinedAt: Date, retriesMade: number): Date | null {
  const days = DUNNING_RETRY_DAYS[retriesMade];
  return days === undefined ? null : renewalAfter(firstDeclinedAt, days);
}

/** The latest a pause may run to. */
export function latestPauseEnd(now: Date): Date {
  return renewalAfter(now, 366);
}
