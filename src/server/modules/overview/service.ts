/**
 * The Overview tab's numbers (decision 0023), each one SQL aggregate over the orders, so they stay
 * fast with 100,000 orders (indexes: orders.created_at, orders (status, created_at),
 * orders.paid_at; bench/overview.mjs shows the plans and times). Days are Vancouver days
 * (SHOP_TIME_ZONE). The subscriptions' figures (decision 0057) are read from the live subscriptions.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES } from '../../../domain/orders.js';
import { SHOP_TIME_ZONE, type Overview, type SalesWindow } from '../../../domain/overview.js';
import type { Database } from '../../db/client.js';
import { orderItems, orderRefunds, orders } from '../../db/schema.js';
import { renewalHorizonEnd } from '../../../domain/subscription-metrics.js';
import type { TaxReportQuery } from '../../../domain/tax-report.js';
import { listHolds } from '../stock/holds.js';
import { taxReport } from './tax-report.js';
import { churn, recurringRevenue, renewalsDueBefore } from '../subscriptions/metrics.js';

/**
 * The time zone as a literal, not a parameter: the same expression in SELECT and GROUP BY must be
 * the same text for PostgreSQL to see it is (a constant of ours, never user input).
 */
const TZ = sql.raw(`'${SHOP_TIME_ZONE.replace(/'/g, '')}'`);

/** Midnight in Vancouver, `daysBack` days before today's. */
const shopMidnight = (daysBack: number) =>
  sql`(date_trunc('day', now() at time zone ${TZ}) - make_interval(days => ${daysBack})) at time zone ${TZ}`;

/** Refunds that went through, per order. */
const refundedOf = (db: Database) =>
  db
    .select({
      orderId: orderRefunds.orderId,
      cents: sql<number>`sum(${orderRefunds.amountCents})`.as('cents'),
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.status, 'succeeded'))
    .groupBy(orderRefunds.orderId)
    .as('refunded');

