/**
 * Renewing subscriptions (decision 0056): each due subscription's next cycle becomes one paid order
 * at that day's prices, through the same `placeOrder` as every other order.
 *
 * Exactly once: an attempt is written (subscription_renewals, with what it charges and the
 * idempotency key `renewal-{subscription}-{cycle}-{attempt}`) in a transaction that holds the
 * subscription's row, before anything is charged. Whoever comes next (a second instance, the next
 * pass after a kill, "Order now" clicked twice) finds that attempt still charging and finishes the
 * same one: the provider charges a key once, its payment intent's row is written when it answers
 * (renewal-payment.ts, decision 0058), and `placeOrder` makes one order per intent. A cycle has at
 * most one paid attempt (a unique index), and the order moves the subscription to the next cycle in
 * its own transaction.
 *
 * A declined renewal is tried again 1, 3 and 5 days after the first decline (DUNNING_RETRY_DAYS),
 * then the subscription is past due. Sold-out products are left out of a renewal; when all are, it
 * waits a day at a time, up to OUT_OF_STOCK_WAIT_DAYS, then skips the cycle.
 *
 * The customer is e-mailed (notices.ts) in the transaction of each of these changes: a scheduled
 * renewal declined or needing them to confirm it, products left out, the wait and the skip; and a
 * pass reminds each cycle's renewal REMINDER_DAYS_BEFORE days ahead.
 */
import type { PricingSettings } from '../../../domain/pricing.js';
import { and, asc, eq, lte, max, sql } from 'drizzle-orm';
import { ConflictError, PaymentRequiredError, PaymentRetryError } from '../../../domain/errors.js';
import type { Order } from '../../../domain/orders.js';
import type { CheckoutSnapshotInput } from '../../../domain/stored/checkout-snapshot.js';
import {
  ORDER_NOW_REPEAT_MINUTES,
  OUT_OF_STOCK_WAIT_DAYS,
  type IntervalWeeks,
} from '../../../domain/subscriptions.js';
import { subscriptionMessages } from '../../../domain/subscription-messages.js';
import { dunningRetryAt, earliestRenewal, nextRenewalAt } from '../../../domain/subscription-schedule.js';
import type { Database } from '../../db/client.js';
import { paymentIntents, paymentMethods, subscriptionRenewals, subscriptions } from '../../db/schema.js';
import { loadOrder } from '../orders/read.js';
import type { Actor } from '../orders/timeline.js';
import type { OffSessionCharge, PaymentProvider } from '../payments/provider.js';
import type { SubscriptionNotices } from './notices.js';
import { priceNextDelivery } from './pricing.js';
import { recordSubscriptionEvent } from './records.js';
import {
  chargeRenewal,
  PAYMENT_PROCESSING,
  recordRenewalIntent,
  renewalKey,
  storedStatus,
  type RenewalCharge,
} from './renewal-payment.js';

export type RenewalReason = 'schedule' | 'order_now';

const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: null };

/** What one renewal came to. */
export type RenewalOutcome =
  | { type: 'ordered'; order: Order; created: boolean }
  | { type: 'declined'; message: string }
  | {
      type: 'requires_action';
      message: string;
      /** The customer is at the page (Order now): the payment they can confirm with their bank. */
      intentId?: string;
    }
  | { type: 'waiting'; message: string }
  | { type: 'not_due' };

/**
 * checkout/place-order.ts's `placeOrder`, passed in: the order of a paid intent, once (the checkout
 * module writes subscriptions through records.ts inside it, so this module does not import it).
 */
export type PlaceRenewalOrder = (
  intentId: string,
  amountReceivedCents: number,
) => Promise<{ order: Order; created: boolean }>;

export interface RenewalsDeps {
  db: Database;
  provider: PaymentProvider;
  placeOrder: PlaceRenewalOrder;
  pricing: PricingSettings;
  /** The customer's e-mails about their renewals (notices.ts). */
  notices: SubscriptionNotices;
  /** A fault hook for the crash tests: called after the attempt is written, before the charge. */
  beforeCharge?: (attempt: { subscriptionId: number; cycle: number; attempt: number }) => Promise<void>;
  /**
   * A fault hook for the crash tests: called when the provider has answered the charge, before its
   * answer is written (the runner dies with the money taken and nothing recorded of it).
   */
  afterCharge?: (
    attempt: { subscriptionId: number; cycle: number; attempt: number },
    answer: OffSessionCharge,
  ) => Promise<void>;
}

