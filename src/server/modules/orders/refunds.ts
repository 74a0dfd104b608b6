/**
 * Refunds (decision 0022): money given back through the payment provider, one record per refund.
 *
 * A refund is written first (pending, with its own idempotency key, and a backstop job in the same
 * transaction), then sent to the provider, then settled: marked succeeded, and the order follows the
 * money (no longer paid once all of it is back; Refunded unless it was cancelled). A crash at any
 * point leaves a pending refund that the job sends again with the same key, so the provider refunds
 * once. Asking while the order row is locked is what makes a double click one refund.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ConflictError, InvalidError } from '../../../domain/errors.js';
import { centsToDollars, formatPrice } from '../../../domain/money.js';
import { messages } from '../../../domain/messages.js';
import type { Order, OrderRefund } from '../../../domain/orders.js';
import { ERASED } from '../../../domain/privacy.js';
import {
  chargedOrderOf,
  partsLeft,
  partsTotal,
  splitByLines,
  splitRefund,
  type ChargedOrder,
  type LineChoice,
  type RefundParts,
} from '../../../domain/refund-split.js';
import type { TaxCode } from '../../../domain/tax.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  orderItems,
  orderRefundLines,
  orderRefunds,
  orderRefundTaxes,
  orders,
  orderTaxes,
} from '../../db/schema.js';
import { completePendingJob, enqueueJob } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { refundJob } from '../jobs/refund-job.js';
import { capturedCents } from '../payments/captured.js';
import type { PaymentProvider } from '../payments/provider.js';
import { refundedEmail } from './order-emails.js';
import { recipientOf } from './recipient.js';
import { recordEvent, statusSummary, SYSTEM } from './timeline.js';

/** The job that sends a pending refund again when sending it at once did not go through. */
export const REFUND_JOB = refundJob.type;
/** The backstop waits this long, so it runs only when the refund sent at once did not go through. */
const REFUND_BACKSTOP_DELAY_MS = 60_000;
/** The same amount and reason asked again this soon is the same refund (a double click, a retry). */
const REPEAT_WINDOW = '2 minutes';

type RefundRow = typeof orderRefunds.$inferSelect;
/** A refund with each tax it gives back and, made by line, its lines (decisions 0070, 0071). */
export type RefundWithTaxes = RefundRow & {
  taxes: { code: TaxCode; province: string; amountCents: number }[];
  lines: LineChoice[];
};

export const toApiRefund = (row: RefundWithTaxes): OrderRefund => ({
  id: row.id,
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  goods: centsToDollars(row.goodsCents),
  shipping: centsToDollars(row.shippingCents),
  taxes: row.taxes.map((tax) => ({
    code: tax.code,
    province: tax.province,
    amount: centsToDollars(tax.amountCents),
  })),
  lines: row.lines.map((line) => ({ item_id: line.itemId, quantity: line.quantity })),
});

/** Refunds of these orders, oldest first, each with its taxes. */
export async function refundsOf(
  executor: Pick<Database, 'select'>,
  orderIds: readonly number[],
): Promise<RefundWithTaxes[]> {
  if (orderIds.length === 0) return [];
  const rows = await executor
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.id));
  if (rows.length === 0) return [];
  const taxes = await executor
    .select()
    .from(orderRefundTaxes)
    .where(
      inArray(
        orderRefundTaxes.refundId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderRefundTaxes.code));
  const lines = await executor
    .select()
    .from(orderRefundLines)
    .where(
      inArray(
        orderRefundLines.refundId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderRefundLines.orderItemId));
  return rows.map((row) => ({
    ...row,
    taxes: taxes
      .filter((tax) => tax.refundId === row.id)
      .map(({ code, province, amountCents }) => ({ code, province, amountCents })),
    lines: lines
      .filter((line) => line.refundId === row.id)
      .map(({ orderItemId, quantity }) => ({ itemId: orderItemId, quantity })),
  }));
}

/** Cents refunded or on their way back (pending and succeeded refunds). */
async function committedCents(tx: Transaction, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), inArray(orderRefunds.status, ['pending', 'succeeded'])));
  return row?.cents ?? 0;
}

/**
 * What a refund of the order starts from (decision 0070): the order as charged, line by line; what is
 * left to give back of its goods, shipping and each tax (what it was charged less the parts of its
 * refunds made or on their way); and the lines those refunds gave back.
 */
