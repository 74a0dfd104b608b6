/**
 * What a payment took, as the payments module records it (decision 0039): the refunds of an order
 * ask here, never the order's paid flag.
 */
import { eq } from 'drizzle-orm';
import { isPaidIntentStatus } from '../../../domain/payment-intents.js';
import type { Database } from '../../db/client.js';
import { paymentIntents } from '../../db/schema.js';

/**
 * Cents the provider took for the payment (decision 0039): its amount once it succeeded, nothing
 * before. The payment's row is the provider's own record for the test processor, and for Stripe
 * what Stripe reported when the order was made (an order exists only for a payment that succeeded,
 * with exactly its amount). Also what the provider says it has refunded (the test processor keeps
 * it; Stripe's refunds are the order's refund rows).
 */
export async function capturedCents(
  tx: Pick<Database, 'select'>,
  paymentIntentId: string,
): Promise<{ captured: number; refunded: number }> {
  const [payment] = await tx
    .select({
      status: paymentIntents.status,
      amountCents: paymentIntents.amountCents,
      refundedCents: paymentIntents.refundedCents,
    })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, paymentIntentId));
  if (!payment || !isPaidIntentStatus(payment.status)) {
    return { captured: 0, refunded: 0 };
  }
  return { captured: payment.amountCents, refunded: payment.refundedCents };
}
