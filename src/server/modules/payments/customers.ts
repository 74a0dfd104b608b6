/**
 * The provider's customer of an account (decision 0058): Stripe keeps a subscriber's saved card on a
 * Customer, made at the account's first checkout with a subscription line and kept in
 * `users.stripe_customer_id` for every later one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { PaymentProvider } from './provider.js';

/**
 * The account's customer with the provider, made once: two checkouts at once get the same one
 * (the provider answers the same key with it, and the first one stored wins). Undefined when the
 * provider keeps no customers (the test processor).
 */
export async function customerOf(
  db: Database,
  provider: PaymentProvider,
  user: { id: number; email: string },
): Promise<string | undefined> {
  const stored = async () =>
    (await db.select({ ref: users.stripeCustomerId }).from(users).where(eq(users.id, user.id)))[0]?.ref ??
    null;
  const known = await stored();
  const ref = await provider.ensureCustomer({ id: user.id, email: user.email, known });
  if (ref === null) return undefined;
  if (ref === known) return ref;
  await db
    .update(users)
    .set({ stripeCustomerId: ref, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  return (await stored()) ?? ref;
}
