/** Stripe PaymentIntents behind the PaymentProvider interface (used when STRIPE_SECRET_KEY is set). */
import Stripe from 'stripe';
import { isPaymentIntentStatus, type PaymentIntentStatus } from '../../../domain/payment-intents.js';
import { createHash } from 'node:crypto';
import {
  AUTHENTICATION_REQUIRED,
  type CardSetup,
  type IntentState,
  type OffSessionCharge,
  type PaymentProvider,
} from './provider.js';

/**
 * Stripe's status as the shop knows it (decision 0046). A status Stripe adds later is refused
 * loudly (the caller logs it; the reconciler asks again later), never stored or guessed at.
 */
function known(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  if (isPaymentIntentStatus(status)) return status;
  throw new Error(`Stripe answered a payment status the shop does not know: ${status}`);
}

const DECLINED = 'Your card was declined.';

/** Card brands as Stripe names them, as a customer reads them. */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** What the shop asks of a PaymentIntent: its status, what it took, and the card that paid it. */
function stateOf(intent: Stripe.PaymentIntent): IntentState {
  return {
    status: known(intent.status),
    amountReceivedCents: intent.amount_received,
    methodRef: idOf(intent.payment_method),
    customerRef: idOf(intent.customer),
    lastErrorCode: intent.last_payment_error?.code ?? null,
  };
}

/**
 * An off-session PaymentIntent's answer (decision 0058): succeeded; processing (the event or the
 * next ask finishes it); anything else is the decline Stripe describes.
 */
function chargeOf(intent: Stripe.PaymentIntent): OffSessionCharge {
  switch (intent.status) {
    case 'succeeded':
      return { id: intent.id, status: 'succeeded' };
    case 'processing':
    case 'requires_capture':
      return { id: intent.id, status: 'processing' };
    case 'requires_action':
      return { id: intent.id, status: 'requires_action', message: AUTHENTICATION_REQUIRED };
    default:
      return { id: intent.id, status: 'declined', message: intent.last_payment_error?.message ?? DECLINED };
  }
}

export function createStripeProvider(
  secretKey: string,
  client?: Stripe,
): PaymentProvider & { client: Stripe } {
  const stripe = client ?? new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    client: stripe,

    async createIntent({ amountCents, currency, idempotencyKey, metadata, customer, saveCard }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata,
          ...(customer ? { customer } : {}),
          // A subscription's first payment saves its card for the renewals, on the customer
          // (decision 0058). Cards only: a card is what a renewal charges and what the shop shows.
          ...(saveCard
            ? { setup_future_usage: 'off_session' as const, allowed_payment_method_types: ['card'] }
            : { automatic_payment_methods: { enabled: true } }),
        },
        { idempotencyKey },
      );
      return { id: intent.id, clientSecret: intent.client_secret ?? '', status: known(intent.status) };
    },

    async retrieveIntent(id) {
      return stateOf(await stripe.paymentIntents.retrieve(id));
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

    async ensureCustomer({ id, email, known: customer }) {
      if (customer) return customer;
      // A repeat (two checkouts at once, a retry) gets the same customer within Stripe's 24 hours;
      // the e-mail is in the key so another database's account of the same id never shares it.
      const key = `customer-${id}-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;
      const created = await stripe.customers.create(
        { email, metadata: { user_id: String(id) } },
        { idempotencyKey: key },
      );
      return created.id;
    },

    async chargeOffSession({ amountCents, currency, customerRef, methodRef, idempotencyKey, metadata }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            ...(customerRef ? { customer: customerRef } : {}),
            payment_method: methodRef,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            metadata,
          },
          { idempotencyKey },
        );
        return chargeOf(intent);
      } catch (error) {
        // A decline is Stripe's 402 card error, with the intent it made (replayed for the same key).
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        const id = error.payment_intent?.id;
        const message = error.message || DECLINED;
        return error.code === 'authentication_required'
          ? { ...(id ? { id } : {}), status: 'requires_action', message: AUTHENTICATION_REQUIRED }
          : { ...(id ? { id } : {}), status: 'declined', message };
      }
    },

    async onSessionSecret(intentId) {
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (!intent.client_secret) throw new Error(`Stripe gave no client secret for ${intentId}`);
      return intent.client_secret;
    },

    async createCardSetup({ customerRef, idempotencyKey, metadata }) {
      const setup = await stripe.setupIntents.create(
        { customer: customerRef, usage: 'off_session', allowed_payment_method_types: ['card'], metadata },
        { idempotencyKey },
      );
      if (!setup.client_secret) throw new Error(`Stripe gave no client secret for ${setup.id}`);
      return { id: setup.id, clientSecret: setup.client_secret };
    },

    async retrieveCardSetup(id): Promise<CardSetup> {
      const setup = await stripe.setupIntents.retrieve(id);
      return {
        status: setup.status,
        methodRef: idOf(setup.payment_method),
        customerRef: idOf(setup.customer),
        metadata: setup.metadata ?? {},
      };
    },

    async describeMethod(methodRef) {
      const method = await stripe.paymentMethods.retrieve(methodRef);
      if (!method.card) return null;
      return {
        brand: BRANDS[method.card.brand] ?? method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },
  };
}
