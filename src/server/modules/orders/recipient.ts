/**
 * Whether an order's e-mails greet the customer by name. The address of an order is typed at
 * checkout, so it may be anyone's: only when it is the confirmed address of the account that
 * placed the order is the customer known to read there (docs/product.md, E-mails;
 * domain/email-names.ts for the names themselves).
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Order } from '../../../domain/orders.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

export interface Recipient {
  /** The order's address is its account's confirmed address: the e-mail may greet by name. */
  confirmed: boolean;
}

export async function recipientOf(executor: Pick<Database, 'select'>, order: Order): Promise<Recipient> {
  if (order.user_id === null) return { confirmed: false };
  const [account] = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, order.user_id),
        sql`lower(${users.email}) = ${order.email.toLowerCase()}`,
        isNotNull(users.emailVerifiedAt),
      ),
    );
  return { confirmed: account !== undefined };
}
