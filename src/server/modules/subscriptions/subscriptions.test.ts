/**
 * Subscribe and save through the real app (decision 0056), on PGlite and on PostgreSQL, with the
 * renewal engine run on a clock of the test's own: the first order saves the card and starts the
 * subscription; a renewal on its date is one paid order at that day's prices; each test card's path;
 * the dunning schedule; skip, pause, resume, cancel, change, order now; and exactly once under two
 * runners, ten "Order now" at once and a runner that dies between writing the attempt and the charge.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_SHIPPING_AREA } from '../../../domain/checkout.js';
import type { Order } from '../../../domain/orders.js';
import { checkoutTotals } from '../../../domain/pricing.js';
import type { ApiSubscription } from '../../../domain/subscription-schemas.js';
import { subscriptionMessages } from '../../../domain/subscription-messages.js';
import {
  emailOutbox,
  orders,
  paymentIntents,
  paymentMethods,
  products,
  subscriptionEvents,
  subscriptionRenewals,
  subscriptions,
} from '../../db/schema.js';
import {
  checkoutFixtures,
  expectMessage,
  shippingInfo,
  testCard,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createSubscriptionNotices } from './notices.js';
import { createRenewals } from './renewals.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const CARD = {
  renews: '4242 4242 4242 4242',
  declinesLater: '4000 0000 0000 0341',
  authenticate: '4000 0027 6000 3184',
};
const DAY = 86_400_000;

/** A product of the test's own at $10.00 with a subscribe-and-save percentage. */
async function product(percent = 10, stock: number | null = null) {
  const row = await f.stocked(stock);
  await db().update(products).set({ subscribeSavePercent: percent }).where(eq(products.id, row.id));
  return row;
}

/** Prices and pays a cart with subscription lines through the test processor. */
async function subscribe(
  who: Person,
  items: { id: number; quantity: number; subscription?: { interval_weeks: number } }[],
  card = CARD.renews,
): Promise<Order> {
  const rows = await db().select().from(products);
  const subtotal = items.reduce((sum, item) => {
    const p = rows.find((r) => r.id === item.id)!;
    const unit = item.subscription
      ? Math.round((p.priceCents * (100 - p.subscribeSavePercent)) / 100)
      : p.priceCents;
    return sum + unit * item.quantity;
  }, 0);
  // Shipping and tax by the shop's rules, on this subtotal, computed here.
  const expected = checkoutTotals([{ priceCents: subtotal, quantity: 1 }], {
    city: 'Vancouver',
    postalCode: String(shippingInfo().postalCode),
  });
  const body = {
    amount: expected.totalCents,
    shippingInfo: shippingInfo({ email: who.email }),
    items,
    subscription_terms_accepted: true,
  };
  const intent = await f.call('POST', '/api/payments/create-payment-intent', { token: who.token, body });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirmed = await f.call('POST', '/api/payments/test/confirm', {
    token: who.token,
    body: { client_secret: intent.json().client_secret, card: testCard(card) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return (confirmed.json() as { order: Order }).order;
}

const mine = async (who: Person) => {
  const res = await f.call('GET', '/api/subscriptions', { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApiSubscription[]>();
};
const post = (who: Person, id: number, action: string, body?: unknown) =>
  f.call('POST', `/api/subscriptions/${id}/${action}`, { token: who.token, ...(body ? { body } : {}) });

const renewalOrders = (subscriptionId: number) =>
  db()
    .select({ orderId: subscriptionRenewals.orderId, cycle: subscriptionRenewals.cycle })
    .from(subscriptionRenewals)
    .where(
      and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.status, 'paid')),
    );
/** Payments taken for a subscription's renewals (the test processor's record is the provider's). */
const charges = async (subscriptionId: number) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.status, 'succeeded'),
          sql`(${paymentIntents.checkout} -> 'renewal' ->> 'subscriptionId')::int = ${subscriptionId}`,
        ),
      )
  )[0]!.n;
const nextOrderAt = async (id: number) =>
  (
    await db().select({ at: subscriptions.nextOrderAt }).from(subscriptions).where(eq(subscriptions.id, id))
  )[0]!.at;

