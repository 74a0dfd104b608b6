/**
 * The customer's subscriptions (decision 0056): see them, skip, pause, resume, cancel, change them,
 * order now; and the admin's list, and pause and cancel on the customer's behalf (decision 0057).
 * Every change holds the subscription's row, checks the owner (or is an admin's), and writes its line
 * of history, with who did it, in the same transaction.
 */
import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { centsToDollars } from '../../../domain/money.js';
import { checkoutTotals, type PricingSettings } from '../../../domain/pricing.js';
import type { ApiSubscription, UpdateSubscription } from '../../../domain/subscription-schemas.js';
import { checkoutSnapshotShippingSchema } from '../../../domain/stored/checkout-snapshot.js';
import { parseStored } from '../../../domain/stored/versions.js';
import {
  deliverable,
  subscriptionPriceCents,
  type IntervalWeeks,
  type SubscriptionStatus,
} from '../../../domain/subscriptions.js';
import { subscriptionMessages } from '../../../domain/subscription-messages.js';
import {
  afterIntervalChange,
  afterResume,
  latestPauseEnd,
  nextRenewalAt,
  shopInstant,
} from '../../../domain/subscription-schedule.js';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/errors.js';
import { assertShipsTo } from '../../../domain/checkout.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  categories,
  paymentMethods,
  products,
  subscriptionEvents,
  subscriptionItems,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema.js';
import { adminActor, type Actor } from '../orders/timeline.js';
import type { SubscriptionNotices } from './notices.js';
import { recordSubscriptionEvent } from './records.js';
import type { Renewals } from './renewals.js';

type Row = typeof subscriptions.$inferSelect;

/**
 * Who changes a subscription: its owner (another account's answers 404 like a missing one), or an
 * admin acting for the customer (decision 0057), named in the history as orders' timeline names them.
 */
export type SubscriptionCaller = { owner: number } | { admin: number };

