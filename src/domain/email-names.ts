/**
 * Names written into the shop's e-mails (docs/product.md, E-mails). A name is whatever someone typed
 * at registration or checkout, and the e-mail goes out from the shop's own address: a "first name"
 * such as "URGENT: claim your refund at https://evil.example" would become a clickable link at the
 * top of a genuine e-mail, since mail clients turn addresses, `www.` and `example.ca`-like words
 * into links. So a name is written only when it reads as a name: letters (any script), spaces,
 * apostrophes, hyphens, and periods that end an initial or an abbreviation ("J. R.", "Jr.") rather
 * than join two words the way a domain does; at most 40 characters. Anything else is left out, and
 * the e-mail greets without a name.
 *
 * The other half of the rule is the callers': an e-mail to an address not yet confirmed (the
 * confirmation e-mail itself, a reset link or a notice to an account nobody confirmed) greets
 * without the name, since whoever registered may not own the address.
 */

/** The most characters of a name written into an e-mail. */
export const EMAIL_NAME_MAX_LENGTH = 40;

/** Letters, combining marks, spaces, apostrophes (straight and curly), hyphens and periods only. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2019.-]+$/u;
/** A period followed by anything but a space: "evil.example", "a.b", "..". */
const JOINING_PERIOD = /\.(?! |$)/;

/** The name, its spaces tidied, when it reads as a name and holds nothing to link; else null. */
export function nameForEmail(name: string | null | undefined): string | null {
  const tidy = (name ?? '').trim().replace(/\s+/g, ' ');
  if (tidy.length === 0 || tidy.length > EMAIL_NAME_MAX_LENGTH) return null;
  if (!NAME_CHARACTERS.test(tidy) || JOINING_PERIOD.test(tidy) || !/\p{L}/u.test(tidy)) return null;
  return tidy;
}

/** "Hi Jane," with a name that passes nameForEmail, else "Hi,". */
export function greeting(firstName: string | null | undefined): string {
  const name = nameForEmail(firstName);
  return name ? `Hi ${name},` : 'Hi,';
}

/** First and last name as written in an e-mail (each part that passes nameForEmail), or null. */
export function fullNameForEmail(firstName: string, lastName: string): string | null {
  const parts = [nameForEmail(firstName), nameForEmail(lastName)].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}
