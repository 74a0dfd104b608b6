/**
 * The owner's numbers of subscribe and save (decision 0057): monthly recurring revenue, churn, and
 * the renewals the kitchen bakes for. Pure rules; the Overview and the production plan read the
 * rows and apply them.
 */
import { subscriptionPriceCents, type SubscriptionStatus } from './subscriptions.js';

/** The Overview's and the production plan's horizon: renewals due within this many days. */
export const RENEWAL_HORIZON_DAYS = 7;
/** Churn is counted over this many days. */
export const CHURN_WINDOW_DAYS = 30;
/** A month is a twelfth of a 52-week year: a subscription every n weeks orders 52 / 12 / n times a month. */
export const WEEKS_PER_YEAR = 52;

const DAY_MS = 86_400_000;

/** One subscription line priced today: its product's price, percentage and whether it is on sale. */
export interface PricedLine {
  priceCents: number;
  percent: number;
  quantity: number;
  /** A hidden product is left out of every renewal (decision 0056), so it earns nothing. */
  onSale: boolean;
}

/**
 * A renewal's subtotal at today's subscription prices: every line of a product on sale, sold out
 * or not (a sold-out product waits for its stock; it is still owed), before shipping and tax.
 */
export function renewalSubtotalCents(lines: readonly PricedLine[]): number {
  return lines
    .filter((line) => line.onSale)
    .reduce((sum, line) => sum + subscriptionPriceCents(line.priceCents, line.percent) * line.quantity, 0);
}

/**
 * Monthly recurring revenue in cents: over the active subscriptions, each renewal's subtotal times
 * the renewals a month brings (52 / 12 / interval_weeks), summed, then rounded to the cent once.
 */
export function monthlyRecurringCents(
  subscriptions: readonly { subtotalCents: number; intervalWeeks: number }[],
): number {
  const exact = subscriptions.reduce(
    (sum, s) => (s.intervalWeeks > 0 ? sum + (s.subtotalCents * WEEKS_PER_YEAR) / 12 / s.intervalWeeks : sum),
    0,
  );
  return Math.round(exact);
}

/**
 * Churn over a window, as a percentage to one decimal: the subscriptions cancelled in it over those
 * live (not cancelled) at its start; 0 when none were live at the start.
 */
export function churnPercent(canceled: number, liveAtStart: number): number {
  if (!(liveAtStart > 0) || !(canceled > 0)) return 0;
  return Math.round((canceled / liveAtStart) * 1000) / 10;
}

/** The end of the horizon from `now`: renewals due before it are counted (7 renewal mornings). */
export function renewalHorizonEnd(now: Date, days = RENEWAL_HORIZON_DAYS): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** The start of the churn window. */
export function churnWindowStart(now: Date, days = CHURN_WINDOW_DAYS): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Whether a subscription orders before `end`: an active one whose next date is before it (a date
 * already past is an order still to come: a retry, a sold-out wait), or one paused until a day before
 * it whose next date is before it too (it resumes on its own, then orders). Past due and cancelled
 * ones order nothing; a pause without an end waits for the customer.
 */
export function renewsBefore(
  subscription: { status: SubscriptionStatus; nextOrderAt: Date; pausedUntil: Date | null },
  end: Date,
): boolean {
  if (subscription.nextOrderAt >= end) return false;
  if (subscription.status === 'active') return true;
  return (
    subscription.status === 'paused' && subscription.pausedUntil !== null && subscription.pausedUntil < end
  );
}

/** Units per product over the subscriptions that renew, products not on sale left out. */
export function unitsByProduct(
  lines: readonly { subscriptionId: number; productId: number; quantity: number; onSale: boolean }[],
  renewing: ReadonlySet<number>,
): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) {
    if (!line.onSale || !renewing.has(line.subscriptionId)) continue;
    units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  }
  return units;
}
