/**
 * Free shipping from $90 of products (docs/product.md, Prices, shipping and tax), apart from the
 * rest of pricing.ts: the cart drawer and every page's header read it, and the shop's shared script
 * chunk should not carry the checkout's shipping and tax rules with it (decision 0066).
 */

/** Orders of $90 or more ship free. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 9000;

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
