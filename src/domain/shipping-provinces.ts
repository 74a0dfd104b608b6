/**
 * Where the shop ships, in words and as a rule (decision 0068): the note beside shipping, the
 * message for an address outside the provinces opened, and the check of a province and postal
 * code. Apart from shipping-areas.ts, which the cart's prices read, so that the catalogue pages'
 * scripts carry none of it.
 */
import { PROVINCE_CODES, PROVINCE_NAMES, provinceCode, type Province } from './provinces.js';
import type { ShippingArea } from './shipping-areas.js';

/** Every province's and territory's name: British Columbia, the shop's own, first; then A to Z. */
export const ALL_PROVINCE_NAMES = [
  PROVINCE_NAMES.BC,
  ...PROVINCE_CODES.filter((code) => code !== 'BC')
    .map((code) => PROVINCE_NAMES[code])
    .sort(),
] as [string, ...string[]];

/**
 * The letters a province's postal codes start with (Canada Post's postal districts: Ontario has
 * five, Quebec three; the Northwest Territories and Nunavut share X). Source: Canada Post,
 * "Addressing guidelines", postal code districts; read 2026-11.
 */
export const POSTAL_CODE_LETTERS: Record<Province, string> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
};

/** The provinces a postal code can be in, by its first letter (two for X, none for a bad letter). */
export function provincesOfPostalCode(postalCode: string): Province[] {
  const letter = postalCode.trim().charAt(0).toUpperCase();
  if (!/^[A-Z]$/.test(letter)) return [];
  return PROVINCE_CODES.filter((code) => POSTAL_CODE_LETTERS[code].includes(letter));
}

/** "A, B or C" for a shopper to read. */
export function listed(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** The provinces' names, British Columbia first, then in the order the owner listed them. */
export const shippingProvinceNames = (area: ShippingArea) =>
  area.provinces.map((code) => PROVINCE_NAMES[code]);

/**
 * Said next to the shipping line on product pages and in the cart: "Ships within British
 * Columbia". Here rather than in checkout.ts, so that the cart drawer and page read it without the
 * checkout's schemas (decision 0052).
 */
export const shippingAreaNote = (area: ShippingArea) =>
  `Ships within ${listed(shippingProvinceNames(area), 'and')}`;

/** A Canadian postal code outside British Columbia, when the shop ships only there (decision 0050). */
export const OUTSIDE_SHIPPING_AREA =
  'We ship within British Columbia for now. Please enter a BC postal code (it starts with V).';

/** What a shopper reads when a postal code is in none of the provinces the shop ships to. */
export function outsideShippingArea(area: ShippingArea): string {
  if (area.provinces.length === 1 && area.provinces[0] === 'BC') return OUTSIDE_SHIPPING_AREA;
  const letters = [...new Set(area.provinces.flatMap((code) => [...POSTAL_CODE_LETTERS[code]]))].sort();
  return `We ship within ${listed(shippingProvinceNames(area), 'and')} for now. Please enter a postal code there (it starts with ${listed(letters, 'or')}).`;
}

/** One problem with where an address is, and the field that shows it. */
export interface ShippingAreaProblem {
  field: 'state' | 'postalCode';
  message: string;
}

/**
 * Whether the shop ships to this province and postal code, and whether the code is in that
 * province (its first letter, Canada Post's districts). `state` is the province's name; the code is
 * a valid Canadian one (checkout.ts canadianPostalCode). Null when it ships there.
 */
export function shippingAreaProblem(
  area: ShippingArea,
  state: string,
  postalCode: string,
): ShippingAreaProblem | null {
  const codeIn = provincesOfPostalCode(postalCode);
  const shipped = codeIn.filter((code) => area.provinces.includes(code));
  if (shipped.length === 0) return { field: 'postalCode', message: outsideShippingArea(area) };
  const chosen = provinceCode(state);
  if (!chosen || !area.provinces.includes(chosen)) {
    return { field: 'state', message: `We do not ship to ${chosen ? PROVINCE_NAMES[chosen] : state} yet.` };
  }
  if (!codeIn.includes(chosen)) {
    const names = listed(
      shipped.map((code) => PROVINCE_NAMES[code]),
      'or',
    );
    return {
      field: 'postalCode',
      message: `That postal code is in ${names}, not ${PROVINCE_NAMES[chosen]}. Please check the province or the code.`,
    };
  }
  return null;
}
