/**
 * The owner's side of subscriptions through the real app (decision 0057), on PGlite and on
 * PostgreSQL: the list by status and e-mail, one subscription whole with its history and renewal
 * attempts, and pause and cancel on the customer's behalf, under the customer's rules, with the admin
 * named in the history.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSubscriptionDetailSchema,
  adminSubscriptionListSchema,
  type AdminSubscriptionDetail,
} from '../../../domain/subscription-schemas.js';
import { subscriptionMessages } from '../../../domain/subscription-messages.js';
import { addDays, shopDate, shopInstant } from '../../../domain/subscription-schedule.js';
import { checkoutTotals } from '../../../domain/pricing.js';
import { products, subscriptionEvents, subscriptions, users } from '../../db/schema.js';
import {
  checkoutFixtures,
  expectMessage,
  shippingInfo,
  testCard,
  uniqueEmail,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
let admin: Person;

const CARD = { renews: '4242 4242 4242 4242', declinesLater: '4000 0000 0000 0341' };
const MISSING = 2_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
  await db().update(users).set({ firstName: 'Olive', lastName: 'Owner' }).where(eq(users.id, admin.id));
});
afterAll(() => t?.close());

/** A product of the test's own at $10.00, 10 % off by subscription. */
async function product() {
  const row = await f.stocked(null);
  await db().update(products).set({ subscribeSavePercent: 10 }).where(eq(products.id, row.id));
  return row;
}

/** A customer subscribed to `quantity` packs every 4 weeks through a test-card checkout; answers the subscription's id. */
async function subscribed(who: Person, quantity = 2, card = CARD.renews): Promise<number> {
  const p = await product();
  const totals = checkoutTotals([{ priceCents: 900 * quantity, quantity: 1 }], {
    city: 'Vancouver',
    postalCode: String(shippingInfo().postalCode),
  });
  const intent = await f.call('POST', '/api/payments/create-payment-intent', {
    token: who.token,
    body: {
      amount: totals.totalCents,
      shippingInfo: shippingInfo({ email: who.email }),
      items: [{ id: p.id, quantity, subscription: { interval_weeks: 4 } }],
      subscription_terms_accepted: true,
    },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirmed = await f.call('POST', '/api/payments/test/confirm', {
    token: who.token,
    body: { client_secret: intent.json().client_secret, card: testCard(card) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, who.id));
  return row!.id;
}

const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  f.call(method, url, { token: admin.token, ...(body !== undefined ? { body } : {}) });

async function detail(id: number): Promise<AdminSubscriptionDetail> {
  const res = await asAdmin('GET', `/api/admin/subscriptions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminSubscriptionDetailSchema.parse(res.json());
}

const rowOf = async (id: number) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const eventsOf = (id: number) =>
  db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));
/** A history without its e-mail lines (notices.ts writes one per e-mail): the changes themselves. */
const changes = <T extends { kind: string }>(events: T[]) => events.filter((e) => e.kind !== 'email');

describe('GET /api/admin/subscriptions/:id', () => {
  it('answers the subscription with the e-mail, its history oldest first and its attempts newest first', async () => {
    const who = await f.person();
    const id = await subscribed(who, 2, CARD.declinesLater);
    const due = (await rowOf(id)).nextOrderAt;
    // The first renewal is declined, and so is its first retry a day later.
    expect(await t.app.renewals.renew(id, 'schedule', due)).toMatchObject({ type: 'declined' });
    const retry = (await rowOf(id)).nextOrderAt;
    expect(await t.app.renewals.renew(id, 'schedule', retry)).toMatchObject({ type: 'declined' });

    const sub = await detail(id);
    expect(sub).toMatchObject({
      id,
      email: who.email,
      status: 'active',
      interval_weeks: 4,
      items: [expect.objectContaining({ quantity: 2, price: 10, subscription_price: 9 })],
      next_total: expect.objectContaining({ subtotal: 18 }),
      card: { brand: 'Visa', last4: '0341' },
      failed_attempts: 2,
    });
    expect(changes(sub.events).map((e) => [e.kind, e.actor.kind])).toEqual([
      ['created', 'customer'],
      ['declined', 'system'],
      ['declined', 'system'],
    ]);
    expect(changes(sub.events)[0]!.summary).toMatch(/^Subscribed with order #\d+: 2 packs every 4 weeks$/);
    expect(changes(sub.events).map((e) => e.id)).toEqual(
      [...changes(sub.events).map((e) => e.id)].sort((a, b) => a - b),
    );
    expect(sub.renewals).toEqual([
      expect.objectContaining({
        cycle: 1,
        attempt: 2,
        status: 'declined',
        reason: 'schedule',
        order_id: null,
      }),
      expect.objectContaining({
        cycle: 1,
        attempt: 1,
        status: 'declined',
        reason: 'schedule',
        order_id: null,
      }),
    ]);
    expect(sub.renewals[0]!.message).toBeTruthy();
    expect(Date.parse(sub.renewals[0]!.created_at)).not.toBeNaN();
  });

  it('shows a paid renewal with its order', async () => {
    const who = await f.person();
    const id = await subscribed(who, 1);
    const outcome = await t.app.renewals.renew(id, 'schedule', (await rowOf(id)).nextOrderAt);
    expect(outcome.type).toBe('ordered');
    const sub = await detail(id);
    expect(sub.renewals).toEqual([
      {
        cycle: 1,
        attempt: 1,
        status: 'paid',
        reason: 'schedule',
        order_id: outcome.type === 'ordered' ? outcome.order.id : -1,
        message: null,
        created_at: expect.any(String),
      },
    ]);
    expect(sub.last_order_id).toBe(sub.renewals[0]!.order_id);
    expect(changes(sub.events).at(-1)).toMatchObject({
      kind: 'renewed',
      actor: { kind: 'system', name: null },
    });
  });

  it('answers 404 for a missing subscription, 400 for an id that is none', async () => {
    expectMessage(
      await asAdmin('GET', `/api/admin/subscriptions/${MISSING}`),
      404,
      subscriptionMessages.notFound,
    );
    expectMessage(await asAdmin('GET', '/api/admin/subscriptions/abc'), 400);
    expectMessage(await asAdmin('GET', '/api/admin/subscriptions/0'), 400);
  });
});

describe('GET /api/admin/subscriptions', () => {
  it('filters by status and searches by e-mail, newest first', async () => {
    const mark = `findme-${Date.now()}`;
    const one = await f.person({ email: uniqueEmail(mark) });
    const two = await f.person({ email: uniqueEmail(mark) });
    const first = await subscribed(one, 1);
    const second = await subscribed(two, 1);
    await db().update(subscriptions).set({ status: 'paused' }).where(eq(subscriptions.id, second));

    const list = async (query: string) => {
      const res = await asAdmin('GET', `/api/admin/subscriptions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminSubscriptionListSchema.parse(res.json());
    };
    expect((await list(`?q=${mark}`)).map((s) => [s.id, s.email])).toEqual([
      [second, two.email],
      [first, one.email],
    ]);
    expect((await list(`?q=${mark.toUpperCase()}&status=paused`)).map((s) => s.id)).toEqual([second]);
    expect((await list(`?status=active&q=${mark}`)).map((s) => s.id)).toEqual([first]);
    // A wildcard in the search is a character, not a pattern.
    expect(await list('?q=%25')).toEqual([]);
    expectMessage(await asAdmin('GET', '/api/admin/subscriptions?status=gone'), 400);
  });
});

