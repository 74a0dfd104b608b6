/**
 * Canada's provinces and territories: Canada Post's two-letter codes, their names as addresses
 * write them, and the first letter of their postal codes.
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

/** A province's code from its name as addresses store it ('British Columbia'), or null. */
export function provinceCode(name: string): Province | null {
  const wanted = name.trim().toLowerCase();
  return PROVINCE_CODES.find((code) => PROVINCE_NAMES[code].toLowerCase() === wanted) ?? null;
}

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
