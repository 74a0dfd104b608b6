/**
 * Sales tax (docs/product.md, Sales tax; decision 0066): the rates of Canada's sales taxes by
 * province as dated data, which of them apply to each tax class, and how an order's tax is worked
 * out, line by line and tax by tax, in integer cents.
 *
 * Sources (read 2026-11): Excise Tax Act s. 165 (GST 5%, HST in participating provinces), s. 165.2(2)
 * (a fraction of a cent of one half or more rounds up, less is dropped; CRA's interpretation 125136
 * allows rounding each tax on the total of a sale, consistently), Schedule VI Part III (basic
 * groceries zero-rated; snack foods and sweetened baked goods in small packages taxable; CRA GST/HST
 * Memorandum 4.3); Nova Scotia's HST 14% from 2025-04-01 (15% before); Revenu Québec (QST 9.975% on
 * the price, beside GST); BC's Provincial Sales Tax Act, Saskatchewan's PST and Manitoba's RST
 * (food for human consumption exempt). The rates are data: a change is one more dated row.
 */

import type { Province } from './provinces.js';
import type { TaxClass } from './tax-classes.js';

export { DEFAULT_TAX_CLASS, TAX_CLASSES, type TaxClass } from './tax-classes.js';

export const TAX_CLASS_LABELS: Record<TaxClass, { label: string; explanation: string }> = {
  standard: {
    label: 'Standard (taxable)',
    explanation:
      'GST or HST applies. Most snack foods: sweetened baked goods in packages of fewer than six single ' +
      'servings, granola and cereal bars, snack bars.',
  },
  zero_rated: {
    label: 'Zero-rated (basic groceries)',
    explanation:
      'Taxed at 0%: basic groceries, such as granola or cereal sold in bulk packages. Choose it only ' +
      "when CRA's guidance or a ruling says so for this product.",
  },
};

/** CRA's guidance on which foods are basic groceries (GST/HST Memorandum 4.3). */
export const BASIC_GROCERIES_GUIDANCE_URL =
  'https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/4-3/basic-groceries.html';

export { PROVINCE_CODES, PROVINCE_NAMES, provinceCode, type Province } from './provinces.js';

