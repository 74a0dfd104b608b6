/**
 * The card a subscription's first payment saved (decisions 0056 and 0058). The test processor
 * records it when it confirms the card; Stripe saves the PaymentMethod on the customer when the
 * payment succeeds, and the shop learns of it only then, by whichever path finishes the order (the
 * webhook, the browser's POST /api/orders, the reconciler, the expiry sweep). So every one of them
 * goes through `placeOrder` wrapped here: before the order's transaction, the card is recorded and
 * set on the payment, where `startSubscriptions` finds it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { parseCheckoutSnapshot } from '../../../domain/stored/checkout-snapshot.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents, paymentMethods } from '../../db/schema.js';
import type { PaymentProvider } from '../payments/provider.js';
import type { PlaceOrder } from './place-order.js';

/**
 * Records the card that paid a first subscription payment, once: nothing when the payment saved no
 * card, has one already, or has its order. A card that is not one (or that the provider cannot
 * describe) is not kept; the subscription then asks for a card at its first renewal.
 */
export async function recordSavedCard(db: Database, provider: PaymentProvider, intentId: string) {
  const [row] = await db
    .select({
      provider: paymentIntents.provider,
      userId: paymentIntents.userId,
      checkout: paymentIntents.checkout,
      paymentMethodId: paymentIntents.paymentMethodId,
      orderId: orders.id,
    })
    .from(paymentIntents)
    .leftJoin(orders, eq(orders.paymentIntentId, paymentIntents.id))
    .where(eq(paymentIntents.id, intentId));
  if (!row || row.provider !== provider.name || row.userId === null) return;
  if (row.paymentMethodId !== null || row.orderId !== null) return;
  const checkout = parseCheckoutSnapshot(row.checkout);
  if (checkout.renewal || !checkout.lines.some((line) => line.intervalWeeks)) return;
  const state = await provider.retrieveIntent(intentId);
  if (state.status !== 'succeeded' || !state.methodRef) return;
  const card = await provider.describeMethod(state.methodRef);
  if (!card) return;
  const userId = row.userId;
  const methodRef = state.methodRef;
  await db.transaction(async (tx) => {
    // One row per card, whichever path got here first.
    await tx
      .insert(paymentMethods)
      .values({ userId, provider: provider.name, customerRef: state.customerRef ?? null, methodRef, ...card })
      .onConflictDoNothing({ target: [paymentMethods.provider, paymentMethods.methodRef] });
    const [saved] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.provider, provider.name), eq(paymentMethods.methodRef, methodRef)));
    await tx
      .update(paymentIntents)
      .set({ paymentMethodId: saved!.id, updatedAt: new Date() })
      .where(and(eq(paymentIntents.id, intentId), isNull(paymentIntents.paymentMethodId)));
  });
}

/** `placeOrder`, recording first the card a subscription's first payment saved. */
export function savingTheCard(db: Database, provider: PaymentProvider, placeOrder: PlaceOrder): PlaceOrder {
  return async (intentId, amountReceivedCents, event) => {
    await recordSavedCard(db, provider, intentId);
    return placeOrder(intentId, amountReceivedCents, event);
  };
}
