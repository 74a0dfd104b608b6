/**
 * Stock through the real app (decision 0022): the count in the product shapes and the admin's
 * writes, reservations taken by create-payment-intent with a conditional update, 50 shoppers racing
 * for the last 5 units, the 409 that names the product and what is left, expiry giving units back,
 * and an order's cancellation giving them back. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import type { Order } from '../../../domain/orders.js';
import { notEnoughStockMessage } from '../../../domain/stock.js';
import { orders, paymentIntents, products, stockReservations } from '../../db/schema.js';
import {
  CARDS,
  checkoutFixtures,
  expectMessage,
  expectRefusal,
  shippingInfo,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
const db = () => t.database.db;

beforeAll(async () => {
  // The mechanics of holding, without the bounds on how much a checkout may hold (decision 0038,
  // tested in hoarding.test.ts): every checkout here may hold all it asks for.
  t = await createTestApp({
    env: {
      CHECKOUT_HOLD_MAX_SHARE_PERCENT: '100',
      CHECKOUT_HOLD_MAX_UNITS: '10000',
      CHECKOUT_HOLD_MAX_UNITS_PER_ADDRESS: '100000',
    },
  });
  admin = await f.person({ isAdmin: true });
});
afterAll(() => t?.close());

const { stocked, stockOf } = f;

const held = async (productId: number) =>
  (
    await db()
      .select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
      .from(stockReservations)
      .where(and(eq(stockReservations.productId, productId), eq(stockReservations.status, 'held')))
  )[0]!.n;

/** Asks for an intent; answers the raw response (200 or 409). */
async function askIntent(who: Person, items: { id: number; quantity: number }[]) {
  const amount = (await f.expectedTotals(items, 'Vancouver', who.email)).totalCents;
  return f.call('POST', '/api/payments/create-payment-intent', {
    token: who.token,
    body: { amount, shippingInfo: shippingInfo(), items },
  });
}

