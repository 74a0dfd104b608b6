/**
 * Payments (decision 0013): the server prices the cart, creates (or reuses) the provider's payment
 * intent, and finishes the order when the provider says the money was taken, whichever of the
 * browser, a webhook or the test processor gets there first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CreatePaymentIntent } from '../../../domain/checkout.js';
import { ConflictError, InvalidError, NotFoundError, PaymentRequiredError } from '../../../domain/errors.js';
import type { Order } from '../../../domain/orders.js';
import type { PaymentIntentReply } from '../../../domain/payments.js';
import { messages } from '../../../domain/messages.js';
import { checkoutTotals, isFreeShippingAccount, MAX_ORDER_TOTAL_CENTS } from '../../../domain/pricing.js';
import { DEFAULT_HOLD_LIMITS, type HoldLimits } from '../../../domain/holds.js';
import { DEFAULT_PAYMENT_TTL_MINUTES, notEnoughStockMessage } from '../../../domain/stock.js';
import type { Database } from '../../db/client.js';
import { orders, paymentIntents, processedEvents, products } from '../../db/schema.js';
import type { OrdersService } from '../orders/service.js';
import { holdCheckout } from '../stock/holds.js';
import { insertHoldingUncounted, releaseStock, reserveStock } from '../stock/reservations.js';
import { letGoOfIntent } from './expiry.js';
import type { Viewer } from '../users/sessions.js';
import type { IntentCheckout } from './checkout-snapshot.js';
import type { PaymentProvider } from './provider.js';
import { hashSecret } from './test-processor.js';

export const AMOUNT_CHANGED = 'The order total has changed. Please review your order and try again.';
export const ITEMS_UNAVAILABLE = 'Some items in your cart are no longer available. Please review your cart.';

export interface PaymentsServiceDeps {
  db: Database;
  provider: PaymentProvider;
  orders: OrdersService;
  freeShippingEmail: string | undefined;
  /**
   * How long an unpaid intent holds its stock and can be paid (PAYMENT_TTL_MINUTES, decision 0022).
   */
  paymentTtlMinutes?: number;
  /** How many units unpaid checkouts may hold (CHECKOUT_HOLD_* settings, decision 0038). */
  holdLimits?: HoldLimits;
}

