/**
 * Orders (SPEC §3, §4, §6): created only from a payment the provider reports as succeeded, once per
 * payment intent (a unique constraint, so the browser, a webhook and retries racing each other end
 * with one order); read, re-addressed and cancelled by their owner; listed and moved by admins.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum } from 'drizzle-orm';
import { ConflictError, NotFoundError, PaymentRequiredError } from '../../../domain/errors.js';
import { trackingUrl, type Carrier } from '../../../domain/fulfilment.js';
import { centsToDollars, formatPrice } from '../../../domain/money.js';
import { messages } from '../../../domain/messages.js';
import {
  ORDER_STATUSES,
  canCancel,
  canEditAddress,
  cancelBlockedReason,
  isFinalStatus,
  transitionBlockedReason,
  type Order,
  type OrderAddressUpdate,
  type OrderStatus,
  type OrderStatusUpdate,
} from '../../../domain/orders.js';
import { cityShippingCents } from '../../../domain/pricing.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  orderItems,
  type orderRefunds,
  orders,
  paymentIntents,
  processedEvents,
  products,
} from '../../db/schema.js';
import { closeAbandonedCarts } from '../abandoned-carts/records.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentProvider } from '../payments/provider.js';
import { heldUnits, releaseStock, takeStock } from '../stock/reservations.js';
import { createRefunds, recordRefund, refundsOf, toApiRefund } from './refunds.js';
import {
  canceledEmail,
  confirmationEmail,
  deliveredEmail,
  orderAlertEmail,
  shippedEmail,
} from './order-emails.js';
import {
  adminActor,
  customer,
  recordEvent,
  recordEvents,
  SYSTEM,
  timelineOf,
  type Actor,
} from './timeline.js';
import type { Viewer } from '../users/sessions.js';
import type { IntentCheckout } from '../payments/checkout-snapshot.js';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

export const ORDER_NOT_FOUND = 'Order not found';
const ADDRESS_EDITABLE = ORDER_STATUSES.filter(canEditAddress);

export function toApiOrder(row: OrderRow, items: OrderItemRow[], refunds: RefundRow[] = []): Order {
  return {
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
    status: row.status as OrderStatus,
    total: centsToDollars(row.totalCents),
    subtotal: centsToDollars(row.subtotalCents),
    shipping_cost: centsToDollars(row.shippingCents),
    tax_amount: centsToDollars(row.taxCents),
    is_paid: row.isPaid,
    payment_intent_id: row.paymentIntentId,
    shipping_address: row.shippingAddress,
    shipping_address2: row.shippingAddress2,
    shipping_city: row.shippingCity,
    shipping_state: row.shippingState,
    shipping_country: row.shippingCountry,
    shipping_postal_code: row.shippingPostalCode,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      product_name: item.productName,
      quantity: item.quantity,
      price: item.priceCents,
    })),
    carrier: (row.carrier as Carrier | null) ?? null,
    tracking_number: row.trackingNumber,
    tracking_url: trackingUrl(row.carrier as Carrier | null, row.trackingNumber),
    refunds: refunds.map(toApiRefund),
    refunded: centsToDollars(
      refunds
        .filter((refund) => refund.status === 'succeeded')
        .reduce((sum, refund) => sum + refund.amountCents, 0),
    ),
  };
}

/** The timeline's line for an e-mail queued about the order. */
const emailSummary = (email: { to: string; subject: string }) => `E-mail '${email.subject}' to ${email.to}`;

