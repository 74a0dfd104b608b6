/**
 * Orders (docs/product.md, Orders): created only from a payment the provider reports as succeeded,
 * once per payment intent (a unique constraint, so the browser, a webhook and retries racing each
 * other end with one order: place.ts); read (read.ts), re-addressed and cancelled by their owner;
 * listed and moved by admins; refunded (refunds.ts).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum } from 'drizzle-orm';
import { ConflictError, NotFoundError } from '../../../domain/errors.js';
import type { Carrier } from '../../../domain/fulfilment.js';
import { messages } from '../../../domain/messages.js';
import { formatPrice } from '../../../domain/money.js';
import {
  OPEN_ORDER_STATUSES,
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
import { assertShipsTo, DEFAULT_SHIPPING_AREA, type ShippingArea } from '../../../domain/checkout.js';
import { destinationShippingCents } from '../../../domain/pricing.js';
import { provinceCode } from '../../../domain/provinces.js';
import type { Database, Transaction } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentProvider } from '../payments/provider.js';
import { heldUnits } from '../stock/reservations.js';
import { loadOrder, statusDatesOf, taxesOf, toApiOrder, type OrderRow } from './read.js';
import type { LineChoice } from '../../../domain/refund-split.js';
import { createRefunds, recordRefund, refundsOf } from './refunds.js';
import { shippedEmail } from './order-emails.js';
import { adminActor, customer, recordEvent, SYSTEM, timelineOf, type Actor } from './timeline.js';
import { emailAboutOrder, moveOrder, type EffectTools } from './transitions.js';
import type { Viewer } from '../../http/viewer.js';

export const ORDER_NOT_FOUND = 'Order not found';
const ADDRESS_EDITABLE = ORDER_STATUSES.filter(canEditAddress);

export interface AdminOrderQuery {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export { REFUND_JOB } from './refunds.js';

const CUSTOMER_CANCEL_REASON = 'Canceled by the customer';
const ADMIN_CANCEL_REASON = 'Canceled by the shop';

/** The paid flag, set by an admin (docs/product.md, Orders): its own step of a status change. */
async function writePaidFlag(tx: Transaction, orderId: number, isPaid: boolean, actor: Actor) {
  await tx
    .update(orders)
    .set({ isPaid, paidAt: isPaid ? new Date() : null, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await recordEvent(tx, orderId, 'paid', isPaid ? 'Marked paid' : 'Marked not paid', actor);
}

/** The parcel's carrier and tracking number (decision 0023): its own step of a status change. */
async function writeParcel(
  tx: Transaction,
  orderId: number,
  { carrier, tracking }: { carrier: Carrier | null; tracking: string | null },
  actor: Actor,
) {
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

export function createOrdersService(
  db: Database,
  mailer: Mailer,
  {
    provider,
    onRefundDeferred,
    publicUrl = '',
    shippingArea = DEFAULT_SHIPPING_AREA,
  }: {
    /** Where refunds go (the test processor or Stripe). */
    provider: PaymentProvider;
    /** The shop's address, for links in e-mails. */
    publicUrl?: string;
    /** Where the shop ships and at what rates (decision 0068). */
    shippingArea?: ShippingArea;
    /** A refund sent at once failed and is left to the job (for the log). */
    onRefundDeferred?: (error: unknown, orderId: number) => void;
  },
) {
  const refunds = createRefunds(db, provider, mailer, publicUrl, loadOrder);
  const tools: EffectTools = { mailer, publicUrl };

  /** Sends a refund just written, after its transaction committed; the job retries what fails. */
  async function sendNow(key: string, orderId: number) {
    try {
      await refunds.send(key);
    } catch (error) {
      onRefundDeferred?.(error, orderId);
    }
  }

  async function withItems(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [refundRows, dates, taxRows] = await Promise.all([
      refundsOf(db, ids),
      statusDatesOf(db, ids),
      taxesOf(db, ids),
    ]);
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
        dates.get(row.id) ?? {},
        taxRows.filter((tax) => tax.orderId === row.id),
      ),
    );
  }

  /** The owner's order, or any order for an admin; someone else's is "not found", like a missing one. */
  async function reachable(viewer: Viewer, orderId: number): Promise<Order> {
    const order = await loadOrder(db, orderId);
    if (!order || (order.user_id !== viewer.id && !viewer.isAdmin)) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  return {
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
     * The owner changes where it ships, while the status allows it (docs/product.md, Orders), and
     * only to an address that ships at the rate paid (decision 0022): 'Burnaby' paid $8, a Toronto
     * address costs $15.
     */
    async updateAddress(viewer: Viewer, orderId: number, address: OrderAddressUpdate): Promise<Order> {
      const order = await reachable(viewer, orderId);
      if (order.user_id !== viewer.id) throw new NotFoundError(ORDER_NOT_FOUND);
      assertShipsTo(shippingArea, address.shipping_state, address.shipping_postal_code);
      // Its tax was charged for its province: another province would owe other taxes (decision 0068).
      if (provinceCode(address.shipping_state) !== provinceCode(order.shipping_state)) {
        throw new ConflictError(messages.provinceChangeRefused);
      }
      const paidShipping = Math.round(order.shipping_cost * 100);
      const newShipping = destinationShippingCents(
        {
          city: address.shipping_city,
          postalCode: address.shipping_postal_code,
          state: address.shipping_state,
        },
        shippingArea,
      );
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
      return (await loadOrder(db, orderId))!;
    },

    /**
     * The owner cancels. The order is locked and its status checked against the table, so
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
        return moveOrder(
          {
            tx,
            orderId,
            paymentIntentId: row.paymentIntentId,
            from: row.status,
            to: 'Canceled',
            actor: customer(viewer.id),
            reason: CUSTOMER_CANCEL_REASON,
            // The key a customer's cancellation has always used, so refunds queued before refunds
            // had their own table keep the same provider key.
            refundKey: `refund-order-${orderId}`,
          },
          tools,
        );
      });
      if (key) await sendNow(key, orderId);
      return (await loadOrder(db, orderId))!;
    },

    /**
     * Admins move an order along the status table (domain/orders.ts) and set the paid flag and the
     * parcel (docs/product.md, Orders), in one transaction and in three steps: the paid flag, the
     * parcel, then the status, whose effects are TRANSITION_EFFECTS (transitions.ts). Canceled and
     * Refunded are final; Refunded comes only from refunds; cancelling a paid order refunds what is
     * left of it.
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
        const from = current.status;
        const to = update.status ?? from;
        const blocked = transitionBlockedReason(from, to);
        if (blocked) throw new ConflictError(blocked);
        const isPaid = update.is_paid;
        const carrier = update.carrier !== undefined ? update.carrier : (current.carrier as Carrier | null);
        const tracking =
          update.tracking_number !== undefined ? update.tracking_number : current.trackingNumber;
        const paidChanges = isPaid !== undefined && isPaid !== current.isPaid;
        const shippingChanges = carrier !== current.carrier || tracking !== current.trackingNumber;
        // Final means final: neither the paid flag nor the parcel changes on a Canceled or Refunded order.
        if ((paidChanges || shippingChanges) && isFinalStatus(from)) {
          throw new ConflictError(transitionBlockedReason(from, 'Pending')!);
        }
        if (paidChanges) await writePaidFlag(tx, orderId, isPaid, actor);
        if (shippingChanges) await writeParcel(tx, orderId, { carrier, tracking }, actor);
        if (to !== from) {
          return moveOrder(
            {
              tx,
              orderId,
              paymentIntentId: current.paymentIntentId,
              from,
              to,
              actor,
              reason: ADMIN_CANCEL_REASON,
            },
            tools,
          );
        }
        await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
        // A tracking number given after the order shipped: the customer gets it, once per number.
        if (from === 'Shipped' && tracking && tracking !== current.trackingNumber) {
          await emailAboutOrder(tx, tools, orderId, (order, recipient) =>
            shippedEmail(order, publicUrl, recipient),
          );
        }
        return null;
      });
      if (key) await sendNow(key, orderId);
      return (await loadOrder(db, orderId))!;
    },

    /**
     * An admin refunds all or part of a paid order through the provider (decision 0022): an amount,
     * or chosen lines and the shipping (decision 0070). The same amount and reason asked again within
     * two minutes is the same refund (`created` false).
     */
    async refund(
      orderId: number,
      request: {
        amountCents: number | null;
        lines?: { lines: LineChoice[]; shipping: boolean };
        reason: string;
      },
      adminId: number | null,
    ): Promise<{ order: Order; created: boolean }> {
      const recorded = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
        const result = await recordRefund(tx, row, {
          amountCents: request.amountCents,
          ...(request.lines ? { lines: request.lines } : {}),
          reason: request.reason,
          requestedBy: adminId,
        });
        if (result?.created) {
          await recordEvent(
            tx,
            orderId,
            'refund',
            `Refund of ${formatPrice(result.refund.amountCents)}${result.chosen ? ` (${result.chosen})` : ''} requested: ${request.reason}`,
            adminId !== null ? await adminActor(tx, adminId) : SYSTEM,
          );
        }
        return result;
      });
      if (recorded?.created) await sendNow(recorded.refund.idempotencyKey, orderId);
      return { order: (await loadOrder(db, orderId))!, created: recorded?.created ?? false };
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
     * the production plan (decision 0022): units in paid orders not yet shipped (Pending or In
     * Progress), and units held by checkouts being paid.
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
              inArray(orders.status, OPEN_ORDER_STATUSES),
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
