/**
 * Changes to saved carts that other modules make inside their own transactions: placing an order
 * closes the shopper's saved cart; ending all of a user's sessions also voids their restore links.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { abandonedCarts } from '../../db/schema.js';

type Executor = Pick<Database, 'delete' | 'update'>;

/** Removes the user's open record and marks a restored one as converted (called when they order). */
export async function closeAbandonedCarts(executor: Executor, userId: number): Promise<void> {
  await executor
    .delete(abandonedCarts)
    .where(and(eq(abandonedCarts.userId, userId), eq(abandonedCarts.status, 'open')));
  await executor
    .update(abandonedCarts)
    .set({ status: 'converted', updatedAt: new Date() })
    .where(and(eq(abandonedCarts.userId, userId), eq(abandonedCarts.status, 'restored')));
}

/** Makes every outstanding restore link of a user useless (their password or rights changed). */
export async function revokeRestoreLinks(executor: Pick<Database, 'update'>, userId: number): Promise<void> {
  await executor
    .update(abandonedCarts)
    .set({ tokenHash: null, tokenExpiresAt: null })
    .where(eq(abandonedCarts.userId, userId));
}