export interface AdminOrderQuery {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export { REFUND_JOB } from './refunds.js';

const CUSTOMER_CANCEL_REASON = 'Canceled by the customer';
const ADMIN_CANCEL_REASON = 'Canceled by the shop';

export function createOrdersService(
  db: Database,
  mailer: Mailer,
  {
    provider,
    onRefundDeferred,
    alertEmail,
    publicUrl = '',
  }: {
    /** Where refunds go (the test processor or Stripe). */
    provider: PaymentProvider;
    /** Who gets the new-order alert (ORDER_ALERT_EMAIL, else CONTACT_EMAIL); none when unset. */
    alertEmail?: string | undefined;
    /** The shop's address, for links in e-mails. */
    publicUrl?: string;
    /** A refund sent at once failed and is left to the job (for the log). */
    onRefundDeferred?: (error: unknown, orderId: number) => void;
  },
) {
  const refunds = createRefunds(db, provider, mailer, publicUrl, (executor, orderId) =>
    load(executor, orderId),
  );

  /** Queues a customer or owner e-mail in the change's transaction, and records it on the timeline. */
  async function send(
    tx: Transaction,
    orderId: number,
    email: { to: string; subject: string; text: string; html?: string },
  ) {
    await mailer.enqueue(tx, email);
    await recordEvent(tx, orderId, 'email', emailSummary(email), SYSTEM);
  }

  async function load(executor: Pick<Database, 'select'>, orderId: number): Promise<Order | null> {
    const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
    if (!row) return null;
    const items = await executor
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    return toApiOrder(row, items, await refundsOf(executor, [orderId]));
  }

  /** Sends a refund just written, after its transaction committed; the job retries what fails. */
  async function sendNow(key: string, orderId: number) {
    try {
      await refunds.send(key);
    } catch (error) {
      onRefundDeferred?.(error, orderId);
    }
  }

  /**
   * Cancels the locked order (the status table allows it): its units go back to stock, and a paid
   * order's remaining money is refunded. Answers the refund's key, to send once committed.
   */
  async function cancelLocked(
    tx: Transaction,
    row: OrderRow,
    by: { actor: Actor; reason: string; key?: string },
  ): Promise<string | null> {
    await tx
      .update(orders)
      .set({ status: 'Canceled', canceledAt: new Date(), updatedAt: new Date() })
      .where(eq(orders.id, row.id));
    await recordEvent(tx, row.id, 'status', `Status ${row.status} → Canceled`, by.actor);
    if (row.paymentIntentId) {
      const units = await releaseStock(tx, row.paymentIntentId, 'taken');
      if (units > 0)
        await recordEvent(
          tx,
          row.id,
          'stock',
          `${units} unit${units === 1 ? '' : 's'} back in stock`,
          SYSTEM,
        );
    }
    let key: string | null = null;
    if (row.isPaid && row.paymentIntentId) {
      const recorded = await recordRefund(tx, row, {
        amountCents: null,
        reason: by.reason,
        requestedBy: by.actor.id,
        ...(by.key ? { key: by.key } : {}),
      });
      if (recorded) {
        await recordEvent(
          tx,
          row.id,
          'refund',
          `Refund of ${formatPrice(recorded.refund.amountCents)} requested: ${by.reason}`,
          by.actor,
        );
        key = recorded.refund.idempotencyKey;
      }
    }
    const canceled = (await load(tx, row.id))!;
    await send(
      tx,
      row.id,
      canceledEmail(canceled, by.actor.kind === 'customer' ? 'customer' : 'shop', publicUrl),
    );
    return key;
  }

  async function withItems(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const refundRows = await refundsOf(
      db,
      rows.map((row) => row.id),
    );
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    return rows.map((row) =>
      toApiOrder(
        row,
        items.filter((item) => item.orderId === row.id),
        refundRows.filter((refund) => refund.orderId === row.id),
      ),
    );
  }

  /** The owner's order, or any order for an admin; someone else's is "not found", like a missing one. */
  async function reachable(viewer: Viewer, orderId: number): Promise<Order> {
    const order = await load(db, orderId);
    if (!order || (order.user_id !== viewer.id && !viewer.isAdmin)) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  return {
    /**
     * Creates the paid order of a succeeded payment intent, once: a second call (the browser after the
     * webhook, a retry, a concurrent post) finds the first order. `amountReceivedCents` is what the
     * provider says it took; anything but exactly the priced amount creates nothing.
     *
     * `event` is the provider event being applied: it is marked processed in the same transaction as
     * the order, so a crash can never leave the event marked and the order missing (a redelivery would
     * then be dropped as a duplicate). `duplicateEvent` says it had been applied before.
     */
    async finishPaidIntent(
      intentId: string,
      amountReceivedCents: number,
      event?: { id: string; provider: string; type: string },
    ): Promise<{ order: Order; created: boolean; duplicateEvent: boolean }> {
      const result = await db.transaction(async (tx) => {
        const marked = event
          ? await tx
              .insert(processedEvents)
              .values(event)
              .onConflictDoNothing()
              .returning({ id: processedEvents.id })
          : [];
        const duplicateEvent = Boolean(event) && marked.length === 0;
        const [intent] = await tx
          .select()
          .from(paymentIntents)
          .where(eq(paymentIntents.id, intentId))
          .for('update');
        if (!intent) throw new NotFoundError('Payment not found.');
        const [existing] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentIntentId, intentId));
        if (existing) return { orderId: existing.id, placed: null, duplicateEvent };
        if (intent.status === 'canceled') throw new ConflictError(messages.paymentExpired);
        if (intent.status === 'refunded') {
          throw new ConflictError('This payment can no longer be confirmed.');
        }
        // The test processor charges in this very transaction: an expired checkout is not charged
        // (the sweep has not let go of it yet). Stripe's money, once taken, always becomes the order.
        if (intent.provider === 'test' && intent.expiresAt !== null && intent.expiresAt <= new Date()) {
          throw new ConflictError(messages.paymentExpired);
        }
        if (amountReceivedCents !== intent.amountCents) {
          throw new PaymentRequiredError(
            'The payment does not match the order total. Please contact us before trying again.',
          );
        }
        const checkout = intent.checkout as unknown as IntentCheckout;
        const info = checkout.shippingInfo;
        // The new order is answered as written (its row, its lines, no refunds yet): not read back.
        const [order] = await tx
          .insert(orders)
          .values({
            userId: intent.userId,
            status: 'Pending',
            subtotalCents: checkout.totals.subtotalCents,
            shippingCents: checkout.totals.shippingCents,
            taxCents: checkout.totals.taxCents,
            totalCents: checkout.totals.totalCents,
            isPaid: true,
            paidAt: new Date(),
            paymentIntentId: intentId,
            firstName: info.firstName,
            lastName: info.lastName,
            email: info.email,
            phoneNumber: info.phoneNumber ?? '',
            shippingAddress: info.address1,
            shippingAddress2: info.address2 ?? null,
            shippingCity: info.city,
            shippingState: info.state,
            shippingCountry: info.country,
            shippingPostalCode: info.postalCode,
          })
          .onConflictDoNothing({ target: orders.paymentIntentId })
          .returning();
        if (!order) {
          const [winner] = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(eq(orders.paymentIntentId, intentId));
          return { orderId: winner!.id, placed: null, duplicateEvent };
        }
        // A product deleted since the cart was priced must not cost the customer their paid order: its
        // line keeps the name and price, without the link. (Locked so a deletion waits for this order;
        // the stock is takeStock's.)
        const present = await tx
          .select({ id: products.id, stock: products.stock })
          .from(products)
          .where(
            inArray(
              products.id,
              checkout.lines.map((line) => line.productId),
            ),
          )
          .for('key share');
        const linkable = new Set(present.map((row) => row.id));
        const items = await tx
          .insert(orderItems)
          .values(
            checkout.lines.map((line) => ({
              orderId: order.id,
              productId: linkable.has(line.productId) ? line.productId : null,
              productName: line.name,
              sku: line.sku,
              quantity: line.quantity,
              priceCents: line.priceCents,
            })),
          )
          .returning();
        // The units it held are the order's now.
        await takeStock(
          tx,
          intentId,
          checkout.lines.map((line) => ({
            productId: line.productId,
            name: line.name,
            quantity: line.quantity,
          })),
          present,
        );
        // For the test processor this is the charge itself, committed with its order.
        await tx
          .update(paymentIntents)
          .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
          .where(eq(paymentIntents.id, intentId));
        // As load() reads it: lines in id order; an order made in this transaction has no refunds.
        const created = toApiOrder(
          order,
          items.sort((a, b) => a.id - b.id),
          [],
        );
        // The e-mails (the confirmation, the owner's alert) in one statement, and the timeline's four
        // events in another, in the order they were always written.
        const emails = [
          confirmationEmail(created),
          ...(alertEmail ? [orderAlertEmail(created, alertEmail, publicUrl)] : []),
        ];
        await mailer.enqueueAll(tx, emails);
        await recordEvents(tx, order.id, [
          {
            kind: 'created',
            summary: `Order placed: ${formatPrice(checkout.totals.totalCents)}`,
            actor: customer(intent.userId),
          },
          {
            kind: 'paid',
            summary: `Paid ${formatPrice(amountReceivedCents)} by card (${intent.provider === 'stripe' ? 'Stripe' : 'test processor'})`,
            actor: SYSTEM,
          },
          ...emails.map((email) => ({ kind: 'email' as const, summary: emailSummary(email), actor: SYSTEM })),
        ]);
        // The shopper ordered: no reminder for the cart they saved at checkout.
        if (intent.userId !== null) await closeAbandonedCarts(tx, intent.userId);
        return { orderId: order.id, placed: created, duplicateEvent };
      });
      if (result.placed) mailer.deliverSoon();
      return {
        // A new order is answered as committed; one that existed is read.
        order: result.placed ?? (await load(db, result.orderId))!,
        created: result.placed !== null,
        duplicateEvent: result.duplicateEvent,
      };
    },

    get: reachable,

    async listForUser(userId: number): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return withItems(rows);
    },

