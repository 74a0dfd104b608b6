/**
 * Stock (decisions 0022 and 0039). A product's `stock` is how many units the shop can still sell: a
 * whole number, or null for made to order with no limit. Units in a checkout that is being paid are
 * held (taken out of `stock`) for the payment's lifetime and come back if it is not paid (decision
 * 0022).
 */

/** Below this many units left, shop pages say 'Only N left'. */
export const LOW_STOCK_THRESHOLD = 5;
/** The most an admin may enter: far above a bakery's shelf, far below any column's limit. */
export const MAX_STOCK = 1_000_000;

export const SOLD_OUT = 'Sold out';

/**
 * How long an unpaid checkout holds its units by default (PAYMENT_TTL_MINUTES on the server): the
 * minutes a shopper needs to pay, not half an hour for anyone to keep units from others (decision 0038).
 */
export const DEFAULT_PAYMENT_TTL_MINUTES = 10;

export function isSoldOut(stock: number | null | undefined): boolean {
  return stock === 0;
}

/** What a shop page says about the stock: 'Sold out', 'Only N left', or nothing. */
export function stockLabel(stock: number | null | undefined): string | null {
  if (stock === null || stock === undefined) return null;
  if (stock <= 0) return SOLD_OUT;
  if (stock < LOW_STOCK_THRESHOLD) return `Only ${stock} left`;
  return null;
}

/** schema.org availability, as the product's structured data says it. */
export function schemaAvailability(stock: number | null | undefined): string {
  return isSoldOut(stock) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock';
}

/** The 409 of create-payment-intent when a line asks for more than is left. */
export function notEnoughStockMessage(name: string, left: number): string {
  if (left <= 0) return `${name} is sold out. Please remove it from your cart to continue.`;
  return `Only ${left} of ${name} left. Please lower the quantity in your cart to continue.`;
}

/**
 * Why the count on hand changed, as the admin says it in 'Adjust stock' (decision 0039). Received adds
 * units, spoiled and damaged take them away, the other two may go either way.
 */
export const STOCK_REASONS = ['received', 'spoiled', 'damaged', 'count_correction', 'other'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received',
  spoiled: 'Spoiled',
  damaged: 'Damaged',
  count_correction: 'Count correction',
  other: 'Other',
};

/** The sign a reason's change must have: +1 adds, -1 takes away, 0 either. */
export const STOCK_REASON_SIGN: Record<StockReason, 1 | -1 | 0> = {
  received: 1,
  spoiled: -1,
  damaged: -1,
  count_correction: 0,
  other: 0,
};

/** The longest note an adjustment keeps. */
export const STOCK_NOTE_MAX = 500;

/** Why an adjustment of `delta` for `reason` cannot be taken as it is (null when it can). */
export function adjustmentProblem(delta: number, reason: StockReason, note: string | null): string | null {
  const sign = STOCK_REASON_SIGN[reason];
  if (sign === 1 && delta < 0) return 'Received adds units: enter a positive number, e.g. +24.';
  if (sign === -1 && delta > 0) {
    return `${STOCK_REASON_LABELS[reason]} takes units away: enter a negative number, e.g. -6.`;
  }
  if (reason === 'other' && !note) return 'Please say in the note what happened.';
  return null;
}

/** '+24', '-6': a change of the count as the history shows it. */
export function signedUnits(delta: number): string {
  return `${delta > 0 ? '+' : delta < 0 ? '−' : ''}${Math.abs(delta).toLocaleString('en-CA')}`;
}

/**
 * The 409 of an absolute stock write whose form was opened before the count changed (decision 0039):
 * what is on hand now, so the admin can see the difference.
 */
export function staleStockMessage(onHand: number | null, held: number): string {
  const now =
    onHand === null
      ? 'it is made to order now'
      : `${onHand.toLocaleString('en-CA')} on hand now${
          held > 0
            ? ` (${(onHand - held).toLocaleString('en-CA')} available, ${held.toLocaleString('en-CA')} held in checkouts)`
            : ''
        }`;
  return `The stock has changed since you opened this form: ${now}. Reload and try again.`;
}

/** The 409 of a take-away larger than what is on hand. */
export function notEnoughOnHandMessage(name: string, available: number, held: number, asked: number): string {
  const onHand = available + held;
  const parts =
    held > 0
      ? ` (${available.toLocaleString('en-CA')} available, ${held.toLocaleString('en-CA')} held in checkouts)`
      : '';
  return `Only ${onHand.toLocaleString('en-CA')} of ${name} on hand${parts}: ${asked.toLocaleString('en-CA')} cannot be taken away.`;
}