describe('POST /api/admin/subscriptions/:id/pause', () => {
  it("pauses for the customer, under the customer's rules, and names the admin in the history", async () => {
    const who = await f.person();
    const id = await subscribed(who);
    const until = addDays(shopDate(new Date()), 40);
    const res = await asAdmin('POST', `/api/admin/subscriptions/${id}/pause`, { until });
    expect(res.statusCode, res.body).toBe(200);
    const sub = adminSubscriptionDetailSchema.parse(res.json());
    expect(sub).toMatchObject({ id, email: who.email, status: 'paused' });
    expect(sub.paused_until).toBe(shopInstant(until).toISOString());
    // Paused beyond its next date: it orders again the day it resumes.
    expect(sub.next_order_at).toBe(shopInstant(until).toISOString());
    expect(changes(sub.events).at(-1)).toMatchObject({
      kind: 'paused',
      summary: `Paused until ${until}`,
      actor: { kind: 'admin', name: 'Olive Owner' },
    });
    expect(changes(await eventsOf(id)).at(-1)).toMatchObject({ actorKind: 'admin', actorId: admin.id });

    // Until resumed, by an admin with no name: named by the e-mail.
    const nameless = await f.person({ isAdmin: true });
    await db().update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, nameless.id));
    const again = await f.call('POST', `/api/admin/subscriptions/${id}/pause`, {
      token: nameless.token,
      body: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AdminSubscriptionDetail>()).toMatchObject({ status: 'paused', paused_until: null });
    expect(changes(again.json<AdminSubscriptionDetail>().events).at(-1)).toMatchObject({
      summary: 'Paused until resumed',
      actor: { kind: 'admin', name: nameless.email },
    });
  });

  it('refuses a day in the past or too far, and changes nothing', async () => {
    const who = await f.person();
    const id = await subscribed(who);
    const before = await rowOf(id);
    const events = changes(await eventsOf(id)).length;
    const today = shopDate(new Date());
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${id}/pause`, { until: addDays(today, -1) }),
      400,
      subscriptionMessages.pauseInPast,
    );
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${id}/pause`, { until: addDays(today, 400) }),
      400,
      subscriptionMessages.pauseTooFar,
    );
    expectMessage(await asAdmin('POST', `/api/admin/subscriptions/${id}/pause`, { until: 'soon' }), 400);
    expect(await rowOf(id)).toEqual(before);
    expect(changes(await eventsOf(id))).toHaveLength(events);
  });

  it('answers 404 for a missing subscription, 409 for a cancelled one', async () => {
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${MISSING}/pause`, {}),
      404,
      subscriptionMessages.notFound,
    );
    const id = await subscribed(await f.person());
    await db().update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.id, id));
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${id}/pause`, {}),
      409,
      subscriptionMessages.canceled,
    );
  });
});

