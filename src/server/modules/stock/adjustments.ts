/**
 * What the admin says about a product's count (decision 0039): adjustments ('+24 received', '-6
 * spoiled') and the count written in the product form, each recorded in stock_movements in its own
 * transaction, with who and why.
 *
 * The admin speaks of the count ON HAND: what can still be sold (products.stock) plus what checkouts
 * being paid hold out of it (counted, held stock_reservations). Taking away more than can be sold
 * takes held units too: those reservations stop being counted, so when their checkout expires nothing
 * comes back, and if it is paid after all its order takes its units from what is left (takeStock, as
 * for a product that was made to order when priced). So '-8 spoiled' with 0 available and 8 held
 * leaves 0 on hand, whatever those checkouts do next.
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import type { StockAdjustment, StockHistoryQuery, StockMovement } from '../../../domain/stock-schemas.js';
import {
  MAX_STOCK,
  notEnoughOnHandMessage,
  staleStockMessage,
  type StockReason,
} from '../../../domain/stock.js';
import type { Database, Transaction } from '../../db/client.js';
import { products, stockMovements, stockReservations, users } from '../../db/schema.js';
import { heldUnits } from './reservations.js';

export const PRODUCT_NOT_FOUND = 'Product not found';
const CHANGED_WHILE_SAVING = 'The stock changed while it was being saved. Please try again.';
const tooMuchMessage = () =>
  `That would make more than ${MAX_STOCK.toLocaleString('en-CA')} on hand. Please check the number.`;

/** Who made a change, as the history keeps it: the name as it was then. */
export interface StockActor {
  id: number;
  name: string | null;
}

/** The admin as the history names them: first and last name, or the e-mail when they have none. */
export async function stockActor(db: Pick<Database, 'select'>, userId: number): Promise<StockActor> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { id: userId, name: row ? `${row.firstName} ${row.lastName}`.trim() || row.email : null };
}

/** Counted units held by checkouts being paid, per product: with `stock`, the count on hand. */
export const countedHeld = (db: Pick<Database, 'select'>, productIds?: readonly number[]) =>
  heldUnits(db, productIds, { countedOnly: true });

interface Locked {
  product: { id: number; name: string; stock: number | null };
  /** The product's counted holds, locked, oldest first: the ones a take-away may write off. */
  holds: { intentId: string; quantity: number }[];
  /** All its counted held units (a hold made between the two locks is counted, not locked). */
  held: number;
}

/**
 * Locks the product's counted holds, then the product, in the order releaseStock and takeStock lock
 * them (reservations, then the product), so a checkout expiring meanwhile waits or goes first rather
 * than deadlock. Once the product is locked no new hold can be made (reserveStock updates it first).
 */
async function lockCounts(tx: Transaction, productId: number): Promise<Locked | null> {
  const holds = await tx
    .select({ intentId: stockReservations.intentId, quantity: stockReservations.quantity })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.productId, productId),
        eq(stockReservations.status, 'held'),
        eq(stockReservations.counted, true),
      ),
    )
    .orderBy(stockReservations.createdAt, stockReservations.intentId)
    .for('update');
  const [product] = await tx
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) return null;
  const held = (await countedHeld(tx, [productId])).get(productId) ?? 0;
  return { product, holds, held };
}

/**
 * Brings the locked product's count on hand to `target` (>= 0): what can be sold becomes `target`
 * less what is held; when more is held than `target`, holds are written off (no longer counted, so
 * they never come back), oldest first, and what a whole hold wrote off beyond the need is sellable.
 */
async function bringOnHandTo(
  tx: Transaction,
  locked: Locked,
  target: number,
): Promise<{ stock: number; held: number; writtenOff: number }> {
  let stock = target - locked.held;
  let writtenOff = 0;
  if (stock < 0) {
    const need = -stock;
    for (const hold of locked.holds) {
      if (writtenOff >= need) break;
      const [taken] = await tx
        .update(stockReservations)
        .set({ counted: false, updatedAt: new Date() })
        .where(
          and(
            eq(stockReservations.intentId, hold.intentId),
            eq(stockReservations.productId, locked.product.id),
            eq(stockReservations.status, 'held'),
            eq(stockReservations.counted, true),
          ),
        )
        .returning({ quantity: stockReservations.quantity });
      writtenOff += taken?.quantity ?? 0;
    }
    // Only holds made between the two locks are missing from the list: rare, and a retry sees them.
    if (writtenOff < need) throw new ConflictError(CHANGED_WHILE_SAVING);
    stock = writtenOff - need;
  }
  if (stock > MAX_STOCK) throw new ConflictError(tooMuchMessage());
  await tx.update(products).set({ stock, updatedAt: new Date() }).where(eq(products.id, locked.product.id));
  return { stock, held: locked.held - writtenOff, writtenOff };
}

type MovementRow = typeof stockMovements.$inferSelect;

