/**
 * Dates written for people on the catalogue pages, by hand rather than with `Intl.DateTimeFormat`:
 * building a formatter loads the locale's data, a long task in a fresh tab on a slow phone (about
 * 46 ms unthrottled on the test host, decision 0076), and these are written while the page's scripts
 * run. A unit test holds them equal to Intl's en-CA output.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "November 29, 2026": the calendar day an ISO date or time names, as written (no time zone moves it). */
export function monthDayYear(iso: string): string {
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
}

/** "November 2026": the month of an ISO date or time in UTC (en-CA, `{ month: 'long', year: 'numeric' }`). */
export function monthYear(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
