/**
 * Stock (issue 16). A product's `stock` is how many units the shop can still sell: a whole number,
 * or null for made to order with no limit. Units in a checkout that is being paid are held (taken
 * out of `stock`) for the payment's lifetime and come back if it is not paid (decision 0022).
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
