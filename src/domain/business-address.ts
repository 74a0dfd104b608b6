/**
 * The business's mailing address (BUSINESS_ADDRESS, one line), which CASL asks every commercial
 * e-mail to carry and the site shows in its footer (decision 0044).
 */

/** The parts schema.org's PostalAddress names. */
export interface PostalAddressParts {
  streetAddress: string;
  addressLocality?: string;
  addressRegion?: string;
  postalCode?: string;
  addressCountry: 'CA';
}

const PROVINCE_AND_POSTAL_CODE = /^([A-Z]{2})\s+([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/i;

/**
 * Splits "1234 Main Street, Vancouver, BC V6A 1A1[, Canada]" into street, city, province and postal
 * code for structured data; a line in any other shape is kept whole as the street address.
 */
export function postalAddressParts(line: string): PostalAddressParts {
  const parts = line
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (/^canada$/i.test(parts.at(-1) ?? '')) parts.pop();
  const match = PROVINCE_AND_POSTAL_CODE.exec(parts.at(-1) ?? '');
  if (!match || parts.length < 3) return { streetAddress: line.trim(), addressCountry: 'CA' };
  return {
    streetAddress: parts.slice(0, -2).join(', '),
    addressLocality: parts.at(-2)!,
    addressRegion: match[1]!.toUpperCase(),
    postalCode: `${match[2]} ${match[3]}`.toUpperCase(),
    addressCountry: 'CA',
  };
}