describe('POST /api/admin/subscriptions/:id/cancel', () => {
  it('cancels for the customer with the reason, names the admin, and cannot cancel twice', async () => {
    const who = await f.person();
    const id = await subscribed(who);
    const res = await asAdmin('POST', `/api/admin/subscriptions/${id}/cancel`, {
      reason: '  Moving abroad, asked by phone  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sub = adminSubscriptionDetailSchema.parse(res.json());
    expect(sub).toMatchObject({
      status: 'canceled',
      next_order_at: null,
      cancel_reason: 'Moving abroad, asked by phone',
    });
    expect(Date.now() - Date.parse(sub.canceled_at!)).toBeLessThan(60_000);
    expect(changes(sub.events).at(-1)).toMatchObject({
      kind: 'canceled',
      summary: 'Cancelled: Moving abroad, asked by phone',
      actor: { kind: 'admin', name: 'Olive Owner' },
    });
    // The customer sees it cancelled too.
    const mine = await f.call('GET', `/api/subscriptions/${id}`, { token: who.token });
    expect(mine.json()).toMatchObject({ status: 'canceled' });
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${id}/cancel`, {}),
      409,
      subscriptionMessages.alreadyCanceled,
    );
    expect(changes(await eventsOf(id)).filter((e) => e.kind === 'canceled')).toHaveLength(1);
  });

  it('cancels without a reason', async () => {
    const id = await subscribed(await f.person());
    const res = await asAdmin('POST', `/api/admin/subscriptions/${id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminSubscriptionDetail>()).toMatchObject({ status: 'canceled', cancel_reason: null });
    expect(changes(res.json<AdminSubscriptionDetail>().events).at(-1)!.summary).toBe('Cancelled');
  });

  it('answers 404 for a missing subscription and 400 for a reason too long', async () => {
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${MISSING}/cancel`, { reason: 'x' }),
      404,
      subscriptionMessages.notFound,
    );
    const id = await subscribed(await f.person());
    expectMessage(
      await asAdmin('POST', `/api/admin/subscriptions/${id}/cancel`, { reason: 'x'.repeat(501) }),
      400,
    );
    expect((await rowOf(id)).status).toBe('active');
  });
});

describe('who may act', () => {
  it('keeps the admin routes to admins, and a customer to their own subscriptions', async () => {
    const a = await f.person();
    const b = await f.person();
    const id = await subscribed(a);
    for (const [method, url, body] of [
      ['GET', `/api/admin/subscriptions/${id}`, undefined],
      ['POST', `/api/admin/subscriptions/${id}/pause`, {}],
      ['POST', `/api/admin/subscriptions/${id}/cancel`, {}],
    ] as const) {
      expectMessage(await f.call(method, url, body ? { body } : {}), 401);
      expectMessage(await f.call(method, url, { token: a.token, ...(body ? { body } : {}) }), 403);
    }
    // The customer's own pause still checks the owner, and names the customer.
    expectMessage(
      await f.call('POST', `/api/subscriptions/${id}/pause`, { token: b.token, body: {} }),
      404,
      subscriptionMessages.notFound,
    );
    const own = await f.call('POST', `/api/subscriptions/${id}/pause`, { token: a.token, body: {} });
    expect(own.statusCode, own.body).toBe(200);
    expect(changes(await eventsOf(id)).at(-1)).toMatchObject({
      kind: 'paused',
      actorKind: 'customer',
      actorId: a.id,
    });
    expect((await rowOf(id)).status).toBe('paused');
  });
});
