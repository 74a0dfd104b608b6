/**
 * What an order's status change does (docs/product.md, Orders; decision 0046). Who may make which
 * change is the status table (ORDER_TRANSITIONS, domain/orders.ts); what the change then does is
 * TRANSITION_EFFECTS below, one entry per status the order moves to. Every change writes the new
 * status and its timeline event first; the entry's effects follow, in its order, in the same
 * transaction. The paid flag and the parcel's details are steps of their own (orders/service.ts),
 * written before the status moves.
 */
import { eq } from 'drizzle-orm';
import { formatPrice } from '../../../domain/money.js';
import type { Order, OrderStatus } from '../../../domain/orders.js';
import { ERASED } from '../../../domain/privacy.js';
import type { Transaction } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { TransactionalEmail } from '../mail/outbox.js';
import { releaseStock } from '../stock/reservations.js';
import { canceledEmail, deliveredEmail, shippedEmail } from './order-emails.js';
import { loadOrder } from './read.js';
import { recipientOf, type Recipient } from './recipient.js';
import { recordRefund } from './refunds.js';
import { queueReviewRequest } from './review-request.js';
import { emailSummary, recordEvent, statusSummary, SYSTEM, type Actor } from './timeline.js';

/** A status change under way, in the transaction that holds the order's row locked. */
export interface StatusChange {
  tx: Transaction;
  orderId: number;
  paymentIntentId: string | null;
  from: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  /** Why, as a refund the change makes records it (a cancellation). */
  reason: string;
  /** The idempotency key of a refund the change makes; by default the order's next refund key. */
  refundKey?: string;
}

/** What the effects write with besides the transaction: the outbox and the shop's address. */
export interface EffectTools {
  mailer: Pick<Mailer, 'enqueue'>;
  /** The shop's address, for links in e-mails. */
  publicUrl: string;
}

/**
 * One effect of a status change. Answers the key of a refund it wrote, which the caller sends once
 * the transaction has committed (the refund's job sends it otherwise).
 */
export type TransitionEffect = (change: StatusChange, tools: EffectTools) => Promise<string | null>;

/**
 * E-mails the customer about the order as it now is: queued in the change's transaction and recorded
 * on the timeline.
 */
export async function emailAboutOrder(
  tx: Transaction,
  tools: EffectTools,
  orderId: number,
  write: (order: Order, recipient: Recipient) => TransactionalEmail,
): Promise<void> {
  const order = (await loadOrder(tx, orderId))!;
  const email = write(order, await recipientOf(tx, order));
  // An anonymised order (decision 0043) has nobody left to write to.
  if (email.to === ERASED) return;
  await tools.mailer.enqueue(tx, email);
  await recordEvent(tx, orderId, 'email', emailSummary(email), SYSTEM);
}

/** The order's units go back to stock: what its payment took (decision 0022). */
const stockBack: TransitionEffect = async ({ tx, orderId, paymentIntentId }) => {
  if (!paymentIntentId) return null;
  const units = await releaseStock(tx, paymentIntentId, 'taken');
  if (units > 0) {
    await recordEvent(tx, orderId, 'stock', `${units} unit${units === 1 ? '' : 's'} back in stock`, SYSTEM);
  }
  return null;
};

/**
 * What the payment took and is not yet back is refunded (decision 0039), whatever the paid flag
 * says. Answers the refund's key.
 */
const refundWhatIsLeft: TransitionEffect = async ({
  tx,
  orderId,
  paymentIntentId,
  actor,
  reason,
  refundKey,
}) => {
  if (!paymentIntentId) return null;
  const recorded = await recordRefund(
    tx,
    { id: orderId, paymentIntentId },
    { amountCents: null, reason, requestedBy: actor.id, ...(refundKey ? { key: refundKey } : {}) },
  );
  if (!recorded) return null;
  await recordEvent(
    tx,
    orderId,
    'refund',
    `Refund of ${formatPrice(recorded.refund.amountCents)} requested: ${reason}`,
    actor,
  );
  return recorded.refund.idempotencyKey;
};

const emailShipped: TransitionEffect = async ({ tx, orderId }, tools) => {
  await emailAboutOrder(tx, tools, orderId, (order, recipient) =>
    shippedEmail(order, tools.publicUrl, recipient),
  );
  return null;
};

const emailDelivered: TransitionEffect = async ({ tx, orderId }, tools) => {
  await emailAboutOrder(tx, tools, orderId, (order, recipient) =>
    deliveredEmail(order, tools.publicUrl, recipient),
  );
  return null;
};

/** The review request, a week after delivery (review-request.ts, decision 0063). */
const requestReview: TransitionEffect = async ({ tx, orderId }) => {
  await queueReviewRequest(tx, orderId);
  return null;
};

/** Worded for who cancelled: the customer, or the shop. */
const emailCanceled: TransitionEffect = async ({ tx, orderId, actor }, tools) => {
  const by = actor.kind === 'customer' ? 'customer' : 'shop';
  await emailAboutOrder(tx, tools, orderId, (order, recipient) =>
    canceledEmail(order, by, tools.publicUrl, recipient),
  );
  return null;
};

/**
 * What moving an order into each status does, after the status and its timeline event are written.
 * Refunded is reached only when a refund has given all the money back (orders/refunds.ts writes
 * it, with the paid flag off); its customer e-mail is the refund's, sent for every refund.
 */
export const TRANSITION_EFFECTS: Record<OrderStatus, readonly TransitionEffect[]> = {
  Pending: [],
  'In Progress': [],
  Shipped: [emailShipped],
  Delivered: [emailDelivered, requestReview],
  Canceled: [stockBack, refundWhatIsLeft, emailCanceled],
  Refunded: [],
};

/** Columns a status writes along with itself. */
const STAMPED_WITH: Partial<Record<OrderStatus, () => Partial<typeof orders.$inferInsert>>> = {
  Canceled: () => ({ canceledAt: new Date() }),
};

/**
 * Moves the locked order (the caller has checked the status table): writes the status and its
 * timeline event, then the effects of TRANSITION_EFFECTS for where it goes. Answers the key of a
 * refund it wrote, to send once the transaction committed.
 */
export async function moveOrder(change: StatusChange, tools: EffectTools): Promise<string | null> {
  const { tx, orderId, from, to, actor } = change;
  await tx
    .update(orders)
    .set({ status: to, ...STAMPED_WITH[to]?.(), updatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await recordEvent(tx, orderId, 'status', statusSummary(from, to), actor);
  let refundKey: string | null = null;
  for (const effect of TRANSITION_EFFECTS[to]) {
    refundKey = (await effect(change, tools)) ?? refundKey;
  }
  return refundKey;
}