describe('subscribing', () => {
  it('refuses a subscription line unless the terms are ticked', async () => {
    const who = await f.person();
    const p = await product();
    const res = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: {
        amount: 1000,
        shippingInfo: shippingInfo(),
        items: [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }],
      },
    });
    expectMessage(res, 400, subscriptionMessages.termsRequired);
  });

  it('prices the subscription line with its percentage, saves the card and starts the subscription', async () => {
    const who = await f.person();
    const p = await product(10);
    const order = await subscribe(who, [
      { id: p.id, quantity: 1 },
      { id: p.id, quantity: 2, subscription: { interval_weeks: 4 } },
    ]);
    // $10.00 one-time and 2 x $9.00 subscribed.
    expect(order.subtotal).toBe(28);
    const [sub] = await mine(who);
    expect(sub).toMatchObject({
      status: 'active',
      interval_weeks: 4,
      items: [expect.objectContaining({ product_id: p.id, quantity: 2, price: 10, subscription_price: 9 })],
      card: { brand: 'Visa', last4: '4242', exp_month: 12 },
      last_order_id: order.id,
    });
    const days = (Date.parse(sub!.next_order_at!) - Date.parse(order.created_at)) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(29);
    const [event] = await db()
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub!.id));
    expect(event).toMatchObject({ kind: 'created', actorKind: 'customer', actorId: who.id });
  });

  it('saves no card and starts nothing for a one-time cart', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1 }]);
    expect(await mine(who)).toEqual([]);
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.userId, who.id))).toEqual([]);
  });
});

describe('renewing', () => {
  it('makes one paid order on the renewal date at that day’s prices, then waits an interval', async () => {
    const who = await f.person();
    const p = await product(10);
    await subscribe(who, [{ id: p.id, quantity: 3, subscription: { interval_weeks: 2 } }]);
    const [sub] = await mine(who);
    const due = new Date(sub!.next_order_at!);
    // Not yet due: nothing.
    await t.app.renewals.runDue(new Date(due.getTime() - 60_000));
    expect(await renewalOrders(sub!.id)).toEqual([]);
    // The price went up since: the renewal pays today's, less 10%.
    await db().update(products).set({ priceCents: 1200 }).where(eq(products.id, p.id));
    await t.app.renewals.runDue(due);
    const paid = await renewalOrders(sub!.id);
    expect(paid).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, paid[0]!.orderId!));
    expect(order).toMatchObject({ userId: who.id, status: 'Pending', isPaid: true, subtotalCents: 3 * 1080 });
    // Its confirmation e-mail went out like any order's.
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, who.email));
    expect(mail.filter((m) => m.subject.includes(`#${order!.id}`))).toHaveLength(1);
    const after = await nextOrderAt(sub!.id);
    expect((after.getTime() - due.getTime()) / DAY).toBeCloseTo(14, 0);
    // Run again on the same day, and again: nothing more.
    await t.app.renewals.runDue(due);
    await t.app.renewals.runDue(new Date(due.getTime() + 3_600_000));
    expect(await renewalOrders(sub!.id)).toHaveLength(1);
    expect(await charges(sub!.id)).toBe(1);
  });

  it('two runners at once still make one charge and one order for the cycle', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }]);
    const [sub] = await mine(who);
    const due = new Date(sub!.next_order_at!);
    await Promise.all([t.app.renewals.runDue(due), t.app.renewals.runDue(due), t.app.renewals.runDue(due)]);
    expect(await renewalOrders(sub!.id)).toHaveLength(1);
    expect(await charges(sub!.id)).toBe(1);
  });

  it('a runner that dies after writing the attempt leaves it to the next, which charges it once', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }]);
    const [sub] = await mine(who);
    const due = new Date(sub!.next_order_at!);
    const dying = createRenewals({
      db: db(),
      provider: t.app.paymentProvider,
      placeOrder: t.app.placeOrder,
      pricing: t.config.pricing,
      notices: createSubscriptionNotices({
        db: db(),
        mailer: t.app.mailer,
        publicUrl: t.config.publicUrl,
        pricing: t.config.pricing,
      }),
      beforeCharge: async () => {
        throw new Error('killed between the attempt and the charge');
      },
    });
    await expect(dying.runDue(due)).rejects.toThrow('killed');
    const [attempt] = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, sub!.id));
    expect(attempt).toMatchObject({ cycle: 1, attempt: 1, status: 'charging' });
    expect(await charges(sub!.id)).toBe(0);
    // The next pass (another instance, or this one restarted) finishes the same attempt.
    await t.app.renewals.runDue(new Date(due.getTime() + 60_000));
    const attempts = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, sub!.id));
    expect(attempts).toEqual([expect.objectContaining({ cycle: 1, attempt: 1, status: 'paid' })]);
    expect(await charges(sub!.id)).toBe(1);
  });

  it('leaves sold-out products out, and waits a day when everything is sold out', async () => {
    const who = await f.person();
    const a = await product(0, 10);
    const b = await product(0, 10);
    await subscribe(who, [
      { id: a.id, quantity: 1, subscription: { interval_weeks: 4 } },
      { id: b.id, quantity: 1, subscription: { interval_weeks: 4 } },
    ]);
    const [sub] = await mine(who);
    const due = new Date(sub!.next_order_at!);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, b.id));
    await t.app.renewals.runDue(due);
    const [paid] = await renewalOrders(sub!.id);
    const order = await f.call('GET', `/api/orders/${paid!.orderId}`, { token: who.token });
    expect(order.json<Order>().items.map((i) => i.product_id)).toEqual([a.id]);

    const second = await nextOrderAt(sub!.id);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, a.id));
    await t.app.renewals.runDue(second);
    expect(await renewalOrders(sub!.id)).toHaveLength(1);
    const waiting = await nextOrderAt(sub!.id);
    expect((waiting.getTime() - second.getTime()) / DAY).toBeCloseTo(1, 0);
    // Back in stock the next day: the cycle orders.
    await db().update(products).set({ stock: 5 }).where(eq(products.id, a.id));
    await t.app.renewals.runDue(waiting);
    expect(await renewalOrders(sub!.id)).toHaveLength(2);
  });
});