    /** Admin list: newest first, by status, by order number or e-mail, paged. */
    async list(query: AdminOrderQuery): Promise<{ orders: Order[]; total: number }> {
      const conditions = [];
      if (query.status) conditions.push(eq(orders.status, query.status));
      const q = query.q?.trim();
      if (q) {
        const number = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
        const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
        conditions.push(
          number !== null
            ? or(eq(orders.id, number), ilike(orders.email, `%${escaped}%`))!
            : ilike(orders.email, `%${escaped}%`),
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { orders: await withItems(rows), total };
    },

    /**
     * The owner changes where it ships, while the status allows it (SPEC §4), and only to an address
     * that ships at the rate paid (issue 16): 'Burnaby' paid $8, a Toronto address costs $15.
     */
    async updateAddress(viewer: Viewer, orderId: number, address: OrderAddressUpdate): Promise<Order> {
      const order = await reachable(viewer, orderId);
      if (order.user_id !== viewer.id) throw new NotFoundError(ORDER_NOT_FOUND);
      const paidShipping = Math.round(order.shipping_cost * 100);
      const newShipping = cityShippingCents({
        city: address.shipping_city,
        postalCode: address.shipping_postal_code,
      });
      // Free shipping (from $90, or the free-shipping account) stays free wherever it goes.
      if (paidShipping > 0 && newShipping !== paidShipping) {
        throw new ConflictError(messages.shippingChangeRefused);
      }
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(orders)
          .set({
            shippingAddress: address.shipping_address,
            ...(address.shipping_address2 !== undefined
              ? { shippingAddress2: address.shipping_address2 }
              : {}),
            shippingCity: address.shipping_city,
            shippingState: address.shipping_state,
            shippingCountry: address.shipping_country,
            shippingPostalCode: address.shipping_postal_code,
            updatedAt: new Date(),
          })
          // The status is checked in the same statement, so an order shipped meanwhile is not changed.
          .where(and(eq(orders.id, orderId), inArray(orders.status, ADDRESS_EDITABLE)))
          .returning({ id: orders.id });
        if (rows.length > 0) {
          await recordEvent(
            tx,
            orderId,
            'address',
            `Address changed to ${address.shipping_address}, ${address.shipping_city} ${address.shipping_postal_code}`,
            customer(viewer.id),
          );
        }
        return rows;
      });
      if (updated.length === 0) {
        throw new ConflictError('The shipping address can no longer be changed for this order.');
      }
      return (await load(db, orderId))!;
    },

