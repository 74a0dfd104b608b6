/**
 * The sales-tax report (decision 0070): two aggregates, the taxes of orders paid in the range and
 * the taxes of refunds that went through in it, each grouped by period, tax and province in the
 * shop's time zone, then put side by side.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../domain/overview.js';
import type { TaxReport, TaxReportQuery, TaxReportRow } from '../../../domain/tax-report.js';
import type { TaxCode } from '../../../domain/tax.js';
import type { Database } from '../../db/client.js';
import { orderRefundTaxes, orderRefunds, orders, orderTaxes } from '../../db/schema.js';

// A literal (a constant of ours), so that SELECT and GROUP BY carry the same text.
const TZ = sql.raw(`'${SHOP_TIME_ZONE.replace(/'/g, '')}'`);

/** The start of a shop day as a timestamp: '2026-11-01' is midnight in Vancouver. */
const shopDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${TZ}`;
const shopDayEnd = (day: string) => sql`((${day}::date) + 1)::timestamp at time zone ${TZ}`;

const periodOf = (at: unknown, by: TaxReportQuery['by']) =>
  by === 'month'
    ? sql<string>`to_char(${at} at time zone ${TZ}, 'YYYY-MM')`
    : sql<string>`to_char(${at} at time zone ${TZ}, 'YYYY-"Q"Q')`;

interface Amount {
  period: string;
  code: TaxCode;
  province: string;
  cents: number;
}

export async function taxReport(db: Database, query: TaxReportQuery): Promise<TaxReport> {
  const paidAt = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;
  const collectedPeriod = periodOf(paidAt, query.by);
  const refundPeriod = periodOf(orderRefunds.createdAt, query.by);
  const [collected, refunded] = await Promise.all([
    db
      .select({
        period: collectedPeriod,
        code: orderTaxes.code,
        province: orderTaxes.province,
        cents: sql<number>`sum(${orderTaxes.amountCents})::bigint`.mapWith(Number),
      })
      .from(orderTaxes)
      .innerJoin(orders, eq(orders.id, orderTaxes.orderId))
      .where(and(gte(paidAt, shopDayStart(query.from)), lt(paidAt, shopDayEnd(query.to))))
      .groupBy(collectedPeriod, orderTaxes.code, orderTaxes.province),
    db
      .select({
        period: refundPeriod,
        code: orderRefundTaxes.code,
        province: orderRefundTaxes.province,
        cents: sql<number>`sum(${orderRefundTaxes.amountCents})::bigint`.mapWith(Number),
      })
      .from(orderRefundTaxes)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundTaxes.refundId))
      .where(
        and(
          eq(orderRefunds.status, 'succeeded'),
          gte(orderRefunds.createdAt, shopDayStart(query.from)),
          lt(orderRefunds.createdAt, shopDayEnd(query.to)),
        ),
      )
      .groupBy(refundPeriod, orderRefundTaxes.code, orderRefundTaxes.province),
  ]);
  return { from: query.from, to: query.to, by: query.by, ...sideBySide(collected, refunded) };
}

function sideBySide(collected: Amount[], refunded: Amount[]): Pick<TaxReport, 'periods' | 'totals'> {
  const key = (a: Pick<Amount, 'code' | 'province'>) => `${a.code} ${a.province}`;
  const periods = new Map<string, Map<string, TaxReportRow>>();
  const totals = new Map<string, TaxReportRow>();
  const row = (into: Map<string, TaxReportRow>, a: Amount) => {
    const found = into.get(key(a));
    if (found) return found;
    const fresh = { code: a.code, province: a.province, collected_cents: 0, refunded_cents: 0, net_cents: 0 };
    into.set(key(a), fresh);
    return fresh;
  };
  for (const [amounts, field] of [
    [collected, 'collected_cents'],
    [refunded, 'refunded_cents'],
  ] as const) {
    for (const amount of amounts) {
      if (!periods.has(amount.period)) periods.set(amount.period, new Map());
      for (const target of [row(periods.get(amount.period)!, amount), row(totals, amount)]) {
        target[field] += amount.cents;
        target.net_cents = target.collected_cents - target.refunded_cents;
      }
    }
  }
  const sorted = (rows: Map<string, TaxReportRow>) =>
    [...rows.values()].sort((a, b) => a.code.localeCompare(b.code) || a.province.localeCompare(b.province));
  return {
    periods: [...periods.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([period, rows]) => ({ period, taxes: sorted(rows) })),
    totals: sorted(totals),
  };
}