export function createOverviewService(db: Database) {
  async function salesSince(daysBack: number): Promise<SalesWindow> {
    const refunded = refundedOf(db);
    const [row] = await db
      .select({
        orders: count(),
        gross: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.mapWith(Number),
        refunded: sql<number>`coalesce(sum(${refunded.cents}), 0)::bigint`.mapWith(Number),
      })
      .from(orders)
      .leftJoin(refunded, eq(refunded.orderId, orders.id))
      .where(and(isNotNull(orders.paidAt), gte(orders.createdAt, shopMidnight(daysBack))));
    const n = row?.orders ?? 0;
    const gross = row?.gross ?? 0;
    const back = row?.refunded ?? 0;
    return {
      orders: n,
      gross,
      refunded: back,
      net: gross - back,
      average: n > 0 ? Math.round(gross / n) : 0,
    };
  }

  /**
   * The last twelve months' orders and net sales tax (all taxes, less what refunds gave back in
   * the month they were made), read from the tax report (decision 0070), newest month first.
   */
  async function taxByMonth(paid: { month: string; orders: number }[], today: string | undefined) {
    const to = today ?? new Date().toISOString().slice(0, 10);
    const start = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 11);
    const report = await taxReport(db, { from: start.toISOString().slice(0, 10), to, by: 'month' });
    const net = new Map(
      report.periods.map(({ period, taxes }) => [period, taxes.reduce((sum, tax) => sum + tax.net_cents, 0)]),
    );
    const months = [...new Set([...paid.map((row) => row.month), ...net.keys()])].sort().reverse();
    return months.map((month) => ({
      month,
      orders: paid.find((row) => row.month === month)?.orders ?? 0,
      gst: net.get(month) ?? 0,
    }));
  }

  return {
    taxReport: (query: TaxReportQuery) => taxReport(db, query),

    async overview(): Promise<Overview> {
      const day = sql<string>`to_char(${orders.createdAt} at time zone ${TZ}, 'YYYY-MM-DD')`;
      const month = sql<string>`to_char(${orders.paidAt} at time zone ${TZ}, 'YYYY-MM')`;
      const [today, week, month30, daily, top, waitingCount, oldest, gst, [clock]] = await Promise.all([
        salesSince(0),
        salesSince(6),
        salesSince(29),
        db
          .select({
            date: day,
            orders: count(),
            gross: sql<number>`sum(${orders.totalCents})::bigint`.mapWith(Number),
          })
          .from(orders)
          .where(and(isNotNull(orders.paidAt), gte(orders.createdAt, shopMidnight(29))))
          .groupBy(day),
        db
          .select({
            productId: sql<number | null>`max(${orderItems.productId})`,
            name: sql<string>`max(${orderItems.productName})`,
            units: sql<number>`sum(${orderItems.quantity})::bigint`.mapWith(Number),
            gross: sql<number>`sum(${orderItems.quantity} * ${orderItems.priceCents})::bigint`.mapWith(
              Number,
            ),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(isNotNull(orders.paidAt), gte(orders.createdAt, shopMidnight(29))))
          // By product; lines of deleted products (no id) by the name they were sold under.
          .groupBy(sql`coalesce(${orderItems.productId}::text, ${orderItems.productName})`)
          .orderBy(desc(sql`3`), asc(sql`2`))
          .limit(5),
        db
          .select({ n: count() })
          .from(orders)
          .where(and(inArray(orders.status, OPEN_ORDER_STATUSES), eq(orders.isPaid, true))),
        db
          .select({
            id: orders.id,
            createdAt: orders.createdAt,
            totalCents: orders.totalCents,
            firstName: orders.firstName,
            lastName: orders.lastName,
          })
          .from(orders)
          .where(and(inArray(orders.status, OPEN_ORDER_STATUSES), eq(orders.isPaid, true)))
          .orderBy(asc(orders.createdAt), asc(orders.id))
          .limit(10),
        db
          .select({
            month,
            orders: count(),
          })
          .from(orders)
          .where(
            and(
              isNotNull(orders.paidAt),
              gte(
                orders.paidAt,
                sql`(date_trunc('month', now() at time zone ${TZ}) - interval '11 months') at time zone ${TZ}`,
              ),
            ),
          )
          .groupBy(month)
          .orderBy(desc(month)),
        db
          .select({
            now: sql<string>`to_char(now() at time zone ${TZ}, 'YYYY-MM-DD')`,
          })
          .from(sql`(select 1) as one`),
      ]);
      const now = new Date();
      const [revenue, due, churned] = await Promise.all([
        recurringRevenue(db),
        renewalsDueBefore(db, renewalHorizonEnd(now)),
        churn(db, now),
      ]);
      // The 30 days, today last, with the days that had no orders.
      const byDate = new Map(daily.map((d) => [d.date, d]));
      const todayDate = new Date(`${clock!.now}T12:00:00Z`);
      const days = Array.from({ length: 30 }, (_, i) => {
        const d = new Date(todayDate.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
        const found = byDate.get(d);
        return { date: d, orders: found?.orders ?? 0, gross: found?.gross ?? 0 };
      });
      return {
        generated_at: new Date().toISOString(),
        today,
        last_7_days: week,
        last_30_days: month30,
        daily: days,
        top_products: top.map((t) => ({
          product_id: t.productId,
          name: t.name,
          units: t.units,
          gross: t.gross,
        })),
        waiting_to_ship: {
          count: waitingCount[0]?.n ?? 0,
          oldest: oldest.map((o) => ({
            id: o.id,
            created_at: o.createdAt.toISOString(),
            total: o.totalCents,
            name: `${o.firstName} ${o.lastName}`.trim(),
          })),
        },
        gst_by_month: await taxByMonth(gst, clock?.now),
        held_in_checkouts: await listHolds(db),
        subscriptions: {
          active: revenue.active,
          monthly_recurring: revenue.monthlyRecurringCents,
          due_next_7_days: {
            renewals: due.renewals,
            units: due.units.map((u) => ({ product_id: u.productId, name: u.name, units: u.units })),
          },
          churn_30_days: {
            canceled: churned.canceled,
            live_at_start: churned.liveAtStart,
            percent: churned.percent,
          },
        },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
