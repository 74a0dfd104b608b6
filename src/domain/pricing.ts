/**
 * Prices, shipping and tax (SPEC §9), in integer cents. The cart, checkout and the server's order
 * creation all compute with these functions.
 */

/** Orders of $90 or more ship free. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 9000;
/** GST: 5% of the cart total; the second tax rate is 0. */
export const TAX_RATE = 0.05;

/** Tax on a subtotal, rounded to the nearest cent. */
export function taxCents(subtotalCents: number): number {
  return Math.round(subtotalCents * TAX_RATE);
}

export interface FreeShippingProgress {
  qualifies: boolean;
  /** cents still missing to reach the threshold (0 when it qualifies) */
  remainingCents: number;
  /** the missing amount in whole dollars, rounded up, as the drawer shows it */
  remainingDollars: number;
}

export function freeShippingProgress(subtotalCents: number): FreeShippingProgress {
  const remainingCents = Math.max(0, FREE_SHIPPING_THRESHOLD_CENTS - subtotalCents);
  return {
    qualifies: remainingCents === 0,
    remainingCents,
    remainingDollars: Math.ceil(remainingCents / 100),
  };
}