describe('stock in the product shapes and the admin API', () => {
  it('answers stock (null for made to order) on every product shape, and reserved in the admin list', async () => {
    const counted = await stocked(7);
    const made = await stocked(null);
    const one = await f.call('GET', `/api/products/${counted.slug}`);
    expect(one.json()).toMatchObject({ id: counted.id, stock: 7 });
    expect((await f.call('GET', `/api/products/${made.slug}`)).json()).toMatchObject({ stock: null });
    const all = (await f.call('GET', '/api/products')).json<{ id: number; stock: number | null }[]>();
    expect(all.find((p) => p.id === counted.id)?.stock).toBe(7);
    const shopper = await f.person();
    expect((await askIntent(shopper, [{ id: counted.id, quantity: 2 }])).statusCode).toBe(200);
    const list = (await f.call('GET', '/api/admin/products', { token: admin.token })).json<
      { id: number; stock: number | null; reserved: number }[]
    >();
    expect(list.find((p) => p.id === counted.id)).toMatchObject({ stock: 5, reserved: 2, on_hand: 7 });
    expect(list.find((p) => p.id === made.id)).toMatchObject({ stock: null, reserved: 0, on_hand: null });
  });

  it('lets the admin set a count, mark it sold out (0) without hiding it, and go back to made to order', async () => {
    const product = await stocked(null);
    const patch = (body: unknown) =>
      f.call('PATCH', `/api/products/${product.id}`, { token: admin.token, body });
    // Each count goes with the count the form was opened with (decision 0039).
    expect((await patch({ stock: 12, expected_stock: null })).json()).toMatchObject({ stock: 12 });
    expect((await patch({ stock: '3', expected_stock: 12 })).json()).toMatchObject({ stock: 3 });
    const soldOut = await patch({ stock: 0, expected_stock: 3 });
    expect(soldOut.json()).toMatchObject({ stock: 0, is_active: true });
    // Still on the shop, sold out: its page is there, not a 404.
    const page = await f.call('GET', `/api/products/${product.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ stock: 0 });
    expect((await patch({ stock: '', expected_stock: 0 })).json()).toMatchObject({ stock: null });
    expect((await patch({ stock: null, expected_stock: null })).json()).toMatchObject({ stock: null });
    for (const bad of [-1, 1.5, 'ten', 1_000_001, true]) {
      expectMessage(
        await patch({ stock: bad, expected_stock: null }),
        400,
        'Stock must be a whole number from 0 to 1,000,000, or empty for made to order.',
      );
    }
    expect(await stockOf(product.id)).toBeNull();
  });
});

describe('reservations at create-payment-intent', () => {
  it('holds the units for the intent, and a repeat of the same checkout holds nothing more', async () => {
    const product = await stocked(4);
    const shopper = await f.person();
    const first = await askIntent(shopper, [{ id: product.id, quantity: 3 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(product.id)).toBe(1);
    // A double click: the same intent back, the same 3 units held.
    const again = await askIntent(shopper, [{ id: product.id, quantity: 3 }]);
    expect(again.json()).toMatchObject({
      payment_intent_id: first.json<{ payment_intent_id: string }>().payment_intent_id,
    });
    expect(await stockOf(product.id)).toBe(1);
    expect(await held(product.id)).toBe(3);
  });

  it('answers 409 naming the product and how many are left, holding nothing of the cart', async () => {
    const product = await stocked(2, 'Last Batch Granola');
    const other = await stocked(10);
    const shopper = await f.person();
    const res = await askIntent(shopper, [
      { id: other.id, quantity: 1 },
      { id: product.id, quantity: 3 },
    ]);
    expectMessage(res, 409, notEnoughStockMessage('Last Batch Granola', 2));
    expect(res.json<{ message: string }>().message).toBe(
      'Only 2 of Last Batch Granola left. Please lower the quantity in your cart to continue.',
    );
    expect(await stockOf(product.id)).toBe(2);
    expect(await stockOf(other.id)).toBe(10);
    const gone = await stocked(0, 'Sold Out Bites');
    expectMessage(
      await askIntent(shopper, [{ id: gone.id, quantity: 1 }]),
      409,
      'Sold Out Bites is sold out. Please remove it from your cart to continue.',
    );
  });

  it('50 shoppers at once for the last 5 units: exactly 5 paid orders, 45 refusals, stock 0', async () => {
    const product = await stocked(5, 'Final Five Cookies');
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => f.person()));
    const started = Date.now();
    const outcomes = await Promise.all(
      shoppers.map(async (who) => {
        const intent = await askIntent(who, [{ id: product.id, quantity: 1 }]);
        if (intent.statusCode !== 200)
          return { status: intent.statusCode, body: intent.json<{ message: string }>() };
        const { client_secret, payment_intent_id } = intent.json<{
          client_secret: string;
          payment_intent_id: string;
        }>();
        const confirmed = await f.confirm(who, client_secret, CARDS.success);
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        const placed = await f.placeOrder(who, payment_intent_id);
        return { status: placed.statusCode, order: placed.json<Order>() };
      }),
    );
    const elapsed = Date.now() - started;
    const paid = outcomes.filter((o) => o.status === 200 || o.status === 201);
    const refused = outcomes.filter((o) => o.status === 409);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect((r as { body: { message: string } }).body.message).toMatch(
        /^Final Five Cookies is sold out\.|^Only \d of Final Five Cookies left\./,
      );
    }
    expect(await stockOf(product.id)).toBe(0);
    expect(await held(product.id)).toBe(0);
    const [{ n } = { n: 0 }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_items where product_id = ${product.id})`);
    expect(n).toBe(5);
    // For the closing note: how long the race took on this database.
    console.info(
      `stock race: 50 checkouts for 5 units on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} in ${elapsed} ms`,
    );
  }, 120_000);
});