export const TAX_CODES = ['GST', 'HST', 'PST', 'QST', 'RST'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** Rates in thousandths of a percent (5% is 5000, 9.975% is 9975): whole numbers, exact sums. */
export const RATE_SCALE = 100_000;

export interface TaxRate {
  code: TaxCode;
  /** Where it applies. */
  provinces: readonly Province[];
  /** In thousandths of a percent (RATE_SCALE). */
  rate: number;
  /** The first day it applies (YYYY-MM-DD); the latest row on or before an order's day applies. */
  from: string;
  /** The tax classes it applies to; none when the province exempts food altogether. */
  classes: readonly TaxClass[];
}

const GST_PROVINCES = ['AB', 'BC', 'MB', 'NT', 'NU', 'QC', 'SK', 'YT'] as const;

/** Every rate the shop knows, with when it took effect. Newest rows win from their date on. */
export const TAX_RATES: readonly TaxRate[] = [
  { code: 'GST', provinces: GST_PROVINCES, rate: 5_000, from: '2008-01-01', classes: ['standard'] },
  { code: 'HST', provinces: ['ON'], rate: 13_000, from: '2010-07-01', classes: ['standard'] },
  { code: 'HST', provinces: ['NS'], rate: 15_000, from: '2010-07-01', classes: ['standard'] },
  { code: 'HST', provinces: ['NS'], rate: 14_000, from: '2025-04-01', classes: ['standard'] },
  { code: 'HST', provinces: ['NB', 'NL'], rate: 15_000, from: '2016-07-01', classes: ['standard'] },
  { code: 'HST', provinces: ['PE'], rate: 15_000, from: '2016-10-01', classes: ['standard'] },
  // QST follows GST's zero-rating of basic groceries; taxable snacks pay both.
  { code: 'QST', provinces: ['QC'], rate: 9_975, from: '2013-01-01', classes: ['standard'] },
  // Food for human consumption is exempt from these three: listed so that it is a decision, not a gap.
  { code: 'PST', provinces: ['BC'], rate: 7_000, from: '2013-04-01', classes: [] },
  { code: 'PST', provinces: ['SK'], rate: 6_000, from: '2017-03-23', classes: [] },
  { code: 'RST', provinces: ['MB'], rate: 7_000, from: '2019-07-01', classes: [] },
];

/** A YYYY-MM-DD day in Canada's Pacific time, where the business is (its orders' dates). */
export function businessDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Vancouver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The rates in force in a province on a day: per tax code, the latest row from on or before it. */
export function ratesOn(province: Province, day: string): TaxRate[] {
  const latest = new Map<TaxCode, TaxRate>();
  for (const rate of TAX_RATES) {
    if (!rate.provinces.includes(province) || rate.from > day) continue;
    const current = latest.get(rate.code);
    if (!current || rate.from > current.from) latest.set(rate.code, rate);
  }
  return [...latest.values()];
}

/** A rate as a fraction (0.05), as the API shows it. */
export const rateFraction = (rate: number) => rate / RATE_SCALE;
/** A rate as people read it: "5%", "9.975%". */
export const ratePercent = (rate: number) => `${Number(((rate / RATE_SCALE) * 100).toFixed(3))}%`;

/** A tax as a summary names it: "GST (5%)", "QST (9.975%)". */
export const taxLabel = (code: TaxCode, rate: number) => `${code} (${ratePercent(rate)})`;

/** A rate the API gives as a fraction (0.05), back in thousandths of a percent. */
export const rateFromFraction = (fraction: number) => Math.round(fraction * RATE_SCALE);

/**
 * The tax rows a summary shows: one per tax, named with its rate; one "Tax" row of nothing when no
 * tax applies (zero-rated products), so the total always reads as subtotal + shipping + tax.
 */
export function taxRows(
  taxes: readonly { code: TaxCode; rate: number; amountCents: number }[],
): { key: string; label: string; amountCents: number }[] {
  if (taxes.length === 0) return [{ key: 'none', label: 'Tax', amountCents: 0 }];
  return taxes.map((tax) => ({
    key: tax.code,
    label: taxLabel(tax.code, tax.rate),
    amountCents: tax.amountCents,
  }));
}

/** One tax on an order: its code, rate and amount in cents. */
export interface TaxAmount {
  code: TaxCode;
  /** In thousandths of a percent (RATE_SCALE). */
  rate: number;
  amountCents: number;
}

/** What is taxed: each line's amount (price × quantity) and class. */
export interface TaxableLine {
  amountCents: number;
  taxClass: TaxClass;
}

export interface OrderTax {
  /** Each tax that applies, in the order of TAX_RATES, with its total (rounded once, per tax). */
  taxes: TaxAmount[];
  /** Per line, its share of each tax (whole cents that add up to the tax's total). */
  lines: { code: TaxCode; amountCents: number }[][];
  /** Shipping's share of each tax (none when shipping is not taxed). */
  shipping: { code: TaxCode; amountCents: number }[];
  totalCents: number;
}

/**
 * Splits `total` cents over parts in proportion to their exact shares (`exact`, in cents ×
 * RATE_SCALE): each part gets its share rounded down, and the cents left go to the parts with the
 * largest remainders (the earlier first on a tie), so the parts add up to `total` exactly and none
 * is a cent or more from its exact share.
 */
export function allocate(total: number, exact: readonly number[]): number[] {
  const parts = exact.map((value) => Math.floor(value / RATE_SCALE));
  let left = total - parts.reduce((sum, part) => sum + part, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value % RATE_SCALE }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** Half a cent or more rounds up, less is dropped (Excise Tax Act s. 165.2(2)). */
export const roundTax = (exact: number) => Math.floor((exact + RATE_SCALE / 2) / RATE_SCALE);

/**
 * The tax on an order shipped to `province` on `day`: for each tax in force there, the exact tax of
 * each line whose class it applies to, summed and rounded once (CRA allows rounding each tax on the
 * total of a sale), then shared back over the lines. When `taxShipping`, shipping is taxed like the
 * goods it carries: split over the classes in proportion to their amounts, each part taxed as its
 * class (CRA: freight supplied with goods follows them).
 */
export function orderTax({
  province,
  day,
  lines,
  shippingCents,
  taxShipping,
}: {
  province: Province;
  day: string;
  lines: readonly TaxableLine[];
  shippingCents: number;
  taxShipping: boolean;
}): OrderTax {
  const goodsCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const taxes: TaxAmount[] = [];
  const perLine: OrderTax['lines'] = lines.map(() => []);
  const shipping: OrderTax['shipping'] = [];
  for (const rate of ratesOn(province, day)) {
    if (rate.classes.length === 0) continue;
    const taxed = lines.map((line) => (rate.classes.includes(line.taxClass) ? line.amountCents : 0));
    const taxedGoods = taxed.reduce((sum, amount) => sum + amount, 0);
    // Shipping's taxable part: its share of the goods this tax applies to (exact, in cents × goods).
    const shippingExact =
      taxShipping && goodsCents > 0 ? (shippingCents * taxedGoods * rate.rate) / goodsCents : 0;
    const exact = [...taxed.map((amount) => amount * rate.rate), Math.round(shippingExact)];
    const total = roundTax(exact.reduce((sum, value) => sum + value, 0));
    if (taxedGoods === 0 && total === 0) continue;
    const parts = allocate(total, exact);
    taxes.push({ code: rate.code, rate: rate.rate, amountCents: total });
    parts.slice(0, lines.length).forEach((amountCents, index) => {
      if (taxed[index]! > 0) perLine[index]!.push({ code: rate.code, amountCents });
    });
    if (taxShipping && shippingCents > 0)
      shipping.push({ code: rate.code, amountCents: parts[lines.length]! });
  }
  return {
    taxes,
    lines: perLine,
    shipping,
    totalCents: taxes.reduce((sum, tax) => sum + tax.amountCents, 0),
  };
}