async function refundBasisOf(
  tx: Transaction,
  orderId: number,
): Promise<{ charged: ChargedOrder; left: RefundParts; earlierLines: LineChoice[][] }> {
  const [order] = await tx
    .select({ goods: orders.subtotalCents, shipping: orders.shippingCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const taxes = await tx
    .select({ code: orderTaxes.code, province: orderTaxes.province, amountCents: orderTaxes.amountCents })
    .from(orderTaxes)
    .where(eq(orderTaxes.orderId, orderId))
    .orderBy(asc(orderTaxes.code));
  const refunds = (await refundsOf(tx, [orderId])).filter((refund) => refund.status !== 'failed');
  const charged = chargedOrderOf({
    lines: items.map((item) => ({
      itemId: item.id,
      name: item.productName,
      quantity: item.quantity,
      unitCents: item.priceCents,
      taxes: item.taxes.map((tax) => ({ code: tax.code, amountCents: tax.amount_cents })),
    })),
    shippingCents: order?.shipping ?? 0,
    taxes,
  });
  return {
    charged,
    left: partsLeft(
      { goodsCents: order?.goods ?? 0, shippingCents: order?.shipping ?? 0, taxes },
      refunds.map((refund) => ({
        goodsCents: refund.goodsCents,
        shippingCents: refund.shippingCents,
        taxes: refund.taxes,
      })),
    ),
    earlierLines: refunds.map((refund) => refund.lines),
  };
}

/**
 * Writes a refund of the locked order (the caller holds `for update` on it) and its backstop job.
 * `amountCents` null means all that is left. Answers the refund, and whether it is new (false: the
 * same refund was asked for moments ago and is answered again).
 *
 * What can be refunded is what the payment took less what is refunded or on its way back, never the
 * order's paid flag: an admin may untick it (docs/product.md, Orders), and the card was still
 * charged.
 */
export async function recordRefund(
  tx: Transaction,
  order: { id: number; paymentIntentId: string | null },
  request: {
    amountCents: number | null;
    /** A refund by line: these units, and what is left of the shipping when `shipping`. */
    lines?: { lines: LineChoice[]; shipping: boolean };
    reason: string;
    requestedBy: number | null;
    key?: string;
  },
): Promise<{ refund: RefundRow; created: boolean; chosen?: string } | null> {
  if (!order.paymentIntentId) {
    if (request.amountCents === null && !request.lines) return null;
    throw new ConflictError(messages.orderNotPaid);
  }
  const basis = await refundBasisOf(tx, order.id);
  let byLines: RefundParts | null = null;
  /** What a refund by line gave back, as the timeline says it: "2 × Chunky Cookie, shipping". */
  let chosen: string | undefined;
  if (request.lines) {
    const answer = splitByLines(basis.charged, request.lines, basis.earlierLines, basis.left);
    if ('problem' in answer) {
      throw answer.invalid ? new InvalidError(answer.problem) : new ConflictError(answer.problem);
    }
    byLines = answer.parts;
    chosen = [
      ...request.lines.lines.map(
        (line) => `${line.quantity} × ${basis.charged.lines.find((l) => l.itemId === line.itemId)!.name}`,
      ),
      ...(request.lines.shipping ? ['shipping'] : []),
    ].join(', ');
    request = { ...request, amountCents: partsTotal(answer.parts) };
  }
  const committed = await committedCents(tx, order.id);
  const payment = await capturedCents(tx, order.paymentIntentId);
  const left = payment.captured - Math.max(committed, payment.refunded);
  if (request.amountCents === null && left <= 0) return null;
  if (request.amountCents !== null) {
    const [repeat] = await tx
      .select()
      .from(orderRefunds)
      .where(
        and(
          eq(orderRefunds.orderId, order.id),
          eq(orderRefunds.amountCents, request.amountCents),
          eq(orderRefunds.reason, request.reason),
          inArray(orderRefunds.status, ['pending', 'succeeded']),
          gt(orderRefunds.createdAt, sql`now() - ${REPEAT_WINDOW}::interval`),
        ),
      );
    if (repeat) return { refund: repeat, created: false };
    if (left <= 0) throw new ConflictError(messages.orderNotPaid);
    if (request.amountCents > left) throw new ConflictError(messages.refundTooLarge);
  }
  const amountCents = request.amountCents ?? left;
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id));
  const key = request.key ?? `refund-order-${order.id}-${n + 1}`;
  // The chosen lines' parts, or goods, shipping and each tax in proportion to what is left of them
  // (decision 0070).
  const parts = byLines ?? splitRefund(amountCents, basis.left);
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amountCents,
      goodsCents: parts.goodsCents,
      shippingCents: parts.shippingCents,
      reason: request.reason,
      idempotencyKey: key,
      requestedBy: request.requestedBy,
    })
    .returning();
  const taxes = parts.taxes.filter((tax) => tax.amountCents > 0);
  if (taxes.length > 0) {
    await tx.insert(orderRefundTaxes).values(taxes.map((tax) => ({ refundId: refund!.id, ...tax })));
  }
  const lines = request.lines?.lines.filter((line) => line.quantity > 0) ?? [];
  if (lines.length > 0) {
    await tx
      .insert(orderRefundLines)
      .values(
        lines.map((line) => ({ refundId: refund!.id, orderItemId: line.itemId, quantity: line.quantity })),
      );
  }
  await enqueueJob(tx, {
    job: refundJob,
    payload: { idempotencyKey: key },
    runAt: new Date(Date.now() + REFUND_BACKSTOP_DELAY_MS),
    dedupeKey: key,
    maxAttempts: 20,
  });
  return { refund: refund!, created: true, ...(chosen ? { chosen } : {}) };
}

