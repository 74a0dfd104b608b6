/**
 * Orders past ORDER_RETENTION_YEARS lose their personal fields (decision 0043), through the same
 * `anonymiseOrders` an account's deletion uses. Run by the daily housekeeping job
 * (maintenance/housekeeping.ts), a batch per transaction so a first run over years of orders holds
 * no long locks.
 */
import { and, inArray, isNull, lt } from 'drizzle-orm';
import { orderRetentionCutoff } from '../../../domain/retention.js';
import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { anonymiseOrders } from './erasure.js';

const BATCH = 500;

/** Anonymises every order placed more than `years` before `now`; answers how many it changed. */
export async function anonymiseExpiredOrders(db: Database, years: number, now = new Date()): Promise<number> {
  const cutoff = orderRetentionCutoff(now, years);
  let total = 0;
  for (;;) {
    const changed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(isNull(orders.anonymisedAt), lt(orders.createdAt, cutoff)))
        .orderBy(orders.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = await anonymiseOrders(
        tx,
        inArray(
          orders.id,
          due.map((row) => row.id),
        ),
      );
      return ids.length;
    });
    total += changed;
    if (changed < BATCH) return total;
  }
}
