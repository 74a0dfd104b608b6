/**
 * The admin's Overview tab (issue 17): the shop's numbers, as GET /api/admin/overview answers them.
 * Amounts are in cents; days are the shop's days, in Vancouver time.
 */

/** The shop's own clock: 'today' starts at midnight in Vancouver. */
export const SHOP_TIME_ZONE = 'America/Vancouver';

/** Sales over a window: orders paid in it, what they came to, and what has been refunded of them. */
export interface SalesWindow {
  orders: number;
  /** cents: the paid orders' totals */
  gross: number;
  /** cents refunded on those orders */
  refunded: number;
  /** cents: gross − refunded */
  net: number;
  /** cents: gross ÷ orders, rounded (0 without orders) */
  average: number;
}

export interface Overview {
  /** when the figures were read (ISO) */
  generated_at: string;
  today: SalesWindow;
  last_7_days: SalesWindow;
  last_30_days: SalesWindow;
  /** one entry per day of the last 30 (today last), days without orders included */
  daily: { date: string; orders: number; gross: number }[];
  /** the best sellers of the last 30 days by units */
  top_products: { product_id: number | null; name: string; units: number; gross: number }[];
  /** paid orders not shipped yet (Pending or In Progress), the oldest first */
  waiting_to_ship: {
    count: number;
    oldest: { id: number; created_at: string; total: number; name: string }[];
  };
  /** GST on orders still paid, per calendar month of payment, the last 12 months, newest first */
  gst_by_month: { month: string; orders: number; gst: number }[];
}
