import {
  listed,
  POSTAL_CODE_LETTERS,
  PROVINCE_NAMES,
  provinceCode,
  provincesOfPostalCode,
  type Province,
} from './provinces.js';

/**
 * Where the shop ships (SHIPPING_PROVINCES, decision 0068): British Columbia by default, other
 * provinces when the owner opens them, each with its own ground rate.
 */
export interface ShippingArea {
  /** The provinces the shop ships to. */
  provinces: readonly Province[];
  /**
   * Ground shipping in cents to each opened province other than British Columbia, whose rate goes
   * by city (pricing.ts cityShippingCents).
   */
  rates: Partial<Record<Province, number>>;
}

export const DEFAULT_SHIPPING_AREA: ShippingArea = { provinces: ['BC'], rates: {} };

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

/**
 * Which postal codes belong to the cities with their own shipping rate (Vancouver $5,
 * Burnaby or Brentwood $8). A city's rate applies only when the postal code's forward sortation
 * area (its first three characters) is one of that city's; any other address pays the 'other
 * cities' rate, whatever city is typed (decision 0022).
 *
 * Source: Canada Post's forward sortation areas for British Columbia, as listed in "List of postal
 * codes of Canada: V" (Wikipedia, from Canada Post data), read 2026-11. Vancouver includes the
 * University Endowment Lands (V6T, addressed as Vancouver) and the downtown single-building FSAs
 * V7X and V7Y. Brentwood is a neighbourhood of Burnaby (V5C), so both names share Burnaby's list.
 * When Canada Post adds or splits an FSA, add it here.
 */
export const VANCOUVER_FSAS: ReadonlySet<string> = new Set([
  'V5K',
  'V5L',
  'V5M',
  'V5N',
  'V5P',
  'V5R',
  'V5S',
  'V5T',
  'V5V',
  'V5W',
  'V5X',
  'V5Y',
  'V5Z',
  'V6A',
  'V6B',
  'V6C',
  'V6E',
  'V6G',
  'V6H',
  'V6J',
  'V6K',
  'V6L',
  'V6M',
  'V6N',
  'V6P',
  'V6R',
  'V6S',
  'V6T',
  'V6Z',
  'V7X',
  'V7Y',
]);

export const BURNABY_FSAS: ReadonlySet<string> = new Set([
  'V3N',
  'V5A',
  'V5B',
  'V5C',
  'V5E',
  'V5G',
  'V5H',
  'V5J',
]);

/** The forward sortation area of a postal code ("v5k 0a1" → "V5K"). */
export function forwardSortationArea(postalCode: string): string {
  return postalCode.replace(/\s+/g, '').slice(0, 3).toUpperCase();
}