export function createRefunds(
  db: Database,
  provider: PaymentProvider,
  mailer: Pick<Mailer, 'enqueue'>,
  publicUrl: string,
  load: (executor: Pick<Database, 'select'>, orderId: number) => Promise<Order | null>,
) {
  /**
   * Marks the refund done, and the order follows the money. The customer's e-mail about it is written
   * in the same transaction, by whichever call marks it: one e-mail per refund.
   */
  async function settle(refundId: number) {
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(orderRefunds)
        .set({ status: 'succeeded', lastError: null, updatedAt: new Date() })
        .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
        .returning({
          id: orderRefunds.id,
          orderId: orderRefunds.orderId,
          amountCents: orderRefunds.amountCents,
        });
      if (!done) return;
      await recordEvent(
        tx,
        done.orderId,
        'refund',
        `Refund of ${formatPrice(done.amountCents)} completed`,
        SYSTEM,
      );
      const [order] = await tx
        .select({ status: orders.status, totalCents: orders.totalCents })
        .from(orders)
        .where(eq(orders.id, done.orderId))
        .for('update');
      const [{ cents } = { cents: 0 }] = await tx
        .select({ cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, done.orderId), eq(orderRefunds.status, 'succeeded')));
      if (order && cents >= order.totalCents) {
        await tx
          .update(orders)
          .set({
            isPaid: false,
            paidAt: null,
            ...(order.status === 'Canceled' ? {} : { status: 'Refunded' }),
            updatedAt: new Date(),
          })
          .where(eq(orders.id, done.orderId));
        if (order.status !== 'Canceled') {
          await recordEvent(tx, done.orderId, 'status', statusSummary(order.status, 'Refunded'), SYSTEM);
        }
      }
      const refunded = await load(tx, done.orderId);
      // An anonymised order (decision 0043) has nobody left to tell.
      if (refunded && refunded.email !== ERASED) {
        const email = refundedEmail(
          refunded,
          done.amountCents,
          publicUrl,
          await recipientOf(tx, refunded),
          done.id,
        );
        await mailer.enqueue(tx, email);
        await recordEvent(tx, done.orderId, 'email', `E-mail '${email.subject}' to ${email.to}`, SYSTEM);
      }
    });
  }

  return {
    /**
     * Sends a pending refund to the provider (with its key: a repeat refunds nothing more) and settles
     * it. Throws when the provider did not take it; the refund stays pending for the job.
     */
    async send(idempotencyKey: string): Promise<void> {
      const [row] = await db
        .select({
          id: orderRefunds.id,
          status: orderRefunds.status,
          amountCents: orderRefunds.amountCents,
          intentId: orders.paymentIntentId,
        })
        .from(orderRefunds)
        .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
        .where(eq(orderRefunds.idempotencyKey, idempotencyKey));
      if (!row || row.status !== 'pending' || !row.intentId) return;
      try {
        await provider.refund(row.intentId, idempotencyKey, row.amountCents);
      } catch (error) {
        await db
          .update(orderRefunds)
          .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : 'refund failed' })
          .where(eq(orderRefunds.id, row.id));
        throw error;
      }
      await settle(row.id);
      await completePendingJob(db, idempotencyKey);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
