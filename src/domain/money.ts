/** Money is integer cents everywhere; dollars appear only at the API edge and on screen. */

/** Converts a dollar amount (e.g. 34.99) to integer cents, rounding half away from zero. */
export function dollarsToCents(dollars: number): number {
  // 1.005 * 100 is 100.49999999999999 in binary floating point; trimming to 6 decimals first
  // restores the amount that was written before rounding to the nearest cent.
  const cents = Math.round(Number((Math.abs(dollars) * 100).toFixed(6)));
  return dollars < 0 ? -cents : cents;
}

/** Converts integer cents to a dollar number for API shapes that carry dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Formats cents with two decimals, no currency sign and no separators: 3499 -> "34.99". For machines
 * (form values, structured data, CSV figures); people read `formatPrice`.
 */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The one way a price is written for people, in the shop, its e-mails and the admin: en-CA, CAD, as
 * `Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' })` writes it ("$1,678.05",
 * "-$0.99"), but written out by hand: building that formatter loads the locale's data, which took
 * 50-80 ms in a fresh browser tab on the test host, and every catalogue page writes prices while it
 * hydrates (decision 0076). A unit test holds the two equal.
 */
export function formatPrice(cents: number): string {
  const whole = Math.trunc(cents);
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Formats cents as a price in a sentence, without the cents when there are none: 9000 -> "$90",
 * 3499 -> "$34.99", 250000 -> "$2,500".
 */
export function formatPriceShort(cents: number): string {
  const price = formatPrice(cents);
  return price.endsWith('.00') ? price.slice(0, -3) : price;
}