describe('cards that fail', () => {
  it('a card declined later is tried 1, 3 and 5 days after, then the subscription is past due', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(
      who,
      [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }],
      CARD.declinesLater,
    );
    const [sub] = await mine(who);
    const due = new Date(sub!.next_order_at!);
    const retries: number[] = [];
    let at = due;
    for (let i = 0; i < 4; i++) {
      await t.app.renewals.runDue(at);
      const next = await nextOrderAt(sub!.id);
      if (next.getTime() !== at.getTime()) retries.push(Math.round((next.getTime() - due.getTime()) / DAY));
      at = next;
    }
    expect(retries).toEqual([1, 3, 5]);
    const [after] = await mine(who);
    expect(after).toMatchObject({ status: 'past_due', last_order_id: expect.any(Number) });
    expect(await renewalOrders(sub!.id)).toEqual([]);
    expect(await charges(sub!.id)).toBe(0);
    const declined = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, sub!.id))
      .orderBy(subscriptionRenewals.attempt);
    expect(declined.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'declined'],
      [2, 'declined'],
      [3, 'declined'],
      [4, 'declined'],
    ]);
  });

  it('a card that needs authentication each time makes no order off-session', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }], CARD.authenticate);
    const [sub] = await mine(who);
    await t.app.renewals.runDue(new Date(sub!.next_order_at!));
    const [attempt] = await db()
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.subscriptionId, sub!.id));
    expect(attempt).toMatchObject({ status: 'requires_action' });
    expect(await charges(sub!.id)).toBe(0);
    // At the page the customer can confirm it (below).
    const res = await post(who, sub!.id, 'order-now');
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ type: 'requires_action' });
    expect(await charges(sub!.id)).toBe(0);
  });
});

