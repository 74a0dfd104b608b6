/**
 * The checkout (decisions 0013 and 0045): from a cart the server prices to the order it becomes.
 * It opens (or reuses) the provider's payment intent for exactly the server's total, holding the
 * units it sells, and turns a payment the provider says was taken into its order through the one
 * `placeOrder`, whichever of the test processor's confirmation, Stripe's webhook, the browser's
 * POST /api/orders or the reconciler gets there first.
 */
import type { PricingSettings } from '../../../domain/pricing.js';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CreatePaymentIntent, TestCardConfirm } from '../../../domain/checkout.js';
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  PaymentExpiredError,
  PaymentRequiredError,
  PaymentRetryError,
} from '../../../domain/errors.js';
import type { Order } from '../../../domain/orders.js';
import type { ConfirmAnswer, PaymentIntentReply } from '../../../domain/payments.js';
import { messages } from '../../../domain/messages.js';
import { canIntentMove, PAYMENT_INTENT_STATUSES } from '../../../domain/payment-intents.js';
import { DEFAULT_HOLD_LIMITS, type HoldLimits } from '../../../domain/holds.js';
import { DEFAULT_PAYMENT_TTL_MINUTES } from '../../../domain/stock.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents, processedEvents } from '../../db/schema.js';
import { loadOrder } from '../orders/read.js';
import { hashSecret } from '../payments/client-secret.js';
import { customerOf } from '../payments/customers.js';
import { PaymentDeclined, type PaymentProvider } from '../payments/provider.js';
import type { TestProcessor } from '../payments/test-processor.js';
import { holdCheckout } from '../stock/holds.js';
import { recordRenewalIntent, type RenewalRef } from '../subscriptions/renewal-payment.js';
import { insertHoldingUncounted, releaseStock, reserveStock } from '../stock/reservations.js';
import type { Viewer } from '../../http/viewer.js';
import { letGoOfIntent } from './expiry.js';
import type { PlaceOrder } from './place-order.js';
import { priceCheckout } from './price.js';

/** The statuses a failed payment attempt may move back to requires_payment_method from. */
const CAN_FAIL_BACK = PAYMENT_INTENT_STATUSES.filter((from) =>
  canIntentMove(from, 'requires_payment_method'),
);

export const AMOUNT_CHANGED = 'The order total has changed. Please review your order and try again.';
export { ITEMS_UNAVAILABLE } from './price.js';

export interface CheckoutServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** Present when the built-in test processor is the provider: it confirms test cards. */
  testProcessor?: TestProcessor | undefined;
  placeOrder: PlaceOrder;
  pricing: PricingSettings;
  /**
   * How long an unpaid intent holds its stock and can be paid (PAYMENT_TTL_MINUTES, decision 0022).
   */
  paymentTtlMinutes?: number;
  /** How many units unpaid checkouts may hold (CHECKOUT_HOLD_* settings, decision 0038). */
  holdLimits?: HoldLimits;
}

