/**
 * Canada's provinces and territories: Canada Post's two-letter codes and their names as addresses
 * write them (the first letters of their postal codes are in shipping-provinces.ts).
 */

export const PROVINCE_CODES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
export type Province = (typeof PROVINCE_CODES)[number];

export const PROVINCE_NAMES: Record<Province, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** A province's code from its name as addresses store it ('British Columbia'), or null. */
export function provinceCode(name: string): Province | null {
  const wanted = name.trim().toLowerCase();
  return PROVINCE_CODES.find((code) => PROVINCE_NAMES[code].toLowerCase() === wanted) ?? null;
}