    /**
     * The owner cancels (SPEC §4). The order is locked and its status checked against the table, so
     * an admin moving it on meanwhile wins and nothing is refunded. The units go back to stock, and a
     * paid order's refund is written with a backstop job in the same transaction, then sent at once
     * with its idempotency key: a retry or the backstop never refunds twice and a crash never loses it.
     */
    async cancel(viewer: Viewer, orderId: number): Promise<Order> {
      const order = await reachable(viewer, orderId);
      if (order.user_id !== viewer.id) throw new NotFoundError(ORDER_NOT_FOUND);
      if (!canCancel(order.status)) {
        throw new ConflictError(cancelBlockedReason(order.status)!);
      }
      const key = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!row || row.status !== order.status) {
          throw new ConflictError('The order changed meanwhile. Please reload it.');
        }
        // The key a customer's cancellation has always used, so refunds queued before refunds had
        // their own table keep the same provider key.
        return cancelLocked(tx, row, {
          actor: customer(viewer.id),
          reason: CUSTOMER_CANCEL_REASON,
          key: `refund-order-${orderId}`,
        });
      });
      if (key) await sendNow(key, orderId);
      return (await load(db, orderId))!;
    },

    /**
     * Admins move an order along the status table (domain/orders.ts) and set the paid flag (SPEC §4).
     * Canceled and Refunded are final; Refunded comes only from refunds; cancelling a paid order
     * refunds what is left of it.
     */
    async setStatus(
      orderId: number,
      update: OrderStatusUpdate,
      adminId: number | null = null,
    ): Promise<Order> {
      const key = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
        const actor = adminId !== null ? await adminActor(tx, adminId) : SYSTEM;
        const from = current.status as OrderStatus;
        const to = update.status ?? from;
        const blocked = transitionBlockedReason(from, to);
        if (blocked) throw new ConflictError(blocked);
        const carrier = update.carrier !== undefined ? update.carrier : (current.carrier as Carrier | null);
        const tracking =
          update.tracking_number !== undefined ? update.tracking_number : current.trackingNumber;
        const paidChanges = update.is_paid !== undefined && update.is_paid !== current.isPaid;
        const shippingChanges = carrier !== current.carrier || tracking !== current.trackingNumber;
        // Final means final: neither the paid flag nor the parcel changes on a Canceled or Refunded order.
        if ((paidChanges || shippingChanges) && isFinalStatus(from)) {
          throw new ConflictError(transitionBlockedReason(from, 'Pending')!);
        }
        if (paidChanges) {
          await tx
            .update(orders)
            .set({
              isPaid: update.is_paid,
              paidAt: update.is_paid ? new Date() : null,
              updatedAt: new Date(),
            })
            .where(eq(orders.id, orderId));
          await recordEvent(tx, orderId, 'paid', update.is_paid ? 'Marked paid' : 'Marked not paid', actor);
        }
        if (shippingChanges) {
          await tx
            .update(orders)
            .set({ carrier, trackingNumber: tracking, updatedAt: new Date() })
            .where(eq(orders.id, orderId));
          await recordEvent(
            tx,
            orderId,
            'shipping',
            tracking || carrier
              ? `Parcel: ${carrier ?? 'no carrier'}, tracking ${tracking ?? 'none'}`
              : 'Parcel details cleared',
            actor,
          );
        }
        if (to === from) {
          await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
          // A tracking number given after the order shipped: the customer gets it, once per number.
          if (from === 'Shipped' && tracking && tracking !== current.trackingNumber) {
            await send(tx, orderId, shippedEmail((await load(tx, orderId))!, publicUrl));
          }
          return null;
        }
        if (to === 'Canceled') {
          const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
          return cancelLocked(tx, row!, { actor, reason: ADMIN_CANCEL_REASON });
        }
        await tx.update(orders).set({ status: to, updatedAt: new Date() }).where(eq(orders.id, orderId));
        await recordEvent(tx, orderId, 'status', `Status ${from} → ${to}`, actor);
        if (to === 'Shipped') await send(tx, orderId, shippedEmail((await load(tx, orderId))!, publicUrl));
        if (to === 'Delivered')
          await send(tx, orderId, deliveredEmail((await load(tx, orderId))!, publicUrl));
        return null;
      });
      if (key) await sendNow(key, orderId);
      return (await load(db, orderId))!;
    },

    /**
     * An admin refunds all or part of a paid order through the provider (issue 16). The same amount and
     * reason asked again within two minutes is the same refund (`created` false).
     */
    async refund(
      orderId: number,
      request: { amountCents: number; reason: string },
      adminId: number | null,
    ): Promise<{ order: Order; created: boolean }> {
      const recorded = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
        const result = await recordRefund(tx, row, {
          amountCents: request.amountCents,
          reason: request.reason,
          requestedBy: adminId,
        });
        if (result?.created) {
          await recordEvent(
            tx,
            orderId,
            'refund',
            `Refund of ${formatPrice(result.refund.amountCents)} requested: ${request.reason}`,
            adminId !== null ? await adminActor(tx, adminId) : SYSTEM,
          );
        }
        return result;
      });
      if (recorded?.created) await sendNow(recorded.refund.idempotencyKey, orderId);
      return { order: (await load(db, orderId))!, created: recorded?.created ?? false };
    },

    /** Sends a pending refund again (the refund job); idempotent by its key. */
    sendRefund: (idempotencyKey: string) => refunds.send(idempotencyKey),

    /** The order's timeline, oldest first (admin). */
    async timeline(orderId: number) {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
      if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
      return timelineOf(db, orderId);
    },

    /**
     * How many of a product sit in orders being prepared (the number of orders and of units), and for
     * the production plan (issue 16): units in paid orders not yet shipped (Pending or In Progress),
     * and units held by checkouts being paid.
     */
    async inProgressCount(
      productId: number,
    ): Promise<{ count: number; quantity: number; ordered: number; reserved: number }> {
      const [[row], [open], held] = await Promise.all([
        db
          .select({
            count: sql<number>`count(distinct ${orders.id})::int`,
            quantity: sum(orderItems.quantity).mapWith(Number),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(and(eq(orderItems.productId, productId), eq(orders.status, 'In Progress'))),
        db
          .select({ units: sum(orderItems.quantity).mapWith(Number) })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(
            and(
              eq(orderItems.productId, productId),
              inArray(orders.status, ['Pending', 'In Progress']),
              eq(orders.isPaid, true),
            ),
          ),
        heldUnits(db, [productId]),
      ]);
      return {
        count: row?.count ?? 0,
        quantity: row?.quantity ?? 0,
        ordered: open?.units ?? 0,
        reserved: held.get(productId) ?? 0,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
