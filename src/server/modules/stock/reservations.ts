/**
 * Stock reservations (decision 0022). A checkout's units are taken out of products.stock
 * when its payment intent is created, by one conditional UPDATE per product (`stock >= wanted`), so
 * checkouts racing for the last units can never take more than there is. The units stay held while
 * the intent can be paid; its order takes them for good; an intent that expires or is cancelled, or
 * an order that is cancelled, gives them back. Every function here runs inside the caller's
 * transaction and touches products in id order, so two checkouts never wait on each other in a cycle.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ConflictError, PaymentRetryError } from '../../../domain/errors.js';
import { notEnoughStockMessage } from '../../../domain/stock.js';
import type { Database, Transaction } from '../../db/client.js';
import { products, stockReservations } from '../../db/schema.js';

export interface ReservedLine {
  productId: number;
  name: string;
  quantity: number;
  /**
   * False when the product was made to order (no count) as the checkout was priced: nothing to take
   * out of stock, and no UPDATE on products (which would bump the catalogue version for nothing).
   */
  counted?: boolean;
}

/** One entry per product, quantities added up, in product id order (the lock order). */
export function perProduct(lines: readonly ReservedLine[]): ReservedLine[] {
  const byId = new Map<number, ReservedLine>();
  for (const line of lines) {
    const seen = byId.get(line.productId);
    byId.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byId.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * Holds the lines' units for the intent, or throws 409 naming the first product short of stock and
 * how many are left (the transaction then rolls back whatever was held before it).
 */
export async function reserveStock(tx: Transaction, intentId: string, lines: readonly ReservedLine[]) {
  const rows: (typeof stockReservations.$inferInsert)[] = [];
  for (const line of perProduct(lines)) {
    if (line.counted === false) {
      rows.push({ intentId, productId: line.productId, quantity: line.quantity, counted: false });
      continue;
    }
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.productId),
          isNotNull(products.stock),
          sql`${products.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id });
    if (!taken) {
      const [product] = await tx
        .select({ name: products.name, stock: products.stock })
        .from(products)
        .where(eq(products.id, line.productId));
      if (product && product.stock !== null) {
        throw new ConflictError(notEnoughStockMessage(product.name, product.stock));
      }
    }
    rows.push({ intentId, productId: line.productId, quantity: line.quantity, counted: Boolean(taken) });
  }
  if (rows.length > 0) await tx.insert(stockReservations).values(rows).onConflictDoNothing();
}

/**
 * `reserveStock` for a checkout of made-to-order products only (none `counted`: nothing to take out
 * of stock, nothing that can run short), in one statement without a transaction: `insertIntent` (the
 * intent's INSERT … ON CONFLICT DO NOTHING RETURNING id, as its `getSQL()`) and the reservations of the intent it
 * inserted, both or neither. Answers the inserted intent; none when it existed already (then nothing
 * is held again).
 */
export async function insertHoldingUncounted(
  db: Pick<Database, 'execute'>,
  insertIntent: SQL,
  lines: readonly ReservedLine[],
): Promise<{ id: string }[]> {
  if (lines.some((line) => line.counted !== false)) {
    throw new Error('insertHoldingUncounted: a counted line needs reserveStock');
  }
  const held = perProduct(lines).map((line) => sql`(${line.productId}::integer, ${line.quantity}::integer)`);
  const result = (await db.execute(sql`with fresh as (${insertIntent}), held as (
      insert into ${stockReservations} ("intent_id", "product_id", "quantity", "counted")
      select fresh.id, line.product_id, line.quantity, false
      from fresh cross join (values ${sql.join(held, sql`, `)}) as line(product_id, quantity)
      on conflict do nothing
    ) select fresh.id from fresh`)) as unknown as { rows: { id: string }[] };
  return result.rows;
}

/**
 * Gives back what the intent holds (`from`: held units of an intent that expired; taken units of an
 * order that was cancelled). Marks each reservation released in the same statement that finds it,
 * so a second call gives back nothing.
 */
export async function releaseStock(
  tx: Transaction,
  intentId: string,
  from: 'held' | 'taken' | 'any' = 'held',
): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ status: 'released', updatedAt: new Date() })
    .where(
      and(
        eq(stockReservations.intentId, intentId),
        from === 'any'
          ? inArray(stockReservations.status, ['held', 'taken'])
          : eq(stockReservations.status, from),
      ),
    )
    .returning({
      productId: stockReservations.productId,
      quantity: stockReservations.quantity,
      counted: stockReservations.counted,
    });
  let units = 0;
  for (const line of released.filter((row) => row.counted).sort((a, b) => a.productId - b.productId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock)));
    units += line.quantity;
  }
  return units;
}

/**
 * The order of the intent takes its units for good. Units still held are already out of stock. Units
 * no longer held (the intent expired while the card was being taken, which only Stripe can do) are
 * taken now, as far as there are any: money taken always ends as an order, so the count stops at 0
 * rather than refuse it, and the shop sees it sold out.
 */
export async function takeStock(
  tx: Transaction,
  intentId: string,
  lines: readonly ReservedLine[],
  /** The lines' products that still exist, with their stock, as the caller has just locked them. */
  present: readonly { id: number; stock: number | null }[],
  /**
   * Refuse (409) rather than stop at 0 when units not held are no longer there: for a payment taken
   * in the same transaction (the test processor), which then charges nothing. A checkout goes ahead
   * without a hold when its bounds allow none (stock/holds.ts, decision 0038).
   */
  refuseShort = false,
) {
  const wanted = perProduct(lines);
  const held = await tx
    .update(stockReservations)
    .set({ status: 'taken', updatedAt: new Date() })
    .where(and(eq(stockReservations.intentId, intentId), eq(stockReservations.status, 'held')))
    .returning({ productId: stockReservations.productId, counted: stockReservations.counted });
  // Held and counted: already out of stock. Held uncounted (made to order when priced; the admin may
  // have given it a count since) and not held at all: looked at below.
  const heldIds = new Set(held.map((row) => row.productId));
  const countedIds = new Set(held.filter((row) => row.counted).map((row) => row.productId));
  const rest = wanted.filter((line) => !countedIds.has(line.productId));
  if (rest.length === 0) return;
  // The caller read them under FOR KEY SHARE: a deletion waits for this order, other orders of the
  // same product do not. Products deleted since are left out: their order line keeps its name and
  // price, not a link.
  const quantityOf = new Map(rest.map((line) => [line.productId, line.quantity]));
  const looked = present.filter((product) => quantityOf.has(product.id)).sort((a, b) => a.id - b.id);
  for (const product of looked) {
    const quantity = quantityOf.get(product.id)!;
    let counted = false;
    if (product.stock !== null && refuseShort) {
      // A conditional update, as reserveStock's: the count read above may be another order's since.
      const [taken] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${quantity}` })
        .where(
          and(eq(products.id, product.id), isNotNull(products.stock), sql`${products.stock} >= ${quantity}`),
        )
        .returning({ id: products.id });
      if (!taken) {
        const [now] = await tx
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, product.id));
        if (now && now.stock !== null) {
          const name = rest.find((line) => line.productId === product.id)!.name;
          // Nothing is charged (the test processor's charge is this transaction): pay again.
          throw new PaymentRetryError(notEnoughStockMessage(name, now.stock));
        }
      }
      counted = Boolean(taken);
    } else if (product.stock !== null) {
      const [taken] = await tx
        .update(products)
        .set({ stock: sql`greatest(${products.stock} - ${quantity}, 0)` })
        .where(and(eq(products.id, product.id), isNotNull(products.stock)))
        .returning({ id: products.id });
      counted = Boolean(taken);
    }
    if (!counted && heldIds.has(product.id)) continue;
    await tx
      .insert(stockReservations)
      .values({ intentId, productId: product.id, quantity, counted, status: 'taken' })
      .onConflictDoUpdate({
        target: [stockReservations.intentId, stockReservations.productId],
        set: { status: 'taken', counted, updatedAt: new Date() },
      });
  }
}

/**
 * Units held by checkouts being paid, per product (the admin list and the production plan);
 * `countedOnly`: only those taken out of products.stock, which with it make the count on hand.
 */
export async function heldUnits(
  db: Pick<Transaction, 'select'>,
  productIds?: readonly number[],
  { countedOnly = false }: { countedOnly?: boolean } = {},
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      productId: stockReservations.productId,
      units: sql<number>`sum(${stockReservations.quantity})::int`,
    })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.status, 'held'),
        countedOnly ? eq(stockReservations.counted, true) : undefined,
        productIds ? inArray(stockReservations.productId, [...productIds]) : undefined,
      ),
    )
    .groupBy(stockReservations.productId);
  return new Map(rows.map((row) => [row.productId, row.units]));
}