export function createCheckoutService({
  db,
  provider,
  testProcessor,
  placeOrder,
  pricing,
  paymentTtlMinutes = DEFAULT_PAYMENT_TTL_MINUTES,
  holdLimits = DEFAULT_HOLD_LIMITS,
}: CheckoutServiceDeps) {
  return {
    provider: provider.name,

    /**
     * Creates the intent for exactly the server's total, or hands back the shopper's open one for the
     * same checkout. The key changes once an order is placed, so the next purchase gets a new intent.
     */
    async createIntent(viewer: Viewer, input: CreatePaymentIntent, clientAddress: string | null = null) {
      const { checkout, counted, short, history, holding } = await priceCheckout(db, viewer, input, pricing);
      if (input.amount !== checkout.totals.totalCents) throw new InvalidError(AMOUNT_CHANGED);
      // The key is the same for a repeat of this checkout (a double click, a retry), and changes once
      // an order is placed or one of the shopper's intents expires, so an expired checkout is never
      // handed back: the next attempt is a new intent at today's prices.
      const idempotencyKey = createHash('sha256')
        .update(JSON.stringify([provider.name, viewer.id, history.lastOrder, history.expired, checkout]))
        .digest('hex');
      if (short) {
        // Unless this is a repeat of the shopper's own checkout, whose units are already held.
        const [mine] = await db
          .select({ id: paymentIntents.id })
          .from(paymentIntents)
          .where(eq(paymentIntents.idempotencyKey, idempotencyKey));
        if (!mine) throw new ConflictError(short);
      }
      // A subscription line saves the card its payment is made with, on the account's customer, for
      // the renewals (decision 0058).
      const saveCard = checkout.lines.some((line) => line.intervalWeeks);
      const intent = await provider.createIntent({
        amountCents: checkout.totals.totalCents,
        currency: 'cad',
        idempotencyKey,
        metadata: { user_id: String(viewer.id), email: viewer.email },
        ...(saveCard ? { saveCard, customer: await customerOf(db, provider, viewer) } : {}),
      });
      const row = {
        id: intent.id,
        provider: provider.name,
        userId: viewer.id,
        amountCents: checkout.totals.totalCents,
        status: intent.status,
        clientSecretHash: hashSecret(intent.clientSecret),
        idempotencyKey,
        checkout: checkout as unknown as Record<string, unknown>,
        expiresAt: sql`now() + make_interval(mins => ${paymentTtlMinutes})`,
        clientAddress,
      };
      const reservedLines = checkout.lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        quantity: line.quantity,
        counted: counted.has(line.productId),
      }));
      // The intent and the units it holds are written together: a 409 for stock leaves neither. A new
      // checkout replaces the shopper's earlier ones and holds only what its bounds allow
      // (stock/holds.ts, decision 0038). Made to order only, with nothing held before (the usual
      // cart): nothing can run short or be replaced, so one statement writes both.
      const insertIntent = (executor: Pick<Database, 'insert'>) =>
        executor
          .insert(paymentIntents)
          .values(row)
          .onConflictDoNothing({ target: paymentIntents.idempotencyKey })
          .returning({ id: paymentIntents.id });
      const inserted =
        reservedLines.some((line) => line.counted) || holding
          ? await db.transaction(async (tx) => {
              const fresh = await insertIntent(tx);
              if (fresh.length > 0) {
                await holdCheckout(tx, {
                  intentId: intent.id,
                  userId: viewer.id,
                  clientAddress,
                  lines: reservedLines,
                  limits: holdLimits,
                });
              }
              return fresh;
            })
          : await insertHoldingUncounted(db, insertIntent(db).getSQL(), reservedLines);
      let id = intent.id;
      let clientSecret = intent.clientSecret;
      const reply = (order?: Order): PaymentIntentReply => ({
        client_secret: clientSecret,
        payment_intent_id: id,
        provider: provider.name,
        amount: checkout.totals.totalCents,
        ...(order ? { order } : {}),
      });
      if (inserted.length === 0) {
        // The shopper's open intent for this very checkout. Stripe answered the same key with the same
        // intent; the test processor issues that intent a fresh secret (only its hash is kept).
        const [open] = await db
          .select({ id: paymentIntents.id })
          .from(paymentIntents)
          .where(eq(paymentIntents.idempotencyKey, idempotencyKey));
        id = open!.id;
        // Paid already, though its order was never recorded (the key changes once it is): record it
        // now and answer it, rather than inviting a second charge for the same cart.
        const state = await provider.retrieveIntent(id);
        if (state.status === 'succeeded') {
          const { order } = await placeOrder(id, state.amountReceivedCents);
          return reply(order);
        }
        if (provider.name !== 'test' && open!.id !== intent.id) {
          // Stripe forgets idempotency keys after 24 hours and then makes a new intent for the same key.
          // The secret is the new intent's, so that is the one the shopper pays: track it. The old row
          // keeps its id (a late payment of it still finds its order) and gives up the key.
          await db.transaction(async (tx) => {
            await tx
              .update(paymentIntents)
              .set({ idempotencyKey: null, updatedAt: new Date() })
              .where(eq(paymentIntents.id, open!.id));
            const moved = await tx
              .insert(paymentIntents)
              .values(row)
              .onConflictDoNothing()
              .returning({ id: paymentIntents.id });
            // The old intent's units go back, the new one holds its own (it is the one to be paid).
            await releaseStock(tx, open!.id);
            if (moved.length > 0) await reserveStock(tx, intent.id, reservedLines);
          });
          id = intent.id;
        } else if (provider.name === 'test') {
          clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
          await db
            .update(paymentIntents)
            .set({ clientSecretHash: hashSecret(clientSecret), updatedAt: new Date() })
            .where(eq(paymentIntents.id, id));
        }
      }
      return reply();
    },

    /**
     * POST /api/orders: the order of the shopper's paid intent. The order the confirmation (or the
     * webhook) made is the answer; else the provider is asked, and a payment it says was taken
     * becomes its order now.
     */
    async orderOf(viewer: Viewer, intentId: string): Promise<{ order: Order; created: boolean }> {
      const [intent] = await db
        .select({ expiresAt: paymentIntents.expiresAt, orderId: orders.id })
        .from(paymentIntents)
        .leftJoin(orders, eq(orders.paymentIntentId, paymentIntents.id))
        .where(and(eq(paymentIntents.id, intentId), eq(paymentIntents.userId, viewer.id)));
      if (!intent) throw new NotFoundError('Payment not found.');
      // Already an order (the confirmation or the webhook got there first; or it was since cancelled
      // and refunded): that order is the answer, whatever the payment's state now.
      if (intent.orderId !== null) return { order: (await loadOrder(db, intent.orderId))!, created: false };
      const state = await provider.retrieveIntent(intentId);
      if (state.status !== 'succeeded') {
        const expired =
          state.status === 'canceled' || (intent.expiresAt !== null && intent.expiresAt <= new Date());
        if (expired) throw new PaymentExpiredError(messages.paymentExpired);
        throw new PaymentRequiredError('Payment has not been completed.');
      }
      return placeOrder(intentId, state.amountReceivedCents);
    },

    /**
     * Pays an intent with one of Stripe's test cards (the test processor) and answers the order it
     * became, or why nothing was charged (decision 0045). The card is taken in the order's own
     * transaction (`placeOrder` marks the intent succeeded there): both commit, or neither does, and
     * the browser may go away at any point.
     */
    async confirmCard(
      viewer: Viewer,
      clientSecret: string,
      card: TestCardConfirm['card'],
    ): Promise<ConfirmAnswer> {
      if (!testProcessor) throw new NotFoundError('Not found');
      try {
        const approved = await testProcessor.confirm(clientSecret, card, viewer.id);
        const { order } = await placeOrder(approved.intentId, approved.amountCents, {
          id: `evt_test_${approved.intentId}`,
          provider: provider.name,
          type: 'payment_intent.succeeded',
        });
        return { type: 'order', order };
      } catch (error) {
        if (error instanceof PaymentDeclined) return { type: 'declined', message: error.message };
        if (error instanceof PaymentExpiredError || error instanceof PaymentRetryError) {
          return { type: error.refusal, message: error.message };
        }
        throw error;
      }
    },

    /**
     * The test bank's confirmation, at the page, of a renewal the customer's bank wanted them to
     * confirm (decision 0059): the saved card pays it in the order's own transaction, as
     * `confirmCard` does.
     */
    async authenticateRenewal(viewer: Viewer, clientSecret: string): Promise<ConfirmAnswer> {
      if (!testProcessor) throw new NotFoundError('Not found');
      try {
        const approved = await testProcessor.authenticate(clientSecret, viewer.id);
        const { order } = await placeOrder(approved.intentId, approved.amountCents, {
          id: `evt_test_${approved.intentId}`,
          provider: provider.name,
          type: 'payment_intent.succeeded',
        });
        return { type: 'order', order };
      } catch (error) {
        if (error instanceof PaymentExpiredError || error instanceof PaymentRetryError) {
          return { type: error.refusal, message: error.message };
        }
        throw error;
      }
    },

    /**
     * A provider event (Stripe webhook, or the test processor's own confirmation): applied once per
     * event id; a succeeded payment finishes its order. A renewal's payment (its metadata names the
     * attempt) is written from its attempt first, if its runner died before writing it
     * (decision 0058).
     */
    async handleEvent(event: {
      id: string;
      type: string;
      intentId?: string;
      amountReceivedCents?: number;
      renewal?: RenewalRef;
    }) {
      const mark = { id: event.id, provider: provider.name, type: event.type };
      if (event.type === 'payment_intent.succeeded' && event.intentId) {
        if (event.renewal) {
          await recordRenewalIntent(db, provider.name, event.renewal, event.intentId, 'succeeded');
        }
        try {
          // The event is marked in the order's own transaction: both happen, or neither does.
          const { duplicateEvent } = await placeOrder(event.intentId, event.amountReceivedCents ?? 0, mark);
          return { duplicate: duplicateEvent };
        } catch (error) {
          // Not one of this shop's payments (its transaction, mark included, rolled back): the event
          // is only recorded, below.
          if (!(error instanceof NotFoundError)) throw error;
        }
      }
      const applied = await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(processedEvents)
          .values(mark)
          .onConflictDoNothing()
          .returning({ id: processedEvents.id });
        if (fresh.length === 0) return { duplicate: true };
        if (event.type === 'payment_intent.payment_failed' && event.intentId) {
          // Events may arrive out of order: a failed attempt moves the intent back only where the
          // transition table allows (decision 0046), never undoing a success or a cancellation.
          await tx
            .update(paymentIntents)
            .set({ status: 'requires_payment_method', updatedAt: new Date() })
            .where(and(eq(paymentIntents.id, event.intentId), inArray(paymentIntents.status, CAN_FAIL_BACK)));
        }
        return { duplicate: false };
      });
      // Cancelled with Stripe (by us on expiry, or in Stripe's dashboard): its stock goes back.
      if (!applied.duplicate && event.type === 'payment_intent.canceled' && event.intentId) {
        await letGoOfIntent(db, event.intentId);
      }
      return applied;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
