/**
 * A new checkout's holds, bounded (decision 0038, the rule in src/domain/holds.ts): the account's
 * earlier unpaid checkouts give their units back and can no longer be paid, then the new checkout
 * holds what fits within the per-account, per-address and per-product bounds. Runs inside the
 * transaction that inserted the new intent; locks in a fixed order (the account, the address, the
 * earlier intents and their held reservations, then the products in id order) so that two checkouts
 * never wait on each other in a cycle.
 */
import { and, eq, gt, inArray, isNotNull, isNull, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import { ConflictError } from '../../../domain/errors.js';
import { planHolds, type HoldLimits } from '../../../domain/holds.js';
import { FINISHED_INTENT_STATUSES } from '../../../domain/payment-intents.js';
import { notEnoughStockMessage } from '../../../domain/stock.js';
import type { Transaction } from '../../db/client.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents, products, stockReservations, users } from '../../db/schema.js';
import { perProduct, releaseStock, type ReservedLine } from './reservations.js';

/** Advisory lock classes of this module (the first key of pg_advisory_xact_lock(int, int)). */
const ACCOUNT_LOCK = 270_001;
const ADDRESS_LOCK = 270_002;

export interface HoldResult {
  /** Earlier checkouts of the account that were replaced (their units given back). */
  replaced: string[];
  /** Counted products this checkout holds; the other counted ones go ahead without a hold. */
  held: Set<number>;
}

/** Units held by checkouts being paid, with who holds them: the admin's view, the most first. */
export async function listHolds(db: Pick<Database, 'select'>, limit = 50) {
  const rows = await db
    .select({
      intentId: stockReservations.intentId,
      productId: stockReservations.productId,
      productName: products.name,
      units: stockReservations.quantity,
      userId: paymentIntents.userId,
      email: users.email,
      clientAddress: paymentIntents.clientAddress,
      since: stockReservations.createdAt,
      expiresAt: paymentIntents.expiresAt,
    })
    .from(stockReservations)
    .innerJoin(paymentIntents, eq(paymentIntents.id, stockReservations.intentId))
    .innerJoin(products, eq(products.id, stockReservations.productId))
    .leftJoin(users, eq(users.id, paymentIntents.userId))
    .where(and(eq(stockReservations.status, 'held'), eq(stockReservations.counted, true)))
    .orderBy(sql`${stockReservations.quantity} desc`, stockReservations.createdAt)
    .limit(limit);
  return rows.map((row) => ({
    intent_id: row.intentId,
    product_id: row.productId,
    product_name: row.productName,
    units: row.units,
    user_id: row.userId,
    email: row.email,
    client_address: row.clientAddress,
    since: row.since.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  }));
}

/**
 * Replaces the account's earlier live checkouts and holds the new one's units as far as the limits
 * allow. Throws 409 when a line asks for more than is available (nothing is then written).
 */
export async function holdCheckout(
  tx: Transaction,
  {
    intentId,
    userId,
    clientAddress,
    lines,
    limits,
  }: {
    intentId: string;
    userId: number;
    clientAddress: string | null;
    lines: readonly ReservedLine[];
    limits: HoldLimits;
  },
): Promise<HoldResult> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, ${userId})`);
  if (clientAddress) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${clientAddress}))`);
  }
  // One live checkout per account: the earlier ones expire now (the payment sweep cancels them with
  // the provider), and their held units come back before the new checkout asks for any.
  const earlier = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        ne(paymentIntents.id, intentId),
        notInArray(paymentIntents.status, [...FINISHED_INTENT_STATUSES]),
        or(isNull(paymentIntents.expiresAt), gt(paymentIntents.expiresAt, sql`now()`)),
        notExists(
          tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntents.id)),
        ),
      ),
    )
    .orderBy(paymentIntents.id)
    .for('update', { of: paymentIntents });
  const earlierIds = earlier.map((row) => row.id);
  const earlierHeld = earlierIds.length
    ? await tx
        .select({ productId: stockReservations.productId })
        .from(stockReservations)
        .where(
          and(
            inArray(stockReservations.intentId, earlierIds),
            eq(stockReservations.status, 'held'),
            eq(stockReservations.counted, true),
          ),
        )
        // Their reservations before their products, as releaseStock and stock adjustments lock them.
        .for('update')
    : [];

  // Every product whose count this transaction may change, locked in id order.
  const counted = perProduct(lines.filter((line) => line.counted !== false));
  const lockIds = [...new Set([...counted.map((l) => l.productId), ...earlierHeld.map((r) => r.productId)])];
  lockIds.sort((a, b) => a - b);
  const locked = lockIds.length
    ? await tx
        .select({ id: products.id, name: products.name, stock: products.stock })
        .from(products)
        .where(inArray(products.id, lockIds))
        .orderBy(products.id)
        .for('update')
    : [];

  if (earlierIds.length > 0) {
    await tx
      .update(paymentIntents)
      .set({ expiresAt: sql`now()`, idempotencyKey: null, updatedAt: new Date() })
      .where(inArray(paymentIntents.id, earlierIds));
    for (const id of earlierIds) await releaseStock(tx, id, 'held');
  }

  const wantedIds = counted.map((line) => line.productId);
  const [heldRows, atAddress] = await Promise.all([
    wantedIds.length
      ? tx
          .select({
            productId: stockReservations.productId,
            units: sql<number>`sum(${stockReservations.quantity})::int`,
          })
          .from(stockReservations)
          .where(
            and(
              inArray(stockReservations.productId, wantedIds),
              eq(stockReservations.status, 'held'),
              eq(stockReservations.counted, true),
            ),
          )
          .groupBy(stockReservations.productId)
      : Promise.resolve([]),
    clientAddress
      ? tx
          .select({ units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
          .from(stockReservations)
          .innerJoin(paymentIntents, eq(paymentIntents.id, stockReservations.intentId))
          .where(
            and(
              eq(paymentIntents.clientAddress, clientAddress),
              ne(paymentIntents.id, intentId),
              eq(stockReservations.status, 'held'),
              eq(stockReservations.counted, true),
            ),
          )
      : Promise.resolve([{ units: 0 }]),
  ]);
  const heldBy = new Map(heldRows.map((row) => [row.productId, row.units]));
  // The counts as locked, or as the earlier checkouts' released units left them.
  const availableNow = new Map<number, number | null>(locked.map((row) => [row.id, row.stock]));
  if (earlierIds.length > 0 && lockIds.length > 0) {
    const fresh = await tx
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, lockIds));
    for (const row of fresh) availableNow.set(row.id, row.stock);
  }

  const candidates = [];
  const rows: (typeof stockReservations.$inferInsert)[] = [];
  for (const line of counted) {
    const product = locked.find((row) => row.id === line.productId);
    const available = availableNow.get(line.productId);
    if (!product || available === null || available === undefined) {
      // Deleted, or made to order since it was priced: nothing to count.
      rows.push({ intentId, productId: line.productId, quantity: line.quantity, counted: false });
      continue;
    }
    if (available < line.quantity) throw new ConflictError(notEnoughStockMessage(product.name, available));
    candidates.push({
      productId: line.productId,
      quantity: line.quantity,
      available,
      heldByOthers: heldBy.get(line.productId) ?? 0,
    });
  }
  const held = planHolds(candidates, atAddress[0]?.units ?? 0, limits);
  for (const line of counted) {
    if (!held.has(line.productId)) continue;
    // Locked above, and checked against the count read under that lock: this cannot come up short.
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), isNotNull(products.stock)));
    rows.push({ intentId, productId: line.productId, quantity: line.quantity, counted: true });
  }
  for (const line of perProduct(lines.filter((line) => line.counted === false))) {
    rows.push({ intentId, productId: line.productId, quantity: line.quantity, counted: false });
  }
  if (rows.length > 0) await tx.insert(stockReservations).values(rows).onConflictDoNothing();
  return { replaced: earlierIds, held };
}
