/**
 * Text from shoppers (and from the admin forms) that goes into the CSV exports, made safe to open in
 * a spreadsheet (OWASP, "CSV Injection"). A spreadsheet runs a field that starts with = + - @, a tab
 * or a carriage return as a formula (`=HYPERLINK(...)`, `=cmd|...`), and a field does not start only
 * where the cell starts: Excel in locales with a decimal comma (fr-CA among them) splits a line on
 * `;`, other tools on `,`, and readers that ignore quotes on tabs and line breaks too. So every place
 * where such a split could start a field gets a `'` before a formula character, which makes the
 * spreadsheet show the text as it is.
 *
 * Only text is passed through here. Figures the shop writes itself (amounts, ids, quantities) are
 * written as they are, so that a negative amount stays a number.
 */

/** The start of a field (the cell's start, or just after , ; tab or a line break), past spaces and
 * quotes, followed by a formula character. */
const FORMULA_FIELD = /(?<=^|[,;\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;

/** `text` with a `'` before every formula character that could start a field; unchanged otherwise. */
export function neutraliseCsvText(text: string): string {
  return text.replace(FORMULA_FIELD, "$1'");
}