describe("the customer's controls", () => {
  async function subscribed() {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }]);
    const [sub] = await mine(who);
    return { who, p, sub: sub! };
  }

  it('skip moves the next delivery one interval on', async () => {
    const { who, sub } = await subscribed();
    const res = await post(who, sub.id, 'skip');
    expect(res.statusCode, res.body).toBe(200);
    const days =
      (Date.parse(res.json<ApiSubscription>().next_order_at!) - Date.parse(sub.next_order_at!)) / DAY;
    expect(Math.round(days)).toBe(28);
  });

  it('pause until a day orders again that day; pause indefinitely until resumed; both refuse a past day', async () => {
    const { who, sub } = await subscribed();
    expectMessage(
      await post(who, sub.id, 'pause', { until: '2020-01-01' }),
      400,
      subscriptionMessages.pauseInPast,
    );
    const until = new Date(Date.parse(sub.next_order_at!) + 20 * DAY).toISOString().slice(0, 10);
    const paused = await post(who, sub.id, 'pause', { until });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<ApiSubscription>()).toMatchObject({ status: 'paused' });
    expect(paused.json<ApiSubscription>().next_order_at!.slice(0, 10)).toBe(until);
    // Nothing renews while paused; the pause ends on its day and the renewal follows.
    await t.app.renewals.runDue(new Date(sub.next_order_at!));
    expect(await renewalOrders(sub.id)).toEqual([]);
    await t.app.renewals.runDue(new Date(paused.json<ApiSubscription>().next_order_at!));
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect((await mine(who))[0]).toMatchObject({ status: 'active', paused_until: null });

    const again = await post(who, sub.id, 'pause', {});
    expect(again.json<ApiSubscription>()).toMatchObject({ status: 'paused', paused_until: null });
    const resumed = await post(who, sub.id, 'resume');
    expect(resumed.json<ApiSubscription>()).toMatchObject({ status: 'active' });
    expectMessage(await post(who, sub.id, 'resume'), 409, subscriptionMessages.notPaused);
  });

  it('cancel keeps the reason and stops every renewal', async () => {
    const { who, sub } = await subscribed();
    const res = await post(who, sub.id, 'cancel', { reason: 'Too many cookies' });
    expect(res.json<ApiSubscription>()).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Too many cookies',
      next_order_at: null,
    });
    await t.app.renewals.runDue(new Date(Date.parse(sub.next_order_at!) + DAY));
    expect(await renewalOrders(sub.id)).toEqual([]);
    expectMessage(await post(who, sub.id, 'cancel'), 409, subscriptionMessages.alreadyCanceled);
    expectMessage(await post(who, sub.id, 'order-now'), 409, subscriptionMessages.notActive);
  });

  it('changes the interval, the quantities and a flavour within its category, not outside it', async () => {
    const { who, p, sub } = await subscribed();
    const sibling = await product(); // the same category (a copy of the same product)
    const res = await f.call('PATCH', `/api/subscriptions/${sub.id}`, {
      token: who.token,
      body: { interval_weeks: 8, items: [{ id: sibling.id, quantity: 3 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ApiSubscription>()).toMatchObject({
      interval_weeks: 8,
      items: [expect.objectContaining({ product_id: sibling.id, quantity: 3 })],
    });
    const [other] = await db()
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.categoryId} <> ${p.categoryId} and ${products.isActive}`)
      .limit(1);
    const outside = await f.call('PATCH', `/api/subscriptions/${sub.id}`, {
      token: who.token,
      body: { items: [{ id: other!.id, quantity: 1 }] },
    });
    expectMessage(outside, 400, subscriptionMessages.swapOutsideCategory);
    expectMessage(
      await f.call('PATCH', `/api/subscriptions/${sub.id}`, {
        token: who.token,
        body: { interval_weeks: 3 },
      }),
      400,
      'interval_weeks must be 2, 4, 6 or 8.',
    );
  });

  it("changes the address by the checkout's rules, and refuses an empty list of items", async () => {
    const { who, sub } = await subscribed();
    const patch = (body: unknown) =>
      f.call('PATCH', `/api/subscriptions/${sub.id}`, { token: who.token, body });
    expectMessage(
      await patch({ shipping_address: shippingInfo({ postalCode: 'M5V 2T6' }) }),
      400,
      OUTSIDE_SHIPPING_AREA,
    );
    expectMessage(
      await patch({ shipping_address: shippingInfo({ city: ' ' }) }),
      400,
      'Please enter your city.',
    );
    const moved = await patch({
      shipping_address: shippingInfo({ address1: '1055 Canada Place', postalCode: 'v6c0c3' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ApiSubscription>().shipping_address).toMatchObject({
      address1: '1055 Canada Place',
      postalCode: 'V6C 0C3',
    });
    expect((await mine(who))[0]!.shipping_address).toMatchObject({ address1: '1055 Canada Place' });
    expectMessage(await patch({ items: [] }), 400, subscriptionMessages.noItems);
    expect((await mine(who))[0]!.items).toHaveLength(1);
  });

  it('ten "Order now" at once make one order; the clicks after it answer the same order', async () => {
    const { who, sub } = await subscribed();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(who, sub.id, 'order-now')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((r) => r.json<Order>().id)).size).toBe(1);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect(await charges(sub.id)).toBe(1);
    // The next date counts from today.
    const days = (Date.parse((await mine(who))[0]!.next_order_at!) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(26);
    expect(days).toBeLessThan(29);
  });

  it("answers another account's subscription as missing, and the admin's list only to admins", async () => {
    const { sub } = await subscribed();
    const stranger = await f.person();
    for (const [method, url] of [
      ['GET', `/api/subscriptions/${sub.id}`],
      ['POST', `/api/subscriptions/${sub.id}/skip`],
      ['POST', `/api/subscriptions/${sub.id}/cancel`],
      ['POST', `/api/subscriptions/${sub.id}/order-now`],
      ['POST', `/api/subscriptions/${sub.id}/card-setup`],
    ] as const) {
      expectMessage(await f.call(method, url, { token: stranger.token }), 404, subscriptionMessages.notFound);
    }
    for (const card of [CARD.renews, CARD.declinesLater]) {
      const res = await post(stranger, sub.id, 'card', { card: testCard(card) });
      expectMessage(res, 404, subscriptionMessages.notFound);
    }
    expectMessage(await f.call('GET', '/api/admin/subscriptions', { token: stranger.token }), 403);
    const admin = await f.person({ isAdmin: true });
    const list = await f.call('GET', '/api/admin/subscriptions?status=active', { token: admin.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ id: number }[]>().some((s) => s.id === sub.id)).toBe(true);
  });
});

describe('at the page: a new card, and the bank’s confirmation (decision 0059)', () => {
  const cardOf = async (id: number) =>
    (
      await db()
        .select({ last4: paymentMethods.last4, ref: paymentMethods.methodRef })
        .from(subscriptions)
        .innerJoin(paymentMethods, eq(paymentMethods.id, subscriptions.paymentMethodId))
        .where(eq(subscriptions.id, id))
    )[0]!;

  it('a renewal the bank wants confirmed: "Order now" hands the payment to the page, the test bank confirms it, one order', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 2, subscription: { interval_weeks: 4 } }], CARD.authenticate);
    const [sub] = await mine(who);
    expect(sub!.needs_authentication).toBe(false);
    await t.app.renewals.runDue(new Date(sub!.next_order_at!));
    const [waiting] = await mine(who);
    expect(waiting).toMatchObject({ status: 'active', needs_authentication: true, failed_attempts: 1 });

    // Two clicks: the same payment, each with a fresh secret; nothing charged yet.
    const first = await post(who, sub!.id, 'order-now');
    const again = await post(who, sub!.id, 'order-now');
    for (const res of [first, again]) {
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toEqual({
        type: 'requires_action',
        message: 'Your bank asks you to confirm this payment.',
        payment_intent_id: expect.stringMatching(/^pi_test_/),
        client_secret: expect.stringMatching(/_secret_/),
        payment_method: null,
        amount: waiting!.next_total.total,
      });
    }
    const { payment_intent_id: intentId, client_secret: stale } = first.json<{
      payment_intent_id: string;
      client_secret: string;
    }>();
    expect(again.json<{ payment_intent_id: string }>().payment_intent_id).toBe(intentId);
    expect(await charges(sub!.id)).toBe(0);
    expect((await mine(who))[0]!.needs_authentication).toBe(true);

    // Only the newest secret, and only its owner, confirms it.
    const stranger = await f.person();
    const secret = again.json<{ client_secret: string }>().client_secret;
    expectMessage(
      await f.call('POST', '/api/payments/test/authenticate', {
        token: stranger.token,
        body: { client_secret: secret },
      }),
      404,
    );
    expectMessage(
      await f.call('POST', '/api/payments/test/authenticate', {
        token: who.token,
        body: { client_secret: stale },
      }),
      404,
    );
    const confirmed = await Promise.all(
      [1, 2].map(() =>
        f.call('POST', '/api/payments/test/authenticate', {
          token: who.token,
          body: { client_secret: secret },
        }),
      ),
    );
    for (const res of confirmed) expect(res.statusCode, res.body).toBe(200);
    const orderIds = confirmed.map((res) => res.json<{ order: Order }>().order.id);
    expect(new Set(orderIds).size).toBe(1);
    expect(await renewalOrders(sub!.id)).toEqual([{ orderId: orderIds[0], cycle: 1 }]);
    expect(await charges(sub!.id)).toBe(1);
    const [after] = await mine(who);
    expect(after).toMatchObject({
      status: 'active',
      needs_authentication: false,
      failed_attempts: 0,
      last_order_id: orderIds[0],
    });
  });

  it('a new card retries a declined renewal at once; a declined card is refused and changes nothing', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(
      who,
      [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }],
      CARD.declinesLater,
    );
    const [sub] = await mine(who);
    await t.app.renewals.runDue(new Date(sub!.next_order_at!));
    expect((await mine(who))[0]).toMatchObject({ status: 'active', failed_attempts: 1 });
    expect(await renewalOrders(sub!.id)).toEqual([]);

    const refused = await post(who, sub!.id, 'card', { card: testCard('4000 0000 0000 0002') });
    expectMessage(refused, 402, 'Your card was declined.');
    expect((await cardOf(sub!.id)).last4).toBe('0341');

    const updated = await post(who, sub!.id, 'card', { card: testCard(CARD.renews) });
    expect(updated.statusCode, updated.body).toBe(200);
    const [paid] = await renewalOrders(sub!.id);
    expect(updated.json()).toMatchObject({
      subscription: {
        id: sub!.id,
        status: 'active',
        failed_attempts: 0,
        card: { brand: 'Visa', last4: '4242' },
        last_order_id: paid!.orderId,
      },
      retry: { outcome: 'ordered', order_id: paid!.orderId },
    });
    expect(await charges(sub!.id)).toBe(1);
    // The next renewal counts from the day the cycle was first due.
    const next = Date.parse(updated.json<{ subscription: ApiSubscription }>().subscription.next_order_at!);
    expect(Math.round((next - Date.parse(sub!.next_order_at!)) / DAY)).toBe(28);
  });

  it('a past-due subscription is active again with a new card, and orders at once', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(
      who,
      [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }],
      CARD.declinesLater,
    );
    const [sub] = await mine(who);
    let at = new Date(sub!.next_order_at!);
    for (let i = 0; i < 4; i++) {
      await t.app.renewals.runDue(at);
      at = await nextOrderAt(sub!.id);
    }
    expect((await mine(who))[0]!.status).toBe('past_due');
    const updated = await post(who, sub!.id, 'card', { card: testCard(CARD.renews) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      subscription: { status: 'active' },
      retry: { outcome: 'ordered' },
    });
    expect(await renewalOrders(sub!.id)).toHaveLength(1);
    const events = await db()
      .select({ kind: subscriptionEvents.kind, summary: subscriptionEvents.summary })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub!.id));
    expect(events).toContainEqual({
      kind: 'card_updated',
      summary: 'Card updated: Visa ending in 4242; the renewal is tried again now',
    });
  });

  it('a new card on a subscription in good standing only replaces the card', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }]);
    const [sub] = await mine(who);
    const res = await post(who, sub!.id, 'card', { card: testCard(CARD.authenticate) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      subscription: { card: { last4: '3184' }, next_order_at: sub!.next_order_at },
      retry: null,
    });
    expect((await cardOf(sub!.id)).ref).toMatch(/^pm_test_authenticate_/);
    expect(await renewalOrders(sub!.id)).toEqual([]);
  });

  it('refuses a body without exactly one card, a Stripe SetupIntent here (no setup needed), a cancelled subscription', async () => {
    const who = await f.person();
    const p = await product();
    await subscribe(who, [{ id: p.id, quantity: 1, subscription: { interval_weeks: 4 } }]);
    const [sub] = await mine(who);
    expectMessage(await post(who, sub!.id, 'card', {}), 400, subscriptionMessages.cardRequired);
    expectMessage(
      await post(who, sub!.id, 'card', { card: testCard(CARD.renews), setup_intent_id: 'seti_123' }),
      400,
      subscriptionMessages.cardRequired,
    );
    expectMessage(
      await post(who, sub!.id, 'card', { setup_intent_id: 'seti_123' }),
      400,
      subscriptionMessages.sendTestCard,
    );
    const setup = await post(who, sub!.id, 'card-setup');
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json()).toEqual({ client_secret: null });
    expectMessage(await post(who, sub!.id, 'card', { card: { number: '4242' } }), 400);
    await post(who, sub!.id, 'cancel', {});
    expectMessage(
      await post(who, sub!.id, 'card', { card: testCard(CARD.renews) }),
      409,
      subscriptionMessages.canceled,
    );
  });
});
