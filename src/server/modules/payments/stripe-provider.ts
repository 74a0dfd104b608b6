/** Stripe PaymentIntents behind the PaymentProvider interface (used when STRIPE_SECRET_KEY is set). */
import Stripe from 'stripe';
import { isPaymentIntentStatus, type PaymentIntentStatus } from '../../../domain/payment-intents.js';
import type { PaymentProvider } from './provider.js';

/**
 * Stripe's status as the shop knows it (decision 0046). A status Stripe adds later is refused
 * loudly (the caller logs it; the reconciler asks again later), never stored or guessed at.
 */
function known(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  if (isPaymentIntentStatus(status)) return status;
  throw new Error(`Stripe answered a payment status the shop does not know: ${status}`);
}

export function createStripeProvider(
  secretKey: string,
  client?: Stripe,
): PaymentProvider & { client: Stripe } {
  const stripe = client ?? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    client: stripe,

    async createIntent({ amountCents, currency, idempotencyKey, metadata }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency, automatic_payment_methods: { enabled: true }, metadata },
        { idempotencyKey },
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: known(intent.status) };
    },

    async retrieveIntent(id) {
      const intent = await stripe.paymentIntents.retrieve(id);
      return { status: known(intent.status), amountReceivedCents: intent.amount_received };
    },

    async refund(intentId, idempotencyKey, amountCents) {
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (intent.status === 'succeeded') {
        await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
      } else if (intent.status !== 'canceled') {
        await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey });
      }
    },

    async cancelIntent(id) {
      try {
        const intent = await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `expire-${id}` });
        return { status: known(intent.status), amountReceivedCents: intent.amount_received };
      } catch (error) {
        // Stripe refuses to cancel a paid (or already cancelled) intent: what it is now is the answer.
        const intent = await stripe.paymentIntents.retrieve(id);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return { status: known(intent.status), amountReceivedCents: intent.amount_received };
        }
        throw error;
      }
    },
  };
}
