/**
 * The Overview tab's calls (decision 0023): the numbers, and the CSV downloads. A download needs
 * the session's bearer token, so it is fetched and handed to the browser as a file, not linked.
 */
import { overviewSchema, SHOP_TIME_ZONE, type Overview } from '../../../../domain/overview';
import { messages } from '../../../../domain/messages';
import { downloadWithSession } from '../../../download';
import { adminRequest, loadPart, type Loaded } from '../shared/admin-api';

export const fetchOverview = (signal?: AbortSignal): Promise<Overview> =>
  adminRequest(overviewSchema, '/api/admin/overview', { signal });

export type OverviewData = Loaded<Overview>;

/** The numbers, for the route's clientLoader. */
export const loadOverview = (signal: AbortSignal): Promise<OverviewData> =>
  loadPart(signal, 'Failed to load the overview', () => fetchOverview(signal));

/** This year so far, by quarter, in the shop's time zone (the sales-tax report, decision 0070). */
function salesTaxPath(): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });
  return `/api/admin/reports/tax.csv?from=${today.slice(0, 4)}-01-01&to=${today}&by=quarter`;
}

export const EXPORTS = [
  { file: 'orders.csv', label: 'Orders (one row per item)' },
  { file: 'customers.csv', label: 'Customers, with consent' },
  { file: 'newsletter.csv', label: 'Newsletter sign-ups' },
  { file: 'consent-log.csv', label: 'Marketing consent log' },
  { file: 'sales-tax.csv', label: 'Sales tax this year, by quarter' },
] as const;

const pathOf = (file: (typeof EXPORTS)[number]['file']) =>
  file === 'sales-tax.csv' ? salesTaxPath() : `/api/admin/exports/${file}`;

/** Fetches an export and saves it under the name the server gives it. */
export const downloadExport = (file: (typeof EXPORTS)[number]['file']): Promise<void> =>
  downloadWithSession(pathOf(file), file, messages.requestFailed);

/** The chart's bars: each day's height as a share of the busiest day (0 when there were no sales). */
export function barHeights(daily: readonly { gross: number }[], height: number): number[] {
  const top = Math.max(0, ...daily.map((d) => d.gross));
  return daily.map((d) => (top > 0 ? Math.round((d.gross / top) * height) : 0));
}