/** The attempt, once the provider answered its charge. */
interface Attempt {
  subscriptionId: number;
  cycle: number;
  attempt: number;
  /** The provider's payment ('' when it answered a decline without making one). */
  intentId: string;
  amountCents: number;
  methodRef: string;
  reason: RenewalReason;
}

/** The attempt to charge, as written before the charge. */
interface Prepared extends RenewalCharge {
  /** Why the attempt was made. */
  reason: RenewalReason;
  /** Who charges it now: the schedule, or the customer at the page (who may confirm it). */
  caller: RenewalReason;
}

export function createRenewals({
  db,
  provider,
  placeOrder,
  pricing,
  notices,
  beforeCharge,
  afterCharge,
}: RenewalsDeps) {
  /**
   * Under the subscription's lock: the attempt to charge (the one still charging, or a new one), or
   * why there is none.
   */
  async function prepare(
    subscriptionId: number,
    reason: RenewalReason,
    now: Date,
    actor: Actor,
  ): Promise<Prepared | Exclude<RenewalOutcome, { type: 'declined' | 'requires_action' }>> {
    let mailed = false;
    const prepared = await db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscriptionId))
        .for('update');
      if (!sub) return { type: 'not_due' as const };
      if (sub.status !== 'active' && !(reason === 'order_now' && sub.status === 'past_due')) {
        if (reason === 'order_now') throw new ConflictError(subscriptionMessages.notActive);
        return { type: 'not_due' as const };
      }
      if (reason === 'schedule' && sub.nextOrderAt > now) return { type: 'not_due' as const };
      const cycle = sub.cycle + 1;
      // "Order now" clicked again just after it ordered: the order it placed is the answer.
      if (reason === 'order_now' && sub.lastOrderId !== null) {
        const [recent] = await tx
          .select({ orderId: subscriptionRenewals.orderId })
          .from(subscriptionRenewals)
          .where(
            and(
              eq(subscriptionRenewals.subscriptionId, sub.id),
              eq(subscriptionRenewals.cycle, sub.cycle),
              eq(subscriptionRenewals.status, 'paid'),
              eq(subscriptionRenewals.reason, 'order_now'),
              sql`${subscriptionRenewals.updatedAt} > ${now}::timestamptz - make_interval(mins => ${ORDER_NOW_REPEAT_MINUTES})`,
            ),
          );
        if (recent?.orderId) {
          return { type: 'ordered' as const, order: (await loadOrder(tx, recent.orderId))!, created: false };
        }
      }
      // An attempt of this cycle still charging (its runner died, or runs beside us): finish it,
      // with the same amount and key (its payment may have been taken already).
      const [open] = await tx
        .select({
          attempt: subscriptionRenewals.attempt,
          intentId: subscriptionRenewals.paymentIntentId,
          reason: subscriptionRenewals.reason,
          amountCents: subscriptionRenewals.amountCents,
          methodRef: paymentMethods.methodRef,
          customerRef: paymentMethods.customerRef,
        })
        .from(subscriptionRenewals)
        .innerJoin(paymentMethods, eq(paymentMethods.id, subscriptionRenewals.paymentMethodId))
        .where(
          and(
            eq(subscriptionRenewals.subscriptionId, sub.id),
            eq(subscriptionRenewals.cycle, cycle),
            eq(subscriptionRenewals.status, 'charging'),
          ),
        );
      if (open && open.amountCents !== null) {
        return {
          subscriptionId: sub.id,
          cycle,
          attempt: open.attempt,
          intentId: open.intentId,
          amountCents: open.amountCents,
          userId: sub.userId,
          methodRef: open.methodRef,
          customerRef: open.customerRef,
          reason: open.reason as RenewalReason,
          caller: reason,
        };
      }
      const [method] = sub.paymentMethodId
        ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, sub.paymentMethodId))
        : [];
      if (!method) {
        await tx
          .update(subscriptions)
          .set({ status: 'past_due', updatedAt: now })
          .where(eq(subscriptions.id, sub.id));
        await recordSubscriptionEvent(tx, sub.id, 'past_due', subscriptionMessages.noCard, actor);
        throw new PaymentRequiredError(subscriptionMessages.noCard);
      }
      // Today's prices, less the subscribe-and-save percentage; sold-out products are left out.
      const { items, available, shippingInfo, lines, totals } = await priceNextDelivery(tx, sub, pricing);
      const weeks = sub.intervalWeeks as IntervalWeeks;
      if (available.length === 0) {
        const since = sub.waitingSince ?? now;
        const waitedDays = (now.getTime() - since.getTime()) / 86_400_000;
        if (reason === 'order_now') throw new ConflictError(subscriptionMessages.nothingInStock);
        if (waitedDays >= OUT_OF_STOCK_WAIT_DAYS) {
          const next = nextRenewalAt(since, weeks);
          await tx
            .update(subscriptions)
            .set({
              cycle,
              nextOrderAt: next,
              waitingSince: null,
              remindedAt: null,
              updatedAt: now,
            })
            .where(eq(subscriptions.id, sub.id));
          await recordSubscriptionEvent(
            tx,
            sub.id,
            'skipped',
            `Skipped: everything was sold out for ${OUT_OF_STOCK_WAIT_DAYS} days`,
            actor,
          );
          mailed = await notices.soldOutSkipped(tx, sub, next);
        } else {
          await tx
            .update(subscriptions)
            .set({ waitingSince: since, nextOrderAt: earliestRenewal(now), updatedAt: now })
            .where(eq(subscriptions.id, sub.id));
          await recordSubscriptionEvent(tx, sub.id, 'waiting', subscriptionMessages.nothingInStock, actor);
          // Told on the first day of the wait, not every day of it.
          if (sub.waitingSince === null) mailed = await notices.soldOutWaiting(tx, sub, since);
        }
        return { type: 'waiting' as const, message: subscriptionMessages.nothingInStock };
      }
      const [last] = await tx
        .select({ attempt: max(subscriptionRenewals.attempt) })
        .from(subscriptionRenewals)
        .where(and(eq(subscriptionRenewals.subscriptionId, sub.id), eq(subscriptionRenewals.cycle, cycle)));
      const attempt = (last?.attempt ?? 0) + 1;
      const checkout: CheckoutSnapshotInput = {
        lines,
        shippingInfo,
        totals,
        renewal: { subscriptionId: sub.id, cycle, attempt },
      };
      // What the attempt charges is kept with it: its payment intent's row is written when the
      // provider answers with the payment's id (renewal-payment.ts).
      await tx.insert(subscriptionRenewals).values({
        subscriptionId: sub.id,
        cycle,
        attempt,
        status: 'charging',
        reason,
        amountCents: totals.totalCents,
        checkout: checkout as unknown as Record<string, unknown>,
        paymentMethodId: method.id,
      });
      const left = items.length - available.length;
      if (left > 0) {
        const leftOut = items.filter((item) => !available.includes(item));
        const names = leftOut.map((item) => item.name);
        await recordSubscriptionEvent(
          tx,
          sub.id,
          'items_left_out',
          `Left out of this delivery (sold out): ${names.join(', ')}`,
          actor,
        );
        // "Order now" is the customer at the page, where sold-out products are marked.
        if (reason === 'schedule') mailed = await notices.itemsLeftOut(tx, sub, { cycle, attempt, leftOut });
      }
      return {
        subscriptionId: sub.id,
        cycle,
        attempt,
        intentId: null,
        amountCents: totals.totalCents,
        userId: sub.userId,
        methodRef: method.methodRef,
        customerRef: method.customerRef,
        reason,
        caller: reason,
      };
    });
    if (mailed) notices.deliverSoon();
    return prepared;
  }

  /** A declined (or authentication-needing) attempt: the dunning schedule, or past due. */
  async function failed(
    attempt: Attempt,
    status: 'declined' | 'requires_action',
    message: string,
    now: Date,
    actor: Actor,
  ) {
    const mailed = await db.transaction(async (tx) => {
      await tx
        .update(subscriptionRenewals)
        .set({ status, message, updatedAt: now })
        .where(
          and(
            eq(subscriptionRenewals.subscriptionId, attempt.subscriptionId),
            eq(subscriptionRenewals.cycle, attempt.cycle),
            eq(subscriptionRenewals.attempt, attempt.attempt),
            eq(subscriptionRenewals.status, 'charging'),
          ),
        );
      await tx
        .update(paymentIntents)
        .set({ status: 'canceled', lastError: message, updatedAt: now })
        .where(
          and(eq(paymentIntents.id, attempt.intentId), eq(paymentIntents.status, 'requires_payment_method')),
        );
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, attempt.subscriptionId))
        .for('update');
      if (!sub) return false;
      if (attempt.reason === 'order_now') {
        await recordSubscriptionEvent(tx, sub.id, 'declined', `Order now declined: ${message}`, actor);
        return false;
      }
      const firstDeclinedAt = sub.firstDeclinedAt ?? now;
      const retryAt = dunningRetryAt(firstDeclinedAt, sub.retriesMade);
      await tx
        .update(subscriptions)
        .set(
          retryAt
            ? { firstDeclinedAt, retriesMade: sub.retriesMade + 1, nextOrderAt: retryAt, updatedAt: now }
            : { firstDeclinedAt, status: 'past_due', updatedAt: now },
        )
        .where(eq(subscriptions.id, sub.id));
      await recordSubscriptionEvent(
        tx,
        sub.id,
        retryAt ? 'declined' : 'past_due',
        retryAt
          ? `Renewal declined (${message}); trying again ${retryAt.toISOString().slice(0, 10)}`
          : `Renewal declined (${message}) after ${sub.retriesMade} retries: past due`,
        actor,
      );
      return notices.renewalFailed(tx, sub, { status, message, amountCents: attempt.amountCents, retryAt });
    });
    if (mailed) notices.deliverSoon();
  }

  /**
   * Charges a written attempt (renewal-payment.ts: Stripe's way or the test processor's), writes the
   * payment the provider answered, and, when paid, places its order.
   */
  async function charge(prepared: Prepared, now: Date, actor: Actor): Promise<RenewalOutcome> {
    await beforeCharge?.(prepared);
    const outcome = await chargeRenewal(provider, prepared);
    await afterCharge?.(prepared, outcome);
    const attempt: Attempt = { ...prepared, intentId: outcome.id ?? '' };
    if (outcome.id) {
      const linked = await recordRenewalIntent(
        db,
        provider.name,
        prepared,
        outcome.id,
        storedStatus(provider.name, outcome),
      );
      if (!linked) {
        throw new Error(`Renewal ${renewalKey(prepared)} is linked to another payment than ${outcome.id}.`);
      }
    }
    // The customer is at the page: their bank's confirmation is theirs to give now (decision 0059).
    // The attempt stays open on its payment; a scheduled pass that finds it still open later ends it.
    if (outcome.status === 'requires_action' && prepared.caller === 'order_now' && outcome.id) {
      return { type: 'requires_action', message: outcome.message, intentId: outcome.id };
    }
    if (outcome.status === 'declined' || outcome.status === 'requires_action') {
      await failed(attempt, outcome.status, outcome.message, now, actor);
      return { type: outcome.status, message: outcome.message };
    }
    // Taken, not yet final: Stripe's event (or the next pass asking) finishes it.
    if (outcome.status === 'processing') return { type: 'waiting', message: PAYMENT_PROCESSING };
    try {
      const { order, created } = await placeOrder(attempt.intentId, attempt.amountCents);
      return { type: 'ordered', order, created };
    } catch (error) {
      // A product sold out between pricing and the charge: nothing was charged (the test
      // processor's charge is placeOrder's transaction). The attempt ends; the next one prices again.
      if (error instanceof PaymentRetryError) {
        await db
          .update(subscriptionRenewals)
          .set({ status: 'canceled', message: error.message, updatedAt: now })
          .where(
            and(
              eq(subscriptionRenewals.paymentIntentId, attempt.intentId),
              eq(subscriptionRenewals.status, 'charging'),
            ),
          );
        return { type: 'waiting', message: error.message };
      }
      throw error;
    }
  }

  async function renew(
    subscriptionId: number,
    reason: RenewalReason,
    now = new Date(),
    actor: Actor = SYSTEM_ACTOR,
  ): Promise<RenewalOutcome> {
    const prepared = await prepare(subscriptionId, reason, now, actor);
    if (!('intentId' in prepared)) return prepared;
    return charge(prepared, now, actor);
  }

  return {
    renew,

    /**
     * One pass: every subscription due by `now` is renewed, and every pause that ends by then is
     * lifted. Safe on several instances at once (the attempt, not the pass, is exactly once).
     */
    async runDue(now = new Date()) {
      await db.transaction(async (tx) => {
        const resumed = await tx
          .update(subscriptions)
          .set({ status: 'active', pausedUntil: null, updatedAt: now })
          .where(and(eq(subscriptions.status, 'paused'), lte(subscriptions.pausedUntil, now)))
          .returning({ id: subscriptions.id });
        for (const { id } of resumed) {
          await recordSubscriptionEvent(tx, id, 'resumed', 'Resumed: the pause ended', SYSTEM_ACTOR);
        }
      });
      const due = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.nextOrderAt, now)))
        .orderBy(asc(subscriptions.nextOrderAt))
        .limit(100);
      const outcomes: RenewalOutcome[] = [];
      for (const { id } of due) outcomes.push(await renew(id, 'schedule', now));
      await notices.remindDue(now);
      return outcomes;
    },
  };
}

export type Renewals = ReturnType<typeof createRenewals>;
