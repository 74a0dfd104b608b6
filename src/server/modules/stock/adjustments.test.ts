/**
 * The admin's stock writes through the real app (decision 0039): adjustments by what happened, the
 * count in the product form refused when the form is stale, units held by checkouts that the owner
 * says are gone never coming back, and the history of who changed the count and why. Runs on PGlite,
 * and on PostgreSQL with DATABASE_URL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_STOCK_MISSING } from '../../../domain/product-admin.js';
import type { StockMovement } from '../../../domain/stock-schemas.js';
import { products, stockMovements, stockReservations, paymentIntents } from '../../db/schema.js';
import {
  checkoutFixtures,
  expectMessage,
  shippingInfo,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
const db = () => t.database.db;

beforeAll(async () => {
  // Holds as large as a test asks for: the bounds on holding (decision 0038) are hoarding.test.ts's.
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

interface Listed {
  id: number;
  stock: number | null;
  reserved: number;
  on_hand: number | null;
}
const listed = async (id: number) =>
  (await f.call('GET', '/api/admin/products', { token: admin.token }))
    .json<Listed[]>()
    .find((p) => p.id === id)!;

/** Holds `quantity` units for a new shopper's checkout; answers the intent. */
async function hold(productId: number, quantity: number) {
  const shopper = await f.person();
  const amount = (await f.expectedTotals([{ id: productId, quantity }], 'Vancouver', shopper.email))
    .totalCents;
  const res = await f.call('POST', '/api/payments/create-payment-intent', {
    token: shopper.token,
    body: { amount, shippingInfo: shippingInfo(), items: [{ id: productId, quantity }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { shopper, ...res.json<{ payment_intent_id: string; client_secret: string }>() };
}

/** The checkout's 30 minutes are over, and the reconciliation sweep has run. */
async function expire(intentId: string) {
  await db()
    .update(paymentIntents)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(paymentIntents.id, intentId));
  await t.app.reconciler.run();
  expect((await f.intentRow(intentId))?.status).toBe('canceled');
}

const adjust = (productId: number, body: unknown, token = admin.token) =>
  f.call('POST', `/api/products/${productId}/stock-adjustments`, { token, body });
const patch = (productId: number, body: unknown) =>
  f.call('PATCH', `/api/products/${productId}`, { token: admin.token, body });
const history = async (productId: number, query = '') => {
  const res = await f.call('GET', `/api/admin/products/${productId}/stock-history${query}`, {
    token: admin.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { entries: res.json<StockMovement[]>(), total: Number(res.headers['x-total-count']) };
};
/** Can a shopper still get one unit? */
const oneMoreSells = async (productId: number) => {
  const shopper = await f.person();
  const amount = (await f.expectedTotals([{ id: productId, quantity: 1 }], 'Vancouver', shopper.email))
    .totalCents;
  const res = await f.call('POST', '/api/payments/create-payment-intent', {
    token: shopper.token,
    body: { amount, shippingInfo: shippingInfo(), items: [{ id: productId, quantity: 1 }] },
  });
  return res.statusCode === 200;
};

describe('units held by checkouts when the owner says the stock is gone', () => {
  it('sold out in the form with 8 held: when the checkout expires, the 8 do not come back', async () => {
    const product = await stocked(8, 'Spoiled Batch Granola');
    const { payment_intent_id } = await hold(product.id, 8);
    expect(await listed(product.id)).toMatchObject({ stock: 0, reserved: 8, on_hand: 8 });
    const res = await patch(product.id, { stock: 0, expected_stock: 8 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(product.id)).toMatchObject({ stock: 0, on_hand: 0 });
    await expire(payment_intent_id);
    expect(await stockOf(product.id)).toBe(0);
    expect(await oneMoreSells(product.id)).toBe(false);
    const { entries } = await history(product.id);
    expect(entries[0]).toMatchObject({ kind: 'set', delta: -8, stock_after: 0, held_written_off: 8 });
  });

  it("'-8 spoiled' with 0 available and 8 held: accepted, and nothing comes back on expiry", async () => {
    const product = await stocked(8);
    const { payment_intent_id } = await hold(product.id, 8);
    const res = await adjust(product.id, { delta: -8, reason: 'spoiled', note: 'Fridge failed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      stock: 0,
      reserved: 8,
      on_hand: 0,
      movement: { delta: -8, reason: 'spoiled', held_written_off: 8, stock_after: 0, on_hand_after: 0 },
    });
    await expire(payment_intent_id);
    expect(await stockOf(product.id)).toBe(0);
    expect(await oneMoreSells(product.id)).toBe(false);
    // Received later: sellable again, and only those.
    expect((await adjust(product.id, { delta: 5, reason: 'received' })).statusCode).toBe(201);
    expect(await listed(product.id)).toMatchObject({ stock: 5, reserved: 0, on_hand: 5 });
  });

  it('takes what can be sold first, then the oldest holds; what is left on hand stays right either way', async () => {
    const product = await stocked(12);
    const first = await hold(product.id, 4);
    const second = await hold(product.id, 4);
    expect(await listed(product.id)).toMatchObject({ stock: 4, reserved: 8, on_hand: 12 });
    // 6 spoiled: the 4 that could be sold, and 2 of the held ones (the first hold, written off whole).
    const res = await adjust(product.id, { delta: -6, reason: 'spoiled' });
    expect(res.json()).toMatchObject({ stock: 2, on_hand: 6, movement: { held_written_off: 4 } });
    // The first checkout expires: nothing comes back; 6 on hand, 2 sellable and 4 held.
    await expire(first.payment_intent_id);
    expect(await listed(product.id)).toMatchObject({ stock: 2, reserved: 4, on_hand: 6 });
    // The second is paid: its 4 were counted all along, so 2 can still be sold.
    expect((await f.confirm(second.shopper, second.client_secret)).statusCode).toBe(200);
    expect(await listed(product.id)).toMatchObject({ stock: 2, reserved: 0, on_hand: 2 });
  });

  it('a written-off checkout that is paid after all becomes its order, taking from what is left', async () => {
    const product = await stocked(3);
    const held = await hold(product.id, 3);
    expect((await adjust(product.id, { delta: -3, reason: 'damaged' })).statusCode).toBe(201);
    expect((await adjust(product.id, { delta: 10, reason: 'received' })).statusCode).toBe(201);
    expect(await stockOf(product.id)).toBe(10);
    expect((await f.confirm(held.shopper, held.client_secret)).statusCode).toBe(200);
    expect(await f.ordersOfIntent(held.payment_intent_id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(7);
  });

  it('refuses to take away more than is on hand, naming what is available and held: 409, nothing changed', async () => {
    const product = await stocked(5, 'Short Shelf Cookies');
    await hold(product.id, 2);
    expectMessage(
      await adjust(product.id, { delta: -6, reason: 'spoiled' }),
      409,
      'Only 5 of Short Shelf Cookies on hand (3 available, 2 held in checkouts): 6 cannot be taken away.',
    );
    const plain = await stocked(2, 'Plain Shelf Cookies');
    expectMessage(
      await adjust(plain.id, { delta: -3, reason: 'count_correction' }),
      409,
      'Only 2 of Plain Shelf Cookies on hand: 3 cannot be taken away.',
    );
    expect(await listed(product.id)).toMatchObject({ stock: 3, reserved: 2, on_hand: 5 });
    expect(await stockOf(plain.id)).toBe(2);
    expect((await history(product.id)).total).toBe(0);
    const reservations = await db()
      .select()
      .from(stockReservations)
      .where(and(eq(stockReservations.productId, product.id), eq(stockReservations.counted, true)));
    expect(reservations).toHaveLength(1);
  });
});

describe('POST /api/products/:id/stock-adjustments', () => {
  it('applies adjustments made at the same moment, every one of them, each in the history', async () => {
    const product = await stocked(10);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => adjust(product.id, { delta: 3, reason: 'received' })),
      ...Array.from({ length: 10 }, () => adjust(product.id, { delta: -1, reason: 'damaged' })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await stockOf(product.id)).toBe(10 + 30 - 10);
    const { entries, total } = await history(product.id, '?pageSize=100');
    expect(total).toBe(20);
    // Each entry's count after is the count as it was changed, in the order they were applied.
    const ordered = [...entries].reverse();
    let running = 10;
    for (const entry of ordered) {
      running += entry.delta!;
      expect(entry.stock_after).toBe(running);
    }
  });

  it('records who, why, the note and the count after, newest first, a page at a time', async () => {
    const product = await stocked(0);
    const named = await f.person({ isAdmin: true });
    await db().execute(
      sql`update users set first_name = 'Maple', last_name = 'Baker' where id = ${named.id}`,
    );
    expect(
      (await adjust(product.id, { delta: 24, reason: 'received', note: 'Tuesday bake' })).statusCode,
    ).toBe(201);
    expect((await adjust(product.id, { delta: -6, reason: 'spoiled' }, named.token)).statusCode).toBe(201);
    expect((await patch(product.id, { stock: 20, expected_stock: 18 })).statusCode).toBe(200);
    const { entries, total } = await history(product.id);
    expect(total).toBe(3);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'set', delta: 2, reason: null, stock_after: 20, on_hand_after: 20 }),
      expect.objectContaining({
        kind: 'adjustment',
        delta: -6,
        reason: 'spoiled',
        note: null,
        by: { id: named.id, name: 'Maple Baker' },
        stock_after: 18,
      }),
      expect.objectContaining({
        kind: 'adjustment',
        delta: 24,
        reason: 'received',
        note: 'Tuesday bake',
        by: { id: admin.id, name: 'Test Shopper' },
        stock_after: 24,
        held_written_off: 0,
      }),
    ]);
    expect(new Date(entries[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const second = await history(product.id, '?page=2&pageSize=2');
    expect(second.total).toBe(3);
    expect(second.entries.map((e) => e.delta)).toEqual([24]);
    expectMessage(
      await f.call('GET', `/api/admin/products/${product.id}/stock-history?pageSize=500`, {
        token: admin.token,
      }),
      400,
      'pageSize must be a whole number from 1 to 100.',
    );
  });

  it.each<[string, unknown, string]>([
    ['a zero delta', { delta: 0, reason: 'other', note: 'x' }, /delta must be a whole number/.source],
    ['a fractional delta', { delta: 1.5, reason: 'received' }, /delta must be a whole number/.source],
    ['a delta as text', { delta: '3', reason: 'received' }, /delta must be a whole number/.source],
    ['a huge delta', { delta: 2_000_000, reason: 'received' }, /delta must be a whole number/.source],
    ['no reason', { delta: 3 }, /^reason must be one of: received, spoiled/.source],
    ['an unknown reason', { delta: 3, reason: 'stolen' }, /^reason must be one of/.source],
    ['received taking away', { delta: -3, reason: 'received' }, /^Received adds units/.source],
    ['spoiled adding', { delta: 3, reason: 'spoiled' }, /^Spoiled takes units away/.source],
    ['other without a note', { delta: 3, reason: 'other' }, /^Please say in the note/.source],
    [
      'a note too long',
      { delta: 3, reason: 'other', note: 'x'.repeat(501) },
      /at most 500 characters/.source,
    ],
  ])('refuses %s with 400, unchanged', async (_what, body, message) => {
    const product = await stocked(4);
    expectMessage(await adjust(product.id, body), 400, new RegExp(message));
    expect(await stockOf(product.id)).toBe(4);
    expect(await db().select().from(stockMovements).where(eq(stockMovements.productId, product.id))).toEqual(
      [],
    );
  });

  it('answers 404 for a missing product and 409 for one made to order', async () => {
    expectMessage(await adjust(2_000_000_000, { delta: 1, reason: 'received' }), 404, 'Product not found');
    const made = await stocked(null, 'Baked On Demand');
    expectMessage(
      await adjust(made.id, { delta: 1, reason: 'received' }),
      409,
      'Baked On Demand is made to order, with no count to adjust. Give it a stock in the product form first.',
    );
    expect(await stockOf(made.id)).toBeNull();
  });

  it('is for admins only: 403 for a customer, 401 anonymously, for the adjustment and the history', async () => {
    const product = await stocked(4);
    const customer = await f.person();
    expectMessage(await adjust(product.id, { delta: 1, reason: 'received' }, customer.token), 403);
    expectMessage(await adjust(product.id, { delta: 1, reason: 'received' }, ''), 401);
    expectMessage(
      await f.call('GET', `/api/admin/products/${product.id}/stock-history`, { token: customer.token }),
      403,
    );
    expectMessage(await f.call('GET', `/api/admin/products/${product.id}/stock-history`), 401);
    expect(await stockOf(product.id)).toBe(4);
  });
});

describe('the count in the product form (PATCH stock with expected_stock)', () => {
  it('refuses a form opened before a sale: 409 saying what is on hand now, nothing of the PATCH saved', async () => {
    const product = await stocked(10);
    const opened = await listed(product.id);
    expect(opened.on_hand).toBe(10);
    const shopper = await f.person();
    await f.buy(shopper, [{ id: product.id, quantity: 3 }]);
    expectMessage(
      await patch(product.id, { stock: 12, expected_stock: opened.on_hand, description: 'Stale' }),
      409,
      'The stock has changed since you opened this form: 7 on hand now. Reload and try again.',
    );
    expect(await stockOf(product.id)).toBe(7);
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0]!.description).not.toBe(
      'Stale',
    );
    // Reloaded: the count is 7, and the write goes through.
    expect((await patch(product.id, { stock: 12, expected_stock: 7 })).json()).toMatchObject({ stock: 12 });
  });

  it('a hold made while the form is open changes nothing on hand: the write goes through', async () => {
    const product = await stocked(10);
    await hold(product.id, 4);
    const res = await patch(product.id, { stock: 15, expected_stock: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(product.id)).toMatchObject({ stock: 11, reserved: 4, on_hand: 15 });
    expectMessage(
      await patch(product.id, { stock: 1, expected_stock: 10 }),
      409,
      'The stock has changed since you opened this form: 15 on hand now (11 available, 4 held in checkouts). Reload and try again.',
    );
  });

  it('refuses a count without expected_stock (400), and takes made to order both ways', async () => {
    const product = await stocked(5);
    expectMessage(await patch(product.id, { stock: 0 }), 400, EXPECTED_STOCK_MISSING);
    expect(await stockOf(product.id)).toBe(5);
    expect((await patch(product.id, { stock: null, expected_stock: 5 })).json()).toMatchObject({
      stock: null,
    });
    expectMessage(
      await patch(product.id, { stock: 3, expected_stock: 5 }),
      409,
      'The stock has changed since you opened this form: it is made to order now. Reload and try again.',
    );
    expect((await patch(product.id, { stock: 3, expected_stock: null })).json()).toMatchObject({ stock: 3 });
    const { entries } = await history(product.id);
    expect(entries.map((e) => [e.kind, e.delta, e.stock_after])).toEqual([
      ['set', null, 3],
      ['set', null, null],
    ]);
  });
});
