/**
 * The owner's numbers of subscriptions (decision 0057), read for the Overview and the production
 * plan: the rules are the domain's (subscription-metrics.ts); here are the rows they apply to.
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import {
  churnPercent,
  churnWindowStart,
  monthlyRecurringCents,
  renewalSubtotalCents,
  renewsBefore,
  unitsByProduct,
} from '../../../domain/subscription-metrics.js';
import type { Database } from '../../db/client.js';
import { products, subscriptionItems, subscriptions } from '../../db/schema.js';

type Executor = Pick<Database, 'select'>;

/** The lines of the given subscriptions, with their products as they are today. */
async function linesOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      subscriptionId: subscriptionItems.subscriptionId,
      productId: products.id,
      name: products.name,
      quantity: subscriptionItems.quantity,
      priceCents: products.priceCents,
      percent: products.subscribeSavePercent,
      onSale: products.isActive,
    })
    .from(subscriptionItems)
    .innerJoin(products, eq(products.id, subscriptionItems.productId))
    .where(inArray(subscriptionItems.subscriptionId, ids))
    .orderBy(asc(subscriptionItems.subscriptionId), asc(products.id));
  return rows;
}

/**
 * The renewals due before `end` and the units they order per product (products on sale only: a
 * hidden one is left out of the order), most units first.
 */
export async function renewalsDueBefore(db: Executor, end: Date) {
  // Active or paused with an end, next date before the horizon: the domain's rule decides.
  const candidates = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      nextOrderAt: subscriptions.nextOrderAt,
      pausedUntil: subscriptions.pausedUntil,
    })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ['active', 'paused']), lt(subscriptions.nextOrderAt, end)));
  const renewing = new Set(candidates.filter((row) => renewsBefore(row, end)).map((row) => row.id));
  const lines = await linesOf(db, [...renewing]);
  const units = unitsByProduct(lines, renewing);
  const names = new Map(lines.map((line) => [line.productId, line.name]));
  return {
    renewals: renewing.size,
    units: [...units]
      .map(([productId, n]) => ({ productId, name: names.get(productId) ?? 'Unknown', units: n }))
      .sort((a, b) => b.units - a.units || a.name.localeCompare(b.name) || a.productId - b.productId),
  };
}

/** Active subscriptions and their monthly recurring revenue at today's prices, in cents. */
export async function recurringRevenue(db: Executor) {
  const active = await db
    .select({ id: subscriptions.id, intervalWeeks: subscriptions.intervalWeeks })
    .from(subscriptions)
    .where(eq(subscriptions.status, 'active'));
  const lines = await linesOf(
    db,
    active.map((row) => row.id),
  );
  const bySubscription = new Map<number, typeof lines>();
  for (const line of lines) {
    bySubscription.set(line.subscriptionId, [...(bySubscription.get(line.subscriptionId) ?? []), line]);
  }
  return {
    active: active.length,
    monthlyRecurringCents: monthlyRecurringCents(
      active.map((row) => ({
        subtotalCents: renewalSubtotalCents(bySubscription.get(row.id) ?? []),
        intervalWeeks: row.intervalWeeks,
      })),
    ),
  };
}

/**
 * Churn over the window ending `now`: the subscriptions cancelled in it over those live (created
 * before its start and not cancelled by then, whatever their status) at its start.
 */
export async function churn(db: Executor, now: Date) {
  const start = churnWindowStart(now);
  const [[canceled], [live]] = await Promise.all([
    db.select({ n: count() }).from(subscriptions).where(gte(subscriptions.canceledAt, start)),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(
        and(
          lt(subscriptions.createdAt, start),
          or(isNull(subscriptions.canceledAt), gte(subscriptions.canceledAt, start)),
        ),
      ),
  ]);
  const c = canceled?.n ?? 0;
  const l = live?.n ?? 0;
  return { canceled: c, liveAtStart: l, percent: churnPercent(c, l) };
}
