/**
 * The admin's Overview tab (decision 0023): the shop's numbers, as GET /api/admin/overview answers
 * them. Amounts are in cents; days are the shop's days, in Vancouver time.
 */
import { z } from './zod.js';

/** The shop's own clock: 'today' starts at midnight in Vancouver. */
export const SHOP_TIME_ZONE = 'America/Vancouver';

const cents = z.number().int();

/** Sales over a window: orders paid in it, what they came to, and what has been refunded of them. */
export const salesWindowSchema = z.object({
  orders: z.number().int(),
  /** the paid orders' totals */
  gross: cents,
  /** refunded on those orders */
  refunded: cents,
  /** gross − refunded */
  net: cents,
  /** gross ÷ orders, rounded (0 without orders) */
  average: cents,
});
export type SalesWindow = z.infer<typeof salesWindowSchema>;

export const overviewSchema = z.object({
  /** when the figures were read (ISO) */
  generated_at: z.string(),
  today: salesWindowSchema,
  last_7_days: salesWindowSchema,
  last_30_days: salesWindowSchema,
  /** one entry per day of the last 30 (today last), days without orders included */
  daily: z.array(z.object({ date: z.string(), orders: z.number().int(), gross: cents })),
  /** the best sellers of the last 30 days by units */
  top_products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      name: z.string(),
      units: z.number().int(),
      gross: cents,
    }),
  ),
  /** paid orders not shipped yet (Pending or In Progress), the oldest first */
  waiting_to_ship: z.object({
    count: z.number().int(),
    oldest: z.array(
      z.object({ id: z.number().int(), created_at: z.string(), total: cents, name: z.string() }),
    ),
  }),
  /** Paid orders and net sales tax (collected less refunded, decision 0070) per month, the last 12, newest first */
  gst_by_month: z.array(z.object({ month: z.string(), orders: z.number().int(), gst: cents })),
  /** units held by checkouts being paid: who holds what, the most first (decision 0038) */
  held_in_checkouts: z.array(
    z.object({
      intent_id: z.string(),
      product_id: z.number().int(),
      product_name: z.string(),
      units: z.number().int(),
      user_id: z.number().int().nullable(),
      email: z.string().nullable(),
      client_address: z.string().nullable(),
      since: z.string(),
      expires_at: z.string().nullable(),
    }),
  ),
  /** subscribe and save (decision 0057) */
  subscriptions: z.object({
    /** subscriptions whose status is active */
    active: z.number().int(),
    /**
     * monthly recurring revenue: over the active subscriptions, the renewal's subtotal at today's
     * subscription prices (products on sale) × 52 / 12 / interval_weeks
     */
    monthly_recurring: cents,
    /** renewals due in the next 7 days, and the units they order per product, the most first */
    due_next_7_days: z.object({
      renewals: z.number().int(),
      units: z.array(z.object({ product_id: z.number().int(), name: z.string(), units: z.number().int() })),
    }),
    /** cancelled in the last 30 days ÷ live (not cancelled) at their start, % to one decimal; 0 when none */
    churn_30_days: z.object({
      canceled: z.number().int(),
      live_at_start: z.number().int(),
      percent: z.number(),
    }),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;