export function createPaymentsService({
  db,
  provider,
  orders: orderService,
  freeShippingEmail,
  paymentTtlMinutes = DEFAULT_PAYMENT_TTL_MINUTES,
  holdLimits = DEFAULT_HOLD_LIMITS,
}: PaymentsServiceDeps) {
  /** Prices the cart from the catalogue, with the shipping rule and tax; never the client's numbers. */
  async function price(
    viewer: Viewer,
    input: CreatePaymentIntent,
  ): Promise<{
    checkout: IntentCheckout;
    counted: Set<number>;
    short: string | null;
    history: { lastOrder: number; expired: number };
    /** The shopper has an earlier checkout holding counted units (which a new one replaces). */
    holding: boolean;
  }> {
    const ids = input.items.map((item) => item.id);
    // The shopper's history for the idempotency key (createIntent) comes in the same statement: it is
    // needed only when a product was found (items are never empty), and then every row carries it.
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        priceCents: products.priceCents,
        isActive: products.isActive,
        stock: products.stock,
        lastOrder: sql<number>`coalesce((select max(${orders.id}) from ${orders} where ${orders.userId} = ${viewer.id}), 0)`,
        expired: sql<number>`(select count(*) from ${paymentIntents} where ${paymentIntents.userId} = ${viewer.id} and ${paymentIntents.expiresAt} <= now())::int`,
        // Written out: drizzle leaves column names unqualified in a one-table select, and both have an id.
        holding: sql<boolean>`exists (select 1 from stock_reservations r join payment_intents i on i.id = r.intent_id where i.user_id = ${viewer.id} and r.status = 'held' and r.counted)`,
      })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(rows.filter((row) => row.isActive).map((row) => [row.id, row]));
    const lines = input.items.map((item) => {
      const product = byId.get(item.id);
      if (!product) throw new InvalidError(ITEMS_UNAVAILABLE);
      return {
        productId: product.id,
        name: product.name,
        sku: product.sku,
        priceCents: product.priceCents,
        quantity: item.quantity,
      };
    });
    const freeShipping = isFreeShippingAccount(viewer, freeShippingEmail);
    const totals = checkoutTotals(lines, input.shippingInfo, freeShipping);
    if (totals.totalCents > MAX_ORDER_TOTAL_CENTS) throw new InvalidError(messages.orderTooLarge);
    // Short of stock as priced: refused before the provider is asked for anything (createIntent). The
    // reservation itself (reserveStock) is the check that counts when checkouts race.
    const wanted = new Map<number, number>();
    for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
    let short: string | null = null;
    for (const [id, quantity] of wanted) {
      const { stock, name } = byId.get(id)!;
      if (stock !== null && stock < quantity) short ??= notEnoughStockMessage(name, stock);
    }
    const counted = new Set(rows.filter((row) => row.stock !== null).map((row) => row.id));
    const history = { lastOrder: rows[0]?.lastOrder ?? 0, expired: rows[0]?.expired ?? 0 };
    const holding = rows[0]?.holding ?? false;
    return {
      checkout: { lines, shippingInfo: input.shippingInfo, totals },
      counted,
      short,
      history,
      holding,
    };
  }

  return {
    provider: provider.name,

    /**
     * Creates the intent for exactly the server's total, or hands back the shopper's open one for the
     * same checkout. The key changes once an order is placed, so the next purchase gets a new intent.
     */
    async createIntent(viewer: Viewer, input: CreatePaymentIntent, clientAddress: string | null = null) {
      const { checkout, counted, short, history, holding } = await price(viewer, input);
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
      const intent = await provider.createIntent({
        amountCents: checkout.totals.totalCents,
        currency: 'cad',
        idempotencyKey,
        metadata: { user_id: String(viewer.id), email: viewer.email },
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
          const { order } = await orderService.finishPaidIntent(id, state.amountReceivedCents);
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

    /** POST /api/orders: the shopper's intent, confirmed with the provider, becomes one order. */
    async placeOrder(viewer: Viewer, intentId: string) {
      const [intent] = await db
        .select()
        .from(paymentIntents)
        .where(and(eq(paymentIntents.id, intentId), eq(paymentIntents.userId, viewer.id)));
      if (!intent) throw new NotFoundError('Payment not found.');
      // Already an order (the webhook or the test processor got there first; or it was since cancelled
      // and refunded): that order is the answer, whatever the payment's state now.
      const [existing] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentIntentId, intentId));
      if (existing) return { order: await orderService.get(viewer, existing.id), created: false };
      const state = await provider.retrieveIntent(intentId);
      if (state.status !== 'succeeded') {
        const expired =
          state.status === 'canceled' || (intent.expiresAt !== null && intent.expiresAt <= new Date());
        if (expired) throw new ConflictError(messages.paymentExpired);
        throw new PaymentRequiredError('Payment has not been completed.');
      }
      return orderService.finishPaidIntent(intentId, state.amountReceivedCents);
    },

    /**
     * A provider event (Stripe webhook, or the test processor's own confirmation): applied once per
     * event id; a succeeded payment finishes its order.
     */
    async handleEvent(event: { id: string; type: string; intentId?: string; amountReceivedCents?: number }) {
      const mark = { id: event.id, provider: provider.name, type: event.type };
      if (event.type === 'payment_intent.succeeded' && event.intentId) {
        try {
          // The event is marked in the order's own transaction: both happen, or neither does.
          const { duplicateEvent } = await orderService.finishPaidIntent(
            event.intentId,
            event.amountReceivedCents ?? 0,
            mark,
          );
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
          // Events may arrive out of order: a failed first attempt never undoes a later success.
          await tx
            .update(paymentIntents)
            .set({ status: 'requires_payment_method', updatedAt: new Date() })
            .where(
              and(
                eq(paymentIntents.id, event.intentId),
                notInArray(paymentIntents.status, ['succeeded', 'refunded']),
              ),
            );
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

export type PaymentsService = ReturnType<typeof createPaymentsService>;
