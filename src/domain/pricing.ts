import { BURNABY_FSAS, forwardSortationArea, VANCOUVER_FSAS } from './shipping-areas.js';

/**
 * Prices, shipping and tax (docs/product.md, Prices, shipping and tax), in integer cents. The cart,
 * checkout and the server's order creation all compute with these functions.
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

/** Where an order ships, as far as its price is concerned. */
export interface ShippingDestination {
  city: string;
  postalCode: string;
}

/** The ground shipping rates by city: Vancouver, Burnaby or Brentwood, anywhere else. */
export const SHIPPING_RATES_CENTS = { vancouver: 500, burnaby: 800, elsewhere: 1500 } as const;

/**
 * Ground shipping by city: Vancouver $5, Burnaby or Brentwood $8, anywhere else $15. A
 * city's rate needs a postal code of that city (shipping-areas.ts): 'Vancouver' with a Toronto code
 * pays the 'other cities' rate (decision 0022).
 */
export function cityShippingCents({ city, postalCode }: ShippingDestination): number {
  const name = city.trim().toLowerCase().replace(/\s+/g, ' ');
  const area = forwardSortationArea(postalCode);
  if (name === 'vancouver' && VANCOUVER_FSAS.has(area)) return SHIPPING_RATES_CENTS.vancouver;
  if ((name === 'burnaby' || name === 'brentwood') && BURNABY_FSAS.has(area)) {
    return SHIPPING_RATES_CENTS.burnaby;
  }
  return SHIPPING_RATES_CENTS.elsewhere;
}

/**
 * Shipping for a checkout: free from $90 of products or for the configured free-shipping account
 * (docs/product.md, Prices, shipping and tax), else the city's rate.
 */
export function shippingCents(
  subtotalCents: number,
  destination: ShippingDestination,
  freeShipping = false,
): number {
  if (freeShipping || subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  return cityShippingCents(destination);
}

export interface PricedLine {
  priceCents: number;
  quantity: number;
}

export interface CheckoutTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The most one order may come to: $50,000. Past it the checkout is refused with 400 before anything
 * is written, so no total can outgrow its column (3 products at the highest price × 99
 * overflowed a 32-bit column and answered 500).
 */
export const MAX_ORDER_TOTAL_CENTS = 5_000_000;

/** Subtotal, shipping, tax (5% of the products) and total = subtotal + shipping + tax, in cents. */
export function checkoutTotals(
  lines: readonly PricedLine[],
  destination: ShippingDestination,
  freeShipping = false,
): CheckoutTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shipping = shippingCents(subtotal, destination, freeShipping);
  const tax = taxCents(subtotal);
  return {
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: subtotal + shipping + tax,
  };
}

/**
 * True when the signed-in shopper's account is the configured free-shipping address, and that
 * address is verified: anyone can type it into their profile, only its owner can confirm it
 * (decision 0021).
 */
export function isFreeShippingAccount(
  account: { email: string; emailVerified?: boolean | undefined } | null | undefined,
  freeShippingEmail: string | null | undefined,
) {
  return Boolean(
    account?.emailVerified === true &&
    freeShippingEmail &&
    account.email.trim().toLowerCase() === freeShippingEmail.trim().toLowerCase(),
  );
}
