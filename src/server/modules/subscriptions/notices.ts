/**
 * Writing the subscription e-mails (emails.ts; decision 0056): each is written to the outbox in the
 * transaction of the change it tells about, so it goes out once per change whoever made it
 * (decision 0009), with its line in the subscription's history. Whoever commits that transaction
 * then calls `deliverSoon()`.
 *
 * The reminder before each renewal has no change of its own to ride on: `remindDue` claims it. An
 * active subscription due within REMINDER_DAYS_BEFORE days (by the shop's calendar) whose cycle was
 * not reminded yet gets `reminded_at` set by an UPDATE guarded by `reminded_at IS NULL`, and its
 * e-mail is written in that same transaction: a second runner's UPDATE waits for the first to commit,
 * then finds the row reminded and writes nothing. `reminded_at` is cleared when a cycle completes
 * or is skipped (records.ts, service.ts, renewals.ts), so each cycle is reminded once.
 */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { checkoutTotals, isFreeShippingAccount, type PricingSettings } from '../../../domain/pricing.js';
import { parseCheckoutSnapshot } from '../../../domain/stored/checkout-snapshot.js';
import {
  REMINDER_DAYS_BEFORE,
  subscriptionPriceCents,
  type IntervalWeeks,
} from '../../../domain/subscriptions.js';
import { nextRenewalAt, renewalAfter } from '../../../domain/subscription-schedule.js';
import type { Database, Transaction } from '../../db/client.js';
import { orders, paymentIntents, subscriptionRenewals, subscriptions } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { TransactionalEmail } from '../mail/outbox.js';
import { emailSummary, type Actor } from '../orders/timeline.js';
import {
  cancelledEmail,
  itemsLeftOutEmail,
  pausedEmail,
  reminderEmail,
  renewalFailedEmail,
  soldOutSkippedEmail,
  soldOutWaitingEmail,
  subscriberOf,
  subscriptionPage,
  type Subscriber,
} from './emails.js';
import { priceNextDelivery } from './pricing.js';
import { accountOf, recordSubscriptionEvent } from './records.js';

type Row = typeof subscriptions.$inferSelect;

const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: null };

export interface NoticesDeps {
  db: Database;
  mailer: Pick<Mailer, 'enqueueAll' | 'deliverSoon'>;
  /** The shop's address, for the links to the subscription's page. */
  publicUrl: string;
  /** FREE_SHIPPING_EMAIL, so the reminder's total is the one the renewal charges. */
  pricing: PricingSettings;
}

/** The most reminders one pass writes (the next pass takes the rest). */
const REMINDER_BATCH = 100;

