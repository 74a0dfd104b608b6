/**
 * Changes to saved carts that other modules make inside their own transactions: placing an order
 * closes the shopper's saved cart; ending all of a user's sessions also voids their restore links.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { abandonedCarts } from '../../db/schema.js';

/** Removes the user's open record and marks a restored one as converted (called when they order). */
export async function closeAbandonedCarts(
  executor: Pick<Database, 'execute'>,
  userId: number,
): Promise<void> {
  // One statement: the two touch different rows (open, restored), so neither sees the other's change.
  await executor.execute(sql`with removed as (
      delete from ${abandonedCarts}
      where ${abandonedCarts.userId} = ${userId} and ${abandonedCarts.status} = 'open'
    )
    update ${abandonedCarts} set "status" = 'converted', "updated_at" = now()
    where ${abandonedCarts.userId} = ${userId} and ${abandonedCarts.status} = 'restored'`);
}

/** Makes every outstanding restore link of a user useless (their password or rights changed). */
export async function revokeRestoreLinks(executor: Pick<Database, 'update'>, userId: number): Promise<void> {
  await executor
    .update(abandonedCarts)
    .set({ tokenHash: null, tokenExpiresAt: null })
    .where(eq(abandonedCarts.userId, userId));
}