describe('units come back', () => {
  it('an expired intent is refused at confirmation, and the sweep gives its units back', async () => {
    const product = await stocked(1, 'One Left Bites');
    const slow = await f.person();
    const intent = await askIntent(slow, [{ id: product.id, quantity: 1 }]);
    const { client_secret, payment_intent_id } = intent.json<{
      client_secret: string;
      payment_intent_id: string;
    }>();
    expect(await stockOf(product.id)).toBe(0);
    // Someone else meanwhile: sold out while it is held.
    const fast = await f.person();
    expect((await askIntent(fast, [{ id: product.id, quantity: 1 }])).statusCode).toBe(409);
    // 31 minutes later.
    await db()
      .update(paymentIntents)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentIntents.id, payment_intent_id));
    expectRefusal(await f.confirm(slow, client_secret), 409, 'expired', messages.paymentExpired);
    expectRefusal(await f.placeOrder(slow, payment_intent_id), 409, 'expired', messages.paymentExpired);
    expect(await stockOf(product.id)).toBe(0);
    const pass = await t.app.reconciler.run();
    expect(pass.expired).toBeGreaterThanOrEqual(1);
    expect(await stockOf(product.id)).toBe(1);
    expect((await f.intentRow(payment_intent_id))?.status).toBe('canceled');
    // Refused still, and the units are not taken twice by a second pass.
    expectRefusal(await f.confirm(slow, client_secret), 409, 'expired', messages.paymentExpired);
    await t.app.reconciler.run();
    expect(await stockOf(product.id)).toBe(1);
    // The slow shopper starts again: a new intent, at today's prices, and pays.
    const again = await askIntent(slow, [{ id: product.id, quantity: 1 }]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ payment_intent_id: string }>().payment_intent_id).not.toBe(payment_intent_id);
    const { client_secret: secret2 } = again.json<{ client_secret: string }>();
    expect((await f.confirm(slow, secret2)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(0);
  });

  it("an order's cancellation gives its units back, once", async () => {
    const product = await stocked(3);
    const shopper = await f.person();
    const order = await f.buy(shopper, [{ id: product.id, quantity: 2 }]);
    expect(await stockOf(product.id)).toBe(1);
    const canceled = await f.call('POST', `/api/orders/${order.id}/cancel`, { token: shopper.token });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect(
      (await f.call('POST', `/api/orders/${order.id}/cancel`, { token: shopper.token })).statusCode,
    ).toBe(409);
    expect(await stockOf(product.id)).toBe(3); // The timeline says so (decision 0023).
    const timeline = await f.call('GET', `/api/orders/${order.id}/timeline`, { token: admin.token });
    expect(timeline.json<{ kind: string; summary: string }[]>()).toContainEqual(
      expect.objectContaining({ kind: 'stock', summary: '2 units back in stock' }),
    );
  });

  it('a test-card payment whose units were let go of is refused when they are gone, and charges nothing', async () => {
    // The test processor charges in the order's own transaction, so units no longer there are not
    // charged for (decision 0038). Stripe's money, taken before the shop hears of it, still becomes
    // its order, taking what is left (stock/reservations.ts takeStock).
    const product = await stocked(2);
    const late = await f.person();
    const intent = await askIntent(late, [{ id: product.id, quantity: 2 }]);
    const { client_secret, payment_intent_id } = intent.json<{
      client_secret: string;
      payment_intent_id: string;
    }>();
    await db()
      .update(stockReservations)
      .set({ status: 'released' })
      .where(eq(stockReservations.intentId, payment_intent_id));
    // Meanwhile someone bought one of the two units that came back.
    await db().update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    expectRefusal(await f.confirm(late, client_secret), 409, 'retry', notEnoughStockMessage(product.name, 1));
    expect(await f.ordersOfIntent(payment_intent_id)).toHaveLength(0);
    expect((await f.intentRow(payment_intent_id))?.status).not.toBe('succeeded');
    expect(await stockOf(product.id)).toBe(1);
    // With the one unit that is there, the same payment goes through and takes it.
    await db().update(products).set({ stock: 2 }).where(eq(products.id, product.id));
    expect((await f.confirm(late, client_secret)).statusCode).toBe(200);
    expect(await f.ordersOfIntent(payment_intent_id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(0);
    const [row] = await db()
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.intentId, payment_intent_id));
    expect(row).toMatchObject({ status: 'taken', counted: true, quantity: 2 });
  });

  it('a made-to-order product holds nothing and never runs out', async () => {
    const product = await stocked(null);
    const shopper = await f.person();
    await f.buy(shopper, [{ id: product.id, quantity: 40 }]);
    expect(await stockOf(product.id)).toBeNull();
  });

  it('writes a made-to-order intent and what it holds in one statement: both, once, even when repeated', async () => {
    const made = await stocked(null);
    const other = await stocked(null);
    const shopper = await f.person();
    const cart = [
      { id: other.id, quantity: 1 },
      { id: made.id, quantity: 3 },
    ];
    const asked = await Promise.all([askIntent(shopper, cart), askIntent(shopper, cart)]);
    expect(asked.map((r) => r.statusCode)).toEqual([200, 200]);
    const ids = asked.map((r) => r.json<{ payment_intent_id: string }>().payment_intent_id);
    expect(ids[1]).toBe(ids[0]);
    const rows = await db()
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.intentId, ids[0]!))
      .orderBy(stockReservations.productId);
    expect(rows.map((r) => [r.productId, r.quantity, r.counted, r.status])).toEqual(
      [
        [made.id, 3, false, 'held'],
        [other.id, 1, false, 'held'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    // A cart with one counted product takes the transaction: the counted line is held and counted.
    const counted = await stocked(5);
    const mixed = await askIntent(shopper, [
      { id: made.id, quantity: 1 },
      { id: counted.id, quantity: 2 },
    ]);
    expect(mixed.statusCode).toBe(200);
    const mixedRows = await db()
      .select()
      .from(stockReservations)
      .where(eq(stockReservations.intentId, mixed.json<{ payment_intent_id: string }>().payment_intent_id));
    expect(mixedRows.map((r) => [r.productId, r.quantity, r.counted]).sort()).toEqual(
      [
        [made.id, 1, false],
        [counted.id, 2, true],
      ].sort(),
    );
    expect(await held(counted.id)).toBe(2);
  });
});