export function createSubscriptionsService(
  db: Database,
  renewals: Renewals,
  notices: SubscriptionNotices,
  pricing: PricingSettings,
) {
  const customerActor = (userId: number): Actor => ({ kind: 'customer', id: userId, name: null });

  async function toApi(executor: Pick<Database, 'select'>, rows: Row[]): Promise<ApiSubscription[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const items = await executor
      .select({
        subscriptionId: subscriptionItems.subscriptionId,
        quantity: subscriptionItems.quantity,
        productId: products.id,
        name: products.name,
        slug: products.slug,
        category: categories.name,
        imageUrl: products.imageUrl,
        priceCents: products.priceCents,
        percent: products.subscribeSavePercent,
        taxClass: products.taxClass,
        stock: products.stock,
        isActive: products.isActive,
      })
      .from(subscriptionItems)
      .innerJoin(products, eq(products.id, subscriptionItems.productId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(subscriptionItems.subscriptionId, ids))
      .orderBy(asc(products.id));
    // The newest attempt of each subscription's pending cycle: one its customer's bank wants confirmed?
    const attempts = await executor
      .select({
        subscriptionId: subscriptionRenewals.subscriptionId,
        cycle: subscriptionRenewals.cycle,
        attempt: subscriptionRenewals.attempt,
        status: subscriptionRenewals.status,
        reason: subscriptionRenewals.reason,
        intentId: subscriptionRenewals.paymentIntentId,
      })
      .from(subscriptionRenewals)
      .where(inArray(subscriptionRenewals.subscriptionId, ids))
      .orderBy(desc(subscriptionRenewals.cycle), desc(subscriptionRenewals.attempt));
    const needsAuthentication = (row: Row) => {
      const latest = attempts.find((a) => a.subscriptionId === row.id);
      if (!latest || latest.cycle !== row.cycle + 1) return false;
      return (
        latest.status === 'requires_action' ||
        // "Order now" left waiting on the customer's confirmation (decision 0059).
        (latest.status === 'charging' && latest.reason === 'order_now' && latest.intentId !== null)
      );
    };
    const methodIds = rows.flatMap((row) => (row.paymentMethodId ? [row.paymentMethodId] : []));
    const methods = methodIds.length
      ? await executor.select().from(paymentMethods).where(inArray(paymentMethods.id, methodIds))
      : [];
    return rows.map((row) => {
      const own = items.filter((item) => item.subscriptionId === row.id);
      const address = parseStored(
        "a subscription's address",
        checkoutSnapshotShippingSchema,
        row.shippingInfo,
      );
      const priced = own.filter(deliverable).map((item) => ({
        priceCents: subscriptionPriceCents(item.priceCents, item.percent),
        quantity: item.quantity,
        taxClass: item.taxClass,
      }));
      const totals = checkoutTotals(priced, address, false, pricing);
      const method = methods.find((m) => m.id === row.paymentMethodId);
      return {
        id: row.id,
        status: row.status,
        interval_weeks: row.intervalWeeks,
        next_order_at: row.status === 'canceled' ? null : row.nextOrderAt.toISOString(),
        paused_until: row.pausedUntil?.toISOString() ?? null,
        needs_authentication:
          row.status !== 'canceled' && row.status !== 'paused' && needsAuthentication(row),
        items: own.map((item) => ({
          product_id: item.productId,
          name: item.name,
          slug: item.slug,
          category: item.category,
          image_url: item.imageUrl,
          quantity: item.quantity,
          price: centsToDollars(item.priceCents),
          subscription_price: centsToDollars(subscriptionPriceCents(item.priceCents, item.percent)),
          in_stock: deliverable(item),
        })),
        next_total: {
          subtotal: centsToDollars(totals.subtotalCents),
          shipping: centsToDollars(totals.shippingCents),
          tax: centsToDollars(totals.taxCents),
          total: centsToDollars(totals.totalCents),
        },
        card: method
          ? { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear }
          : null,
        shipping_address: address,
        last_order_id: row.lastOrderId,
        failed_attempts: row.firstDeclinedAt ? row.retriesMade : 0,
        cancel_reason: row.cancelReason,
        canceled_at: row.canceledAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  /**
   * The subscription, locked for a change: the owner's own (another account's answers 404 like a
   * missing one), or any for an admin.
   */
  async function lockFor(tx: Transaction, caller: SubscriptionCaller, id: number): Promise<Row> {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        'owner' in caller
          ? and(eq(subscriptions.id, id), eq(subscriptions.userId, caller.owner))
          : eq(subscriptions.id, id),
      )
      .for('update');
    if (!row) throw new NotFoundError(subscriptionMessages.notFound);
    return row;
  }

  /**
   * A change in one transaction: lock, check, write, record (with `actor`, who made it); answers the
   * subscription after it.
   */
  async function change(
    caller: SubscriptionCaller,
    id: number,
    apply: (tx: Transaction, row: Row, now: Date, actor: Actor) => Promise<void>,
  ): Promise<ApiSubscription> {
    return db.transaction(async (tx) => {
      const row = await lockFor(tx, caller, id);
      const actor = 'owner' in caller ? customerActor(caller.owner) : await adminActor(tx, caller.admin);
      await apply(tx, row, new Date(), actor);
      const [after] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
      return (await toApi(tx, [after!]))[0]!;
    });
  }

  /** Subscriptions for the admin, newest first, with their customer's account e-mail. */
  async function withEmail(where: SQL | undefined, limit: number) {
    const rows = await db
      .select({ subscription: subscriptions, email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.id))
      .limit(limit);
    const api = await toApi(
      db,
      rows.map((r) => r.subscription),
    );
    return api.map((subscription, i) => ({ ...subscription, email: rows[i]!.email }));
  }

  const notCanceled = (row: Row) => {
    if (row.status === 'canceled') throw new ConflictError(subscriptionMessages.canceled);
  };

  return {
    async list(userId: number) {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.id));
      return toApi(db, rows);
    },

    async get(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
      if (!row) throw new NotFoundError(subscriptionMessages.notFound);
      return (await toApi(db, [row]))[0]!;
    },

    /** The next delivery is skipped: the one after it is one interval later. */
    skip(userId: number, id: number) {
      return change({ owner: userId }, id, async (tx, row, now, actor) => {
        if (row.status !== 'active') throw new ConflictError(subscriptionMessages.notActive);
        const next = nextRenewalAt(row.nextOrderAt, row.intervalWeeks as IntervalWeeks);
        await tx
          .update(subscriptions)
          .set({ cycle: row.cycle + 1, nextOrderAt: next, remindedAt: null, updatedAt: now })
          .where(eq(subscriptions.id, row.id));
        await recordSubscriptionEvent(
          tx,
          row.id,
          'skipped',
          `Skipped the delivery of ${row.nextOrderAt.toISOString().slice(0, 10)}; next ${next.toISOString().slice(0, 10)}`,
          actor,
        );
      });
    },

    /**
     * Paused until a day (it orders again that day) or indefinitely; by the owner or an admin;
     * confirmed by e-mail.
     */
    async pause(caller: SubscriptionCaller, id: number, until: string | null | undefined) {
      const paused = await change(caller, id, async (tx, row, now, actor) => {
        notCanceled(row);
        const resumeAt = until ? shopInstant(until) : null;
        if (resumeAt && resumeAt <= now) throw new InvalidError(subscriptionMessages.pauseInPast);
        if (resumeAt && resumeAt > latestPauseEnd(now))
          throw new InvalidError(subscriptionMessages.pauseTooFar);
        const moved = resumeAt !== null && resumeAt > row.nextOrderAt;
        await tx
          .update(subscriptions)
          .set({
            status: 'paused',
            pausedUntil: resumeAt,
            // A renewal moved past its reminder is reminded again (notices.ts).
            ...(moved ? { nextOrderAt: resumeAt, remindedAt: null } : {}),
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id));
        await recordSubscriptionEvent(
          tx,
          row.id,
          'paused',
          resumeAt ? `Paused until ${until}` : 'Paused until resumed',
          actor,
        );
        await notices.paused(tx, row, resumeAt, moved ? resumeAt : row.nextOrderAt);
      });
      notices.deliverSoon();
      return paused;
    },

    resume(userId: number, id: number) {
      return change({ owner: userId }, id, async (tx, row, now, actor) => {
        if (row.status !== 'paused') throw new ConflictError(subscriptionMessages.notPaused);
        const next = afterResume(row.nextOrderAt, now);
        await tx
          .update(subscriptions)
          .set({ status: 'active', pausedUntil: null, nextOrderAt: next, updatedAt: now })
          .where(eq(subscriptions.id, row.id));
        await recordSubscriptionEvent(
          tx,
          row.id,
          'resumed',
          `Resumed; next delivery ${next.toISOString().slice(0, 10)}`,
          actor,
        );
      });
    },

    /** Cancelled, with an optional reason; by the owner or an admin; confirmed by e-mail. */
    async cancel(caller: SubscriptionCaller, id: number, reason: string | null | undefined) {
      const cancelled = await change(caller, id, async (tx, row, now, actor) => {
        if (row.status === 'canceled') throw new ConflictError(subscriptionMessages.alreadyCanceled);
        await tx
          .update(subscriptions)
          .set({
            status: 'canceled',
            canceledAt: now,
            cancelReason: reason || null,
            pausedUntil: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id));
        await recordSubscriptionEvent(
          tx,
          row.id,
          'canceled',
          reason ? `Cancelled: ${reason}` : 'Cancelled',
          actor,
        );
        await notices.cancelled(tx, row, actor.kind !== 'customer');
      });
      notices.deliverSoon();
      return cancelled;
    },

    update(userId: number, id: number, body: UpdateSubscription) {
      return change({ owner: userId }, id, async (tx, row, now, actor) => {
        notCanceled(row);
        const changes: string[] = [];
        const set: Partial<typeof subscriptions.$inferInsert> = { updatedAt: now };
        if (body.interval_weeks !== undefined && body.interval_weeks !== row.intervalWeeks) {
          set.intervalWeeks = body.interval_weeks;
          set.nextOrderAt = afterIntervalChange(row.lastOrderAt, body.interval_weeks, now);
          // The renewal moved: it is reminded again before its new date (notices.ts).
          if (set.nextOrderAt.getTime() !== row.nextOrderAt.getTime()) set.remindedAt = null;
          changes.push(`every ${body.interval_weeks} weeks (was ${row.intervalWeeks})`);
        }
        if (body.items) {
          const current = await tx
            .select({ productId: subscriptionItems.productId, categoryId: products.categoryId })
            .from(subscriptionItems)
            .innerJoin(products, eq(products.id, subscriptionItems.productId))
            .where(eq(subscriptionItems.subscriptionId, row.id));
          const wanted = await tx
            .select({
              id: products.id,
              name: products.name,
              categoryId: products.categoryId,
              isActive: products.isActive,
            })
            .from(products)
            .where(
              inArray(
                products.id,
                body.items.map((item) => item.id),
              ),
            );
          const allowedCategories = new Set(current.map((item) => item.categoryId));
          for (const item of body.items) {
            const product = wanted.find((p) => p.id === item.id);
            if (!product || !product.isActive)
              throw new InvalidError(subscriptionMessages.productUnavailable);
            // A flavour swap stays in the subscription's categories (a cookie for a cookie).
            if (!allowedCategories.has(product.categoryId)) {
              throw new InvalidError(subscriptionMessages.swapOutsideCategory);
            }
          }
          await tx.delete(subscriptionItems).where(eq(subscriptionItems.subscriptionId, row.id));
          await tx.insert(subscriptionItems).values(
            body.items.map((item) => ({
              subscriptionId: row.id,
              productId: item.id,
              quantity: item.quantity,
            })),
          );
          changes.push(
            `items: ${body.items.map((item) => `${item.quantity} x ${wanted.find((p) => p.id === item.id)!.name}`).join(', ')}`,
          );
        }
        if (body.shipping_address) {
          const { state, postalCode } = body.shipping_address;
          assertShipsTo(pricing.shippingArea, state, postalCode);
          set.shippingInfo = body.shipping_address as unknown as Record<string, unknown>;
          changes.push(`address: ${body.shipping_address.address1}, ${body.shipping_address.city}`);
        }
        await tx.update(subscriptions).set(set).where(eq(subscriptions.id, row.id));
        if (changes.length > 0) {
          await recordSubscriptionEvent(tx, row.id, 'changed', `Changed ${changes.join('; ')}`, actor);
        }
      });
    },

    /**
     * The card the renewals charge from now on (card.ts saved it, decision 0059). A renewal that was
     * waiting on the card (declined and due to be tried again, or past due) becomes due now:
     * `retryNow` says the caller should try it.
     */
    async setCard(userId: number, id: number, methodId: number) {
      let retryNow = false;
      const subscription = await change({ owner: userId }, id, async (tx, row, now, actor) => {
        if (row.status === 'canceled') throw new ConflictError(subscriptionMessages.canceled);
        const [card] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
        const set: Partial<typeof subscriptions.$inferInsert> = { paymentMethodId: methodId, updatedAt: now };
        retryNow = row.status === 'past_due' || (row.status === 'active' && row.firstDeclinedAt !== null);
        // The dunning schedule stays where it was (a decline now takes its next step), and so does
        // the day the cycle was first due, which the next renewal counts from (records.ts).
        if (retryNow) Object.assign(set, { status: 'active', nextOrderAt: now });
        await tx.update(subscriptions).set(set).where(eq(subscriptions.id, row.id));
        await recordSubscriptionEvent(
          tx,
          row.id,
          'card_updated',
          `Card updated: ${card?.brand ?? 'card'} ending in ${card?.last4 ?? '????'}${retryNow ? '; the renewal is tried again now' : ''}`,
          actor,
        );
      });
      return { subscription, retryNow };
    },

    /** The next delivery now, at today's prices: answers its order (the same one on a repeat). */
    async orderNow(userId: number, id: number) {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
      if (!row) throw new NotFoundError(subscriptionMessages.notFound);
      return renewals.renew(id, 'order_now', new Date(), customerActor(userId));
    },

    async history(id: number) {
      return db
        .select()
        .from(subscriptionEvents)
        .where(eq(subscriptionEvents.subscriptionId, id))
        .orderBy(asc(subscriptionEvents.id));
    },

    /** The admin's list: newest first, by status and by the customer's e-mail. */
    async adminList(filter: { status?: SubscriptionStatus | undefined; q?: string | undefined }) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(subscriptions.status, filter.status));
      if (filter.q) where.push(ilike(users.email, `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`));
      return withEmail(and(...where), 200);
    },

    /** Any subscription, for an admin, with the customer's e-mail (decision 0057). */
    async adminGet(id: number) {
      const [found] = await withEmail(eq(subscriptions.id, id), 1);
      if (!found) throw new NotFoundError(subscriptionMessages.notFound);
      return found;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
