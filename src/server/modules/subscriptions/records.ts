/**
 * What a placed order does to subscriptions (decision 0056), inside the order's own transaction
 * (checkout/place-order.ts): a first order with subscription lines starts one subscription per
 * interval; a renewal's order completes its cycle and moves the next date. So an order and the
 * subscription state it implies are committed together or not at all.
 */
import { and, eq } from 'drizzle-orm';
import { type IntervalWeeks } from '../../../domain/subscriptions.js';
import { earliestRenewal, firstRenewalAt, nextRenewalAt } from '../../../domain/subscription-schedule.js';
import type { CheckoutSnapshot } from '../../../domain/stored/checkout-snapshot.js';
import type { Transaction } from '../../db/client.js';
import {
  subscriptionEvents,
  subscriptionItems,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema.js';
import type { Actor } from '../orders/timeline.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Writes one line of a subscription's history. */
export async function recordSubscriptionEvent(
  tx: Pick<Transaction, 'insert'>,
  subscriptionId: number,
  kind: string,
  summary: string,
  actor: Actor,
) {
  await tx.insert(subscriptionEvents).values({
    subscriptionId,
    kind,
    summary,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
  });
}

/**
 * A first order's subscription lines become subscriptions: one per interval, renewing from the
 * order's day with the card the payment saved and the order's address.
 */
export async function startSubscriptions(
  tx: Transaction,
  {
    userId,
    orderId,
    checkout,
    paymentMethodId,
    now,
  }: {
    userId: number | null;
    orderId: number;
    checkout: CheckoutSnapshot;
    paymentMethodId: number | null;
    now: Date;
  },
): Promise<number[]> {
  if (userId === null || checkout.renewal) return [];
  const byInterval = new Map<number, CheckoutSnapshot['lines']>();
  for (const line of checkout.lines) {
    if (!line.intervalWeeks) continue;
    byInterval.set(line.intervalWeeks, [...(byInterval.get(line.intervalWeeks) ?? []), line]);
  }
  const ids: number[] = [];
  for (const [weeks, lines] of byInterval) {
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId,
        status: 'active',
        intervalWeeks: weeks,
        nextOrderAt: firstRenewalAt(now, weeks as IntervalWeeks),
        shippingInfo: checkout.shippingInfo as unknown as Record<string, unknown>,
        paymentMethodId,
        firstOrderId: orderId,
        lastOrderId: orderId,
        lastOrderAt: now,
      })
      .returning({ id: subscriptions.id });
    const id = created!.id;
    await tx
      .insert(subscriptionItems)
      .values(
        lines.map((line) => ({ subscriptionId: id, productId: line.productId, quantity: line.quantity })),
      );
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    await recordSubscriptionEvent(
      tx,
      id,
      'created',
      `Subscribed with order #${orderId}: ${plural(units, 'pack')} every ${weeks} weeks`,
      { kind: 'customer', id: userId, name: null },
    );
    ids.push(id);
  }
  return ids;
}

/**
 * A renewal's order is placed: its attempt is paid, the subscription's cycle moves on, its next
 * date is one interval after the date it was due (or after today for "Order now"), and the dunning
 * and waiting state of the cycle is cleared.
 */
export async function completeRenewal(
  tx: Transaction,
  {
    renewal,
    orderId,
    totalLabel,
    now,
  }: {
    renewal: NonNullable<CheckoutSnapshot['renewal']>;
    orderId: number;
    totalLabel: string;
    now: Date;
  },
) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, renewal.subscriptionId))
    .for('update');
  const [attempt] = await tx
    .update(subscriptionRenewals)
    .set({ status: 'paid', orderId, message: null, updatedAt: now })
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, renewal.subscriptionId),
        eq(subscriptionRenewals.cycle, renewal.cycle),
        eq(subscriptionRenewals.attempt, renewal.attempt),
      ),
    )
    .returning({ reason: subscriptionRenewals.reason });
  if (!subscription || subscription.cycle >= renewal.cycle) return;
  const weeks = subscription.intervalWeeks as IntervalWeeks;
  const orderedNow = attempt?.reason === 'order_now';
  // A cycle that was retried (a decline, a sold-out wait) keeps the subscription's rhythm: the next
  // date is one interval after the day the cycle was first due, and never before tomorrow.
  const due = subscription.firstDeclinedAt ?? subscription.waitingSince ?? subscription.nextOrderAt;
  let next = nextRenewalAt(orderedNow ? now : due, weeks);
  if (next < earliestRenewal(now)) next = nextRenewalAt(now, weeks);
  await tx
    .update(subscriptions)
    .set({
      cycle: renewal.cycle,
      status: subscription.status === 'past_due' ? 'active' : subscription.status,
      nextOrderAt: next,
      lastOrderId: orderId,
      lastOrderAt: now,
      firstDeclinedAt: null,
      retriesMade: 0,
      waitingSince: null,
      remindedAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id));
  await recordSubscriptionEvent(
    tx,
    subscription.id,
    'renewed',
    `${orderedNow ? 'Ordered now' : 'Renewed'}: order #${orderId}, ${totalLabel}`,
    orderedNow
      ? { kind: 'customer', id: subscription.userId, name: null }
      : { kind: 'system', id: null, name: null },
  );
}

/** The account's e-mail and whether it is confirmed (for free shipping at renewal). */
export async function accountOf(tx: Pick<Transaction, 'select'>, userId: number) {
  const [row] = await tx
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { email: row.email, emailVerified: row.verifiedAt !== null } : null;
}
