import type { Province } from './provinces.js';

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
