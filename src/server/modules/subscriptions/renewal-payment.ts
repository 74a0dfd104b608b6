/**
 * A renewal attempt's payment (decisions 0056 and 0058): the charge of the saved card, the customer
 * not present, and the payment intent row it becomes.
 *
 * The attempt is written first, with what it charges (amount, priced snapshot, card) and its
 * idempotency key `renewal-{subscription}-{cycle}-{attempt}`; the provider names the payment only
 * when it answers, so the payment intent's row is written then. Whoever finishes the attempt (its
 * runner, the next pass after a crash, a second instance, Stripe's webhook) writes the same row and
 * links the attempt to it once; `placeOrder` then makes one order of it.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentIntentStatus } from '../../../domain/payment-intents.js';
import type { Database } from '../../db/client.js';
import { paymentIntents, subscriptionRenewals, subscriptions } from '../../db/schema.js';
import {
  AUTHENTICATION_REQUIRED,
  type OffSessionCharge,
  type PaymentProvider,
  type ProviderName,
} from '../payments/provider.js';

/** Which attempt: subscription, cycle, try. */
export interface RenewalRef {
  subscriptionId: number;
  cycle: number;
  attempt: number;
}

/** An attempt as written, with what its charge needs. */
export interface RenewalCharge extends RenewalRef {
  /** The provider's payment, once it answered a charge of this attempt. */
  intentId: string | null;
  amountCents: number;
  userId: number;
  methodRef: string;
  customerRef: string | null;
}

/** The answer while a payment is still being processed: the order follows when it completes. */
export const PAYMENT_PROCESSING =
  'The payment is still being processed; the order follows when it completes.';

/** The attempt's idempotency key: the provider charges it once. */
export const renewalKey = ({ subscriptionId, cycle, attempt }: RenewalRef) =>
  `renewal-${subscriptionId}-${cycle}-${attempt}`;

/** The attempt, as the payment's metadata names it (Stripe's webhook finds it by this). */
export const renewalMetadata = (charge: RenewalCharge): Record<string, string> => ({
  user_id: String(charge.userId),
  subscription_id: String(charge.subscriptionId),
  renewal: `${charge.subscriptionId}-${charge.cycle}-${charge.attempt}`,
});

/** The attempt a payment's metadata names, if it is a renewal's. */
export function renewalOfMetadata(
  metadata: Record<string, string> | null | undefined,
): RenewalRef | undefined {
  const match = /^(\d+)-(\d+)-(\d+)$/.exec(metadata?.renewal ?? '');
  if (!match) return undefined;
  return { subscriptionId: Number(match[1]), cycle: Number(match[2]), attempt: Number(match[3]) };
}

/** Charges the attempt's saved card: Stripe's way, or the test processor's. */
export async function chargeRenewal(
  provider: PaymentProvider,
  charge: RenewalCharge,
): Promise<OffSessionCharge> {
  if (provider.name === 'stripe') return chargeWithStripe(provider, charge);
  // The test processor takes nothing until placeOrder's transaction: its card is asked each time,
  // and the same key names the same payment (an attempt written before decision 0058 already has
  // its payment: that one).
  const answer = await provider.chargeOffSession(request(charge));
  return charge.intentId === null ? answer : { ...answer, id: charge.intentId };
}

const request = (charge: RenewalCharge) => ({
  amountCents: charge.amountCents,
  currency: 'cad' as const,
  customerRef: charge.customerRef,
  methodRef: charge.methodRef,
  idempotencyKey: renewalKey(charge),
  metadata: renewalMetadata(charge),
});

/**
 * Stripe moves the money when it answers, so an attempt is sent to it with its key until its answer
 * is written: the first try, or again after a runner died before writing it. Stripe answers a
 * repeated key with the same PaymentIntent (charged once). Once the PaymentIntent is known, Stripe is
 * asked what became of it instead: a key replays its first answer (a payment processing then stays
 * so), and is forgotten after 24 hours.
 */
async function chargeWithStripe(provider: PaymentProvider, charge: RenewalCharge): Promise<OffSessionCharge> {
  if (charge.intentId === null) return provider.chargeOffSession(request(charge));
  const id = charge.intentId;
  const state = await provider.retrieveIntent(id);
  switch (state.status) {
    case 'succeeded':
      return { id, status: 'succeeded' };
    case 'processing':
    case 'requires_capture':
      return { id, status: 'processing' };
    case 'requires_action':
      return { id, status: 'requires_action', message: AUTHENTICATION_REQUIRED };
    // An off-session try the bank wanted confirmed leaves the PaymentIntent waiting for a payment
    // method, with the reason: the customer can still confirm it at the page (decision 0059).
    case 'requires_payment_method':
      if (state.lastErrorCode === 'authentication_required') {
        return { id, status: 'requires_action', message: AUTHENTICATION_REQUIRED };
      }
      return { id, status: 'declined', message: 'Your card was declined.' };
    default:
      return { id, status: 'declined', message: 'Your card was declined.' };
  }
}

/**
 * The payment intent's status as stored: what Stripe answered (succeeded or processing; a decline
 * leaves its PaymentIntent waiting for a payment method). The test processor's charge is
 * placeOrder's transaction, so its payment waits until then.
 */
export function storedStatus(provider: ProviderName, answer: OffSessionCharge): PaymentIntentStatus {
  if (provider === 'stripe' && answer.status === 'succeeded') return 'succeeded';
  if (provider === 'stripe' && answer.status === 'processing') return 'processing';
  return 'requires_payment_method';
}

/**
 * Writes the payment intent row of an attempt the provider answered, from what the attempt keeps,
 * and links the attempt to it; a repeat (the runner and the webhook, two runners) writes nothing
 * more. False when there is no such attempt, or it is linked to another payment.
 */
export async function recordRenewalIntent(
  db: Database,
  provider: ProviderName,
  ref: RenewalRef,
  intentId: string,
  status: PaymentIntentStatus,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: subscriptions.userId,
        amountCents: subscriptionRenewals.amountCents,
        checkout: subscriptionRenewals.checkout,
        paymentMethodId: subscriptionRenewals.paymentMethodId,
        paymentIntentId: subscriptionRenewals.paymentIntentId,
      })
      .from(subscriptionRenewals)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionRenewals.subscriptionId))
      .where(
        and(
          eq(subscriptionRenewals.subscriptionId, ref.subscriptionId),
          eq(subscriptionRenewals.cycle, ref.cycle),
          eq(subscriptionRenewals.attempt, ref.attempt),
        ),
      );
    if (!row || row.amountCents === null || row.checkout === null) return false;
    if (row.paymentIntentId !== null) return row.paymentIntentId === intentId;
    await tx
      .insert(paymentIntents)
      .values({
        id: intentId,
        provider,
        userId: row.userId,
        amountCents: row.amountCents,
        status,
        idempotencyKey: renewalKey(ref),
        checkout: row.checkout,
        paymentMethodId: row.paymentMethodId,
      })
      .onConflictDoNothing();
    await tx
      .update(subscriptionRenewals)
      .set({ paymentIntentId: intentId, updatedAt: new Date() })
      .where(
        and(
          eq(subscriptionRenewals.subscriptionId, ref.subscriptionId),
          eq(subscriptionRenewals.cycle, ref.cycle),
          eq(subscriptionRenewals.attempt, ref.attempt),
          isNull(subscriptionRenewals.paymentIntentId),
        ),
      );
    return true;
  });
}
