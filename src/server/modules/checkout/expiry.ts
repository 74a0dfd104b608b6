/**
 * Checkouts that were not paid in time (decision 0022): after PAYMENT_TTL_MINUTES an unpaid intent
 * is cancelled with the provider and gives its stock back. A confirmation that comes later is
 * refused with `messages.paymentExpired`, and the browser prices the cart again (decision 0022).
 */
import { and, eq, exists, isNotNull, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import { FINISHED_INTENT_STATUSES, type PaymentIntentStatus } from '../../../domain/payment-intents.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents, stockReservations } from '../../db/schema.js';
import { releaseStock } from '../stock/reservations.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { PlaceOrder } from './place-order.js';

/** Intents let go of per pass; the next pass takes the rest. */
const BATCH = 100;

/**
 * The intent will never be paid (expired, or the provider says it was cancelled): it is marked so and
 * its held units go back, in one transaction, unless it has an order. Safe to repeat.
 */
export async function letGoOfIntent(
  db: Database,
  intentId: string,
  status: PaymentIntentStatus = 'canceled',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select({ status: paymentIntents.status })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intentId))
      .for('update');
    if (!intent || intent.status === 'succeeded') return false;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentIntentId, intentId));
    if (order) return false;
    await tx
      .update(paymentIntents)
      .set({ status, idempotencyKey: null, updatedAt: new Date() })
      .where(eq(paymentIntents.id, intentId));
    await releaseStock(tx, intentId, 'held');
    return true;
  });
}

/**
 * One pass: every intent of this provider past its expiry, without an order, that can still be paid
 * or still holds stock, is cancelled with the provider and let go of. One paid at the last moment
 * becomes its order instead. Answers how many were let go of and how many became orders.
 */
export async function expireIntents({
  db,
  provider,
  placeOrder,
  onError,
}: {
  db: Database;
  provider: PaymentProvider;
  /** Makes the order of a paid intent (checkout/place-order.ts). */
  placeOrder: PlaceOrder;
  onError: (error: unknown, intentId: string) => void;
}): Promise<{ expired: number; paid: number }> {
  const due = await db
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.provider, provider.name),
        isNotNull(paymentIntents.expiresAt),
        lte(paymentIntents.expiresAt, sql`now()`),
        or(
          notInArray(paymentIntents.status, [...FINISHED_INTENT_STATUSES]),
          exists(
            db
              .select({ one: sql`1` })
              .from(stockReservations)
              .where(
                and(eq(stockReservations.intentId, paymentIntents.id), eq(stockReservations.status, 'held')),
              ),
          ),
        ),
        notExists(
          db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntents.id)),
        ),
      ),
    )
    .orderBy(paymentIntents.expiresAt)
    .limit(BATCH);
  const result = { expired: 0, paid: 0 };
  for (const { id } of due) {
    try {
      const state = await provider.cancelIntent(id);
      if (state.status === 'succeeded') {
        // Paid before the cancellation reached the provider: the money is taken, so it is an order.
        await placeOrder(id, state.amountReceivedCents);
        result.paid++;
      } else if (await letGoOfIntent(db, id)) {
        result.expired++;
      }
    } catch (error) {
      onError(error, id);
    }
  }
  return result;
}
