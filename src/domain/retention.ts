import { NEWSLETTER_CONFIRM_DAYS } from './newsletter.js';

/**
 * How long the shop keeps records that have done their work, pruned once a day by the housekeeping
 * job (src/server/modules/maintenance). Orders, users, products, recipes, contact messages and
 * confirmed or unsubscribed newsletter sign-ups are business records and are never pruned; orders lose
 * their personal fields after ORDER_RETENTION_YEARS (decision 0043).
 */
export const RETENTION_DAYS = {
  /** Sessions past their expiry: nothing can use them any more; a week for support questions. */
  expiredSessions: 7,
  /** E-mailed account links (reset, confirmation) past their expiry, used or not: they open nothing. */
  expiredAccountLinks: 7,
  /** Payment provider events already applied: Stripe retries an event for up to 3 days. */
  processedEvents: 30,
  /**
   * E-mails sent, stored (no mail server), given up on, or unconfirmed (never sent again, see
   * FINISHED_EMAIL_STATUSES): their text is personal data.
   */
  finishedEmails: 90,
  /**
   * Background jobs finished or given up on. Refund jobs are not pruned: the record of a refund is its
   * `order_refunds` row (decision 0022), and its job, keyed by the refund's idempotency key, stays
   * beside it as the history of its sending (attempts, last error).
   */
  finishedJobs: 90,
  /**
   * Stored images nothing refers to any more (a replaced or deleted product's, decision 0030),
   * counted from when garbage collection first found them unreferenced, and never one stored more
   * recently: a page or answer cached for up to a day may still show it, and an upload whose
   * product is being saved is not referred to yet. One day, plus a day of margin.
   */
  unreferencedImages: 2,
  /**
   * Newsletter sign-ups never confirmed, counted from their latest confirmation link: once it has
   * expired, an address somebody typed into the banner is all that is left, and its owner never
   * agreed to anything (decision 0042).
   */
  pendingNewsletterSignups: NEWSLETTER_CONFIRM_DAYS,
  /**
   * Real-user Web Vitals' daily histograms (decision 0072): the report reads 28 days; a season to
   * compare with. They hold no personal data.
   */
  webVitalDays: 90,
} as const;

/**
 * Outbox statuses that are done with. `pending` is still to be sent and `sending` is in a worker's
 * hands (or awaits recovery): neither is ever pruned, however old.
 */
export const FINISHED_EMAIL_STATUSES = ['sent', 'stored', 'failed', 'unconfirmed', 'withdrawn'] as const;

/** The housekeeping job runs daily at this hour (UTC): 04:00 in Toronto, 01:00 in Vancouver (EDT). */
export const HOUSEKEEPING_HOUR_UTC = 8;

/** The next run strictly after `now`: today at HOUSEKEEPING_HOUR_UTC if that is still ahead, else tomorrow. */
export function nextHousekeepingRun(now: Date): Date {
  const next = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), HOUSEKEEPING_HOUR_UTC),
  );
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * ORDER_RETENTION_YEARS' default: the CRA asks for the records of a sale for six years from the end
 * of the tax year it falls in, so an order is at most seven years old when that ends (decision 0043).
 */
export const DEFAULT_ORDER_RETENTION_YEARS = 7;

/** Orders placed before this time have been kept `years` and lose their personal fields. */
export function orderRetentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}
