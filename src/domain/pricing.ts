import {
  BURNABY_FSAS,
  DEFAULT_SHIPPING_AREA,
  forwardSortationArea,
  VANCOUVER_FSAS,
  type ShippingArea,
} from './shipping-areas.js';
import {
  businessDay,
  DEFAULT_TAX_CLASS,
  orderTax,
  provinceCode,
  ratePercent,
  ratesOn,
  type Province,
  type TaxClass,
  type TaxCode,
} from './tax.js';

import { FREE_SHIPPING_THRESHOLD_CENTS } from './free-shipping.js';

/**
 * Prices, shipping and tax (docs/product.md, Prices, shipping and tax), in integer cents. The cart,
 * checkout and the server's order creation all compute with these functions. Free shipping's
 * threshold lives in free-shipping.ts, which every page reads.
 */

export {
  FREE_SHIPPING_THRESHOLD_CENTS,
  freeShippingProgress,
  type FreeShippingProgress,
} from './free-shipping.js';
/** Where a cart's tax is estimated before the shopper gives an address: the shop's own province. */
export const HOME_PROVINCE: Province = 'BC';

/** The sales tax of the shop's own province on taxable products, as the help pages name it: "5% GST". */
export function homeSalesTaxLabel(at: Date = new Date()): string {
  return ratesOn(HOME_PROVINCE, businessDay(at))
    .filter((rate) => rate.classes.includes(DEFAULT_TAX_CLASS))
    .map((rate) => `${ratePercent(rate.rate)} ${rate.code}`)
    .join(' and ');
}

/** Where an order ships, as far as its price is concerned. */
export interface ShippingDestination {
  city: string;
  postalCode: string;
  /** The province's name as the address form takes it; HOME_PROVINCE when not known yet. */
  state?: string | undefined;
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
 * Ground shipping to a destination: British Columbia's by city, another opened province's rate
 * (SHIPPING_RATES, decision 0068). A province without a rate (one the owner has since closed, for a
 * subscription's next delivery) pays the 'other cities' rate.
 */
export function destinationShippingCents(
  destination: ShippingDestination,
  area: ShippingArea = DEFAULT_SHIPPING_AREA,
): number {
  const province = (destination.state && provinceCode(destination.state)) || HOME_PROVINCE;
  if (province === 'BC') return cityShippingCents(destination);
  return area.rates[province] ?? SHIPPING_RATES_CENTS.elsewhere;
}

/**
 * Shipping for a checkout: free from $90 of products or for the configured free-shipping account
 * (docs/product.md, Prices, shipping and tax), else the destination's rate.
 */
export function shippingCents(
  subtotalCents: number,
  destination: ShippingDestination,
  freeShipping = false,
  area: ShippingArea = DEFAULT_SHIPPING_AREA,
): number {
  if (freeShipping || subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  return destinationShippingCents(destination, area);
}

export interface PricedLine {
  priceCents: number;
  quantity: number;
  /** The product's tax class (decision 0066); standard when not known. */
  taxClass?: TaxClass | undefined;
}

/** One tax an order is charged: its rate, and its amounts on the goods and on shipping, in cents. */
export interface ChargedTax {
  code: TaxCode;
  /** In thousandths of a percent (domain/tax.ts RATE_SCALE). */
  rate: number;
  goodsCents: number;
  shippingCents: number;
  amountCents: number;
}

export interface CheckoutTotals {
  subtotalCents: number;
  shippingCents: number;
  /** The sum of `taxes`. */
  taxCents: number;
  totalCents: number;
  /** The province taxed for. */
  province: Province;
  /** Each tax charged, in the order of domain/tax.ts TAX_RATES. */
  taxes: ChargedTax[];
  /** Per line (in the order given), its share of each tax. */
  lineTaxes: { code: TaxCode; amountCents: number }[][];
}

/** The settings pricing reads (docs/product.md, Prices, shipping and tax). */
export interface PricingSettings {
  /** The account that ships free (FREE_SHIPPING_EMAIL), when its address is confirmed. */
  freeShippingEmail: string | undefined;
  /** Shipping taxed like the goods it carries (TAX_SHIPPING, decision 0066). */
  taxShipping: boolean;
  /** Where the shop ships and at what rate (SHIPPING_PROVINCES, SHIPPING_RATES; decision 0068). */
  shippingArea: ShippingArea;
}

/** How tax is worked out beyond the cart and the address: settings and the day. */
export interface TaxOptions {
  /** Shipping taxed like the goods it carries (TAX_SHIPPING, decision 0066); off by default. */
  taxShipping?: boolean | undefined;
  /** When the order is priced: the rates in force that day (Vancouver time) apply. */
  at?: Date | undefined;
  /** The rates of the provinces beyond British Columbia (decision 0068). */
  shippingArea?: ShippingArea | undefined;
}

/**
 * The most one order may come to: $50,000. Past it the checkout is refused with 400 before anything
 * is written, so no total can outgrow its column (3 products at the highest price × 99
 * overflowed a 32-bit column and answered 500).
 */
export const MAX_ORDER_TOTAL_CENTS = 5_000_000;

/**
 * Subtotal, shipping, tax and total = subtotal + shipping + tax, in cents. Tax is each sales tax of
 * the destination's province that day, on the lines of the classes it applies to (domain/tax.ts):
 * GST 5% of the products for a British Columbia order of standard products, shipping untaxed unless
 * `taxShipping`.
 */
export function checkoutTotals(
  lines: readonly PricedLine[],
  destination: ShippingDestination,
  freeShipping = false,
  { taxShipping = false, at = new Date(), shippingArea = DEFAULT_SHIPPING_AREA }: TaxOptions = {},
): CheckoutTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shipping = shippingCents(subtotal, destination, freeShipping, shippingArea);
  const province = (destination.state && provinceCode(destination.state)) || HOME_PROVINCE;
  const tax = orderTax({
    province,
    day: businessDay(at),
    lines: lines.map((line) => ({
      amountCents: line.priceCents * line.quantity,
      taxClass: line.taxClass ?? DEFAULT_TAX_CLASS,
    })),
    shippingCents: shipping,
    taxShipping,
  });
  return {
    subtotalCents: subtotal,
    shippingCents: shipping,
    taxCents: tax.totalCents,
    totalCents: subtotal + shipping + tax.totalCents,
    province,
    taxes: tax.taxes.map(({ code, rate, amountCents }) => {
      const onShipping = tax.shipping.find((part) => part.code === code)?.amountCents ?? 0;
      return { code, rate, goodsCents: amountCents - onShipping, shippingCents: onShipping, amountCents };
    }),
    lineTaxes: tax.lines,
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