const toMovement = (row: MovementRow): StockMovement => ({
  id: row.id,
  kind: row.kind,
  delta: row.delta,
  reason: row.reason as StockReason | null,
  note: row.note,
  by: { id: row.adminId, name: row.adminName },
  at: row.createdAt.toISOString(),
  stock_after: row.stockAfter,
  on_hand_after: row.onHandAfter,
  held_written_off: row.heldWrittenOff,
});

async function record(
  tx: Pick<Transaction, 'insert'>,
  values: Omit<typeof stockMovements.$inferInsert, 'id' | 'createdAt'>,
): Promise<StockMovement> {
  const [row] = await tx.insert(stockMovements).values(values).returning();
  return toMovement(row!);
}

/**
 * Adds `delta` units to the count on hand (or takes them away), with the reason, in one transaction
 * with its history entry. Whatever can be sold is changed by one conditional UPDATE, so adjustments
 * at the same moment all apply and nothing is read before it is written; only a take-away larger than
 * what can be sold goes on to the held units, under locks. More than is on hand: 409, nothing changed.
 */
export async function adjustStock(
  db: Database,
  productId: number,
  adjustment: StockAdjustment,
  by: StockActor,
) {
  const { delta } = adjustment;
  return db.transaction(async (tx) => {
    const [quick] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, productId),
          isNotNull(products.stock),
          sql`${products.stock} + ${delta} between 0 and ${MAX_STOCK}`,
        ),
      )
      .returning({ stock: products.stock });
    let after: { stock: number; held: number; writtenOff: number };
    if (quick) {
      const held = (await countedHeld(tx, [productId])).get(productId) ?? 0;
      after = { stock: quick.stock!, held, writtenOff: 0 };
    } else {
      const locked = await lockCounts(tx, productId);
      if (!locked) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const { name, stock } = locked.product;
      if (stock === null) {
        throw new ConflictError(
          `${name} is made to order, with no count to adjust. Give it a stock in the product form first.`,
        );
      }
      const target = stock + locked.held + delta;
      if (target < 0) throw new ConflictError(notEnoughOnHandMessage(name, stock, locked.held, -delta));
      if (target - locked.held > MAX_STOCK) throw new ConflictError(tooMuchMessage());
      after = await bringOnHandTo(tx, locked, target);
    }
    const movement = await record(tx, {
      productId,
      kind: 'adjustment',
      delta,
      reason: adjustment.reason,
      note: adjustment.note,
      adminId: by.id,
      adminName: by.name,
      stockAfter: after.stock,
      onHandAfter: after.stock + after.held,
      heldWrittenOff: after.writtenOff,
    });
    // `reserved` as the admin list says it: every held unit, counted or not.
    const [{ reserved } = { reserved: 0 }] = await tx
      .select({ reserved: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
      .from(stockReservations)
      .where(and(eq(stockReservations.productId, productId), eq(stockReservations.status, 'held')));
    return { movement, stock: after.stock, reserved, on_hand: after.stock + after.held };
  });
}

/**
 * Writes the count on hand the admin typed in the product form (null: made to order), in the caller's
 * transaction, if `expected` (the count on hand the form was opened with) is still true: otherwise 409
 * and nothing is written, so a form left open never overwrites sales or adjustments made since.
 */
export async function setOnHand(
  tx: Transaction,
  productId: number,
  change: { onHand: number | null; expected: number | null },
  by: StockActor | null,
): Promise<void> {
  const locked = await lockCounts(tx, productId);
  if (!locked) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const { stock } = locked.product;
  const current = stock === null ? null : stock + locked.held;
  if (change.expected !== current) throw new ConflictError(staleStockMessage(current, locked.held));
  if (change.onHand === current) return;
  let after: { stock: number | null; held: number; writtenOff: number };
  if (change.onHand === null) {
    await tx.update(products).set({ stock: null, updatedAt: new Date() }).where(eq(products.id, productId));
    after = { stock: null, held: 0, writtenOff: 0 };
  } else {
    after = await bringOnHandTo(tx, locked, change.onHand);
  }
  await record(tx, {
    productId,
    kind: 'set',
    delta: change.onHand !== null && current !== null ? change.onHand - current : null,
    adminId: by?.id ?? null,
    adminName: by?.name ?? null,
    stockAfter: after.stock,
    onHandAfter: after.stock === null ? null : after.stock + after.held,
    heldWrittenOff: after.writtenOff,
  });
}

/** The first count of a new product, as its history's first entry. */
export async function recordFirstCount(
  tx: Pick<Transaction, 'insert'>,
  productId: number,
  stock: number,
  by: StockActor | null,
): Promise<void> {
  await record(tx, {
    productId,
    kind: 'set',
    delta: stock,
    adminId: by?.id ?? null,
    adminName: by?.name ?? null,
    stockAfter: stock,
    onHandAfter: stock,
  });
}

/** A product's stock history, newest first, a page at a time, with the number of entries. */
export async function stockHistory(
  db: Pick<Database, 'select'>,
  productId: number,
  query: StockHistoryQuery,
): Promise<{ items: StockMovement[]; total: number }> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(stockMovements).where(eq(stockMovements.productId, productId)),
    db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(desc(stockMovements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return { items: rows.map(toMovement), total };
}
