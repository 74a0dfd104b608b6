/**
 * The subscription schedule in Vancouver's calendar (docs/product.md, Subscriptions; decision 0056):
 * renewals fall due at RENEWAL_HOUR on their day, so a subscription keeps its weekday and its
 * morning across daylight saving time and month ends. Apart from subscriptions.ts so the storefront's
 * cart, which needs only the prices, does not load the date formatting.
 */
import { DUNNING_RETRY_DAYS, type IntervalWeeks } from './subscriptions.js';

/** Renewals fall due at 9 a.m. in Vancouver, when the kitchen is open to answer. */
export const RENEWAL_HOUR = 9;
/** The shop's time zone: renewal days are Vancouver's days. */
export const SHOP_TIME_ZONE = 'America/Vancouver';
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