export function createSubscriptionNotices({ db, mailer, publicUrl, pricing }: NoticesDeps) {
  /** Writes one e-mail to the subscription's account and its history line; false without an account. */
  async function send(
    tx: Transaction,
    sub: Row,
    write: (page: { who: Subscriber; page: string }) => TransactionalEmail,
  ): Promise<boolean> {
    const who = await subscriberOf(tx, sub);
    if (!who) return false;
    const email = write({ who, page: subscriptionPage(publicUrl, sub.id) });
    await mailer.enqueueAll(tx, [email]);
    await recordSubscriptionEvent(tx, sub.id, 'email', emailSummary(email), SYSTEM_ACTOR);
    return true;
  }

  /**
   * What the subscription's last delivery came to: its renewal order's total, or for the first
   * order (which may hold one-time lines and other subscriptions) this subscription's lines of it.
   */
  async function lastTotalCents(tx: Transaction, sub: Row): Promise<number | null> {
    if (sub.lastOrderId === null) return null;
    const [last] = await tx
      .select({ totalCents: orders.totalCents, checkout: paymentIntents.checkout })
      .from(orders)
      .innerJoin(paymentIntents, eq(paymentIntents.id, orders.paymentIntentId))
      .where(eq(orders.id, sub.lastOrderId));
    if (!last) return null;
    const checkout = parseCheckoutSnapshot(last.checkout);
    if (checkout.renewal) return checkout.renewal.subscriptionId === sub.id ? last.totalCents : null;
    const own = checkout.lines.filter((line) => line.intervalWeeks === sub.intervalWeeks);
    if (own.length === 0) return null;
    const account = await accountOf(tx, sub.userId);
    return checkoutTotals(
      own,
      checkout.shippingInfo,
      isFreeShippingAccount(account, pricing.freeShippingEmail),
      pricing,
    ).totalCents;
  }

  return {
    /** Wakes the mailer: call once the transaction that wrote e-mails has committed. */
    deliverSoon: () => mailer.deliverSoon(),

    /** A scheduled renewal declined or waiting for the customer to confirm it (renewals.ts). */
    renewalFailed(
      tx: Transaction,
      sub: Row,
      details: {
        status: 'declined' | 'requires_action';
        message: string;
        amountCents: number;
        retryAt: Date | null;
      },
    ) {
      return send(tx, sub, (page) => renewalFailedEmail({ ...page, ...details }));
    },

    /**
     * A renewal's attempt leaves out sold-out products. Told once: not again on a retry of the
     * cycle (after a decline) that leaves out nothing the attempt before it had.
     */
    async itemsLeftOut(
      tx: Transaction,
      sub: Row,
      {
        cycle,
        attempt,
        leftOut,
      }: { cycle: number; attempt: number; leftOut: { productId: number; name: string }[] },
    ) {
      if (attempt > 1) {
        const [previous] = await tx
          .select({ checkout: paymentIntents.checkout })
          .from(subscriptionRenewals)
          .innerJoin(paymentIntents, eq(paymentIntents.id, subscriptionRenewals.paymentIntentId))
          .where(
            and(
              eq(subscriptionRenewals.subscriptionId, sub.id),
              eq(subscriptionRenewals.cycle, cycle),
              eq(subscriptionRenewals.attempt, attempt - 1),
            ),
          );
        if (previous) {
          const priced = new Set(
            parseCheckoutSnapshot(previous.checkout).lines.map((line) => line.productId),
          );
          if (leftOut.every((item) => !priced.has(item.productId))) return false;
        }
      }
      return send(tx, sub, (page) => itemsLeftOutEmail({ ...page, names: leftOut.map((item) => item.name) }));
    },

    /** Everything is sold out and the renewal starts waiting (once per cycle: the first day). */
    soldOutWaiting(tx: Transaction, sub: Row, since: Date) {
      const nextIfSkipped = nextRenewalAt(since, sub.intervalWeeks as IntervalWeeks);
      return send(tx, sub, (page) => soldOutWaitingEmail({ ...page, nextIfSkipped }));
    },

    /** Everything stayed sold out: the cycle was skipped. */
    soldOutSkipped(tx: Transaction, sub: Row, next: Date) {
      return send(tx, sub, (page) => soldOutSkippedEmail({ ...page, next }));
    },

    cancelled(tx: Transaction, sub: Row, byShop: boolean) {
      return send(tx, sub, (page) => cancelledEmail({ ...page, byShop }));
    },

    paused(tx: Transaction, sub: Row, until: Date | null, next: Date) {
      return send(tx, sub, (page) => pausedEmail({ ...page, until, next }));
    },

    /**
     * The reminders due at `now`: one per cycle of each active subscription renewing within
     * REMINDER_DAYS_BEFORE days, claimed row by row (see the top of this file). Answers how many
     * were written.
     */
    async remindDue(now: Date): Promise<number> {
      // Due by the renewal hour that many days on: from that day's start in Vancouver, whatever
      // the clock change between.
      const horizon = renewalAfter(now, REMINDER_DAYS_BEFORE);
      const window = and(
        eq(subscriptions.status, 'active'),
        isNull(subscriptions.remindedAt),
        // Not a retry after a decline, nor a sold-out wait: those have e-mails of their own.
        isNull(subscriptions.firstDeclinedAt),
        isNull(subscriptions.waitingSince),
        gt(subscriptions.nextOrderAt, now),
        lte(subscriptions.nextOrderAt, horizon),
      );
      const due = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(window)
        .orderBy(asc(subscriptions.nextOrderAt))
        .limit(REMINDER_BATCH);
      let written = 0;
      for (const { id } of due) {
        const wrote = await db.transaction(async (tx) => {
          const [sub] = await tx
            .update(subscriptions)
            .set({ remindedAt: now })
            .where(and(eq(subscriptions.id, id), window))
            .returning();
          if (!sub) return false;
          const next = await priceNextDelivery(tx, sub, pricing);
          const previousTotalCents = await lastTotalCents(tx, sub);
          return send(tx, sub, (page) =>
            reminderEmail({
              ...page,
              at: sub.nextOrderAt,
              items: next.items.map((item) => ({
                name: item.name,
                quantity: item.quantity,
                unitCents: subscriptionPriceCents(item.priceCents, item.percent),
                inStock: item.inStock,
              })),
              totals: next.totals,
              previousTotalCents,
            }),
          );
        });
        if (wrote) written++;
      }
      if (written > 0) mailer.deliverSoon();
      return written;
    },
  };
}

export type SubscriptionNotices = ReturnType<typeof createSubscriptionNotices>;
