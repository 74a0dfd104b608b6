/**
 * The orders API through the real app (docs/product.md, Orders): the owner
 * reads, re-addresses and cancels (with a refund); admins list, move and count; another customer's
 * order is 404, anonymous is 401; and who may call what, over every order and payment route.
 */
import { CREDIT_NOTE_NOT_FOUND } from '../../../domain/receipt.js';
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_POSTAL_CODE, OUTSIDE_SHIPPING_AREA } from '../../../domain/checkout.js';
import { messages } from '../../../domain/messages.js';
import { orderSchema, type Order, type OrderStatus } from '../../../domain/orders.js';
import { jobs, orders, paymentIntents, products, users } from '../../db/schema.js';
import {
  CARDS,
  checkoutFixtures,
  expectMessage,
  shippingInfo,
  testCard,
  uniqueEmail,
  type CatalogueProduct,
  type Method,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ORDER_NOT_FOUND } from './service.js';

const BAD_ID = 'The id must be a positive whole number.';
const ADDRESS_LOCKED = 'The shipping address can no longer be changed for this order.';

let t: TestApp;
const f = checkoutFixtures(() => t);
let catalogue: CatalogueProduct[];
let cheapest: CatalogueProduct;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await f.catalogue();
  cheapest = catalogue[0]!;
});
afterAll(() => t?.close());

const db = () => t.database.db;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const setStatus = (id: number, status: OrderStatus) =>
  db().update(orders).set({ status }).where(eq(orders.id, id));
const intentStatus = async (id: string) =>
  (await db().select().from(paymentIntents).where(eq(paymentIntents.id, id)))[0]?.status;

/** A paid order of `who`, through the test processor. */
const orderOf = (who: Person, items = [{ id: cheapest.id, quantity: 1 }], shipping = {}) =>
  f.buy(who, items, { shipping });

/** A product nobody ordered yet (a copy of a seeded one), for counts that must start at zero. */
async function freshProduct(): Promise<CatalogueProduct> {
  const [source] = await db().select().from(products).where(eq(products.id, cheapest.id));
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
  const suffix = randomBytes(3).toString('hex');
  const [row] = await db()
    .insert(products)
    .values({ ...copy, slug: `fresh-${suffix}`, name: `Fresh ${suffix}`, sku: null, priceCents: 1000 })
    .returning();
  return { id: row!.id, name: row!.name, priceCents: row!.priceCents };
}

const address = (overrides: Record<string, unknown> = {}) => ({
  shipping_address: '88 New Rd',
  shipping_city: 'Vancouver',
  shipping_state: 'British Columbia',
  shipping_country: 'Canada',
  shipping_postal_code: 'v6b2e2',
  ...overrides,
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/orders/:id', () => {
  let owner: Person;
  let other: Person;
  let admin: Person;
  let order: Order;

  beforeAll(async () => {
    owner = await f.person();
    other = await f.person();
    admin = await f.person({ isAdmin: true });
    order = await orderOf(owner, [
      { id: catalogue[0]!.id, quantity: 2 },
      { id: catalogue[1]!.id, quantity: 1 },
    ]);
  });

  it('answers the owner with the order: totals in dollars, item prices in cents', async () => {
    const res = await f.call('GET', `/api/orders/${order.id}`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Order>();
    expect(() => orderSchema.parse(body)).not.toThrow();
    expect(body).toEqual(order);
    const subtotalCents = 2 * catalogue[0]!.priceCents + catalogue[1]!.priceCents;
    expect(body.subtotal).toBe(subtotalCents / 100);
    expect(body.items.map((i) => [i.product_id, i.quantity, i.price])).toEqual([
      [catalogue[0]!.id, 2, catalogue[0]!.priceCents],
      [catalogue[1]!.id, 1, catalogue[1]!.priceCents],
    ]);
    expect(Math.round(body.total * 100)).toBe(
      Math.round(body.subtotal * 100) +
        Math.round(body.shipping_cost * 100) +
        Math.round(body.tax_amount * 100),
    );
  });

  it('answers an admin with any order', async () => {
    const res = await f.call('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(order);
  });

  it('answers another customer 404, exactly like a missing order, and anonymous 401', async () => {
    expectMessage(
      await f.call('GET', `/api/orders/${order.id}`, { token: other.token }),
      404,
      ORDER_NOT_FOUND,
    );
    expectMessage(
      await f.call('GET', '/api/orders/2000000000', { token: other.token }),
      404,
      ORDER_NOT_FOUND,
    );
    expectMessage(await f.call('GET', `/api/orders/${order.id}`), 401, messages.signInRequired);
  });

  it.each(['abc', '0', '1e3', '-1', '01', '1.5', '0x10', '2147483648', '99999999999', '%20'])(
    'answers 400 for the id %j',
    async (id) => {
      expectMessage(await f.call('GET', `/api/orders/${id}`, { token: admin.token }), 400, BAD_ID);
    },
  );

  it("lists the order in the owner's GET /api/users/:userId/orders", async () => {
    const res = await f.call('GET', `/api/users/${owner.id}/orders`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order[]>()).toEqual([order]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PATCH /api/orders/:id (shipping address, owner only)', () => {
  it('refuses an address that ships at another rate than the one paid, and allows one at the same rate', async () => {
    const owner = await f.person();
    // Paid $5 for Vancouver (V5K).
    const order = await orderOf(owner);
    expect(order.shipping_cost).toBe(5);
    const patch = (body: Record<string, unknown>) =>
      f.call('PATCH', `/api/orders/${order.id}`, { token: owner.token, body: address(body) });
    for (const elsewhere of [
      { shipping_city: 'Burnaby', shipping_postal_code: 'V5H 2E2' },
      { shipping_city: 'Kelowna', shipping_postal_code: 'V1Y 1A1' },
      // The city typed as Vancouver, the postal code Kelowna's: $15, not $5.
      { shipping_city: 'Vancouver', shipping_postal_code: 'V1Y 1A1' },
    ]) {
      expectMessage(await patch(elsewhere), 409, messages.shippingChangeRefused);
    }
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      shippingCity: 'Vancouver',
      shippingPostalCode: 'V5K 0A1',
    });
    const moved = await patch({ shipping_city: 'Vancouver', shipping_postal_code: 'V6B 2E2' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Order>()).toMatchObject({ shipping_postal_code: 'V6B 2E2', shipping_cost: 5 });
    // Free shipping (from $90) stays free wherever it goes.
    const big = await orderOf(owner, [{ id: cheapest.id, quantity: 12 }]);
    expect(big.shipping_cost).toBe(0);
    const far = await f.call('PATCH', `/api/orders/${big.id}`, {
      token: owner.token,
      body: address({ shipping_city: 'Kelowna', shipping_postal_code: 'V1Y 1A1' }),
    });
    expect(far.statusCode, far.body).toBe(200);
  });

  it('changes or clears the second address line when sent, and keeps it when left out', async () => {
    const owner = await f.person();
    const order = await orderOf(owner, undefined, { address2: 'Unit 1' });
    const patch = (extra: Record<string, unknown>) =>
      f.call('PATCH', `/api/orders/${order.id}`, { token: owner.token, body: { ...address(), ...extra } });
    expect((await patch({})).json<Order>().shipping_address2).toBe('Unit 1');
    expect((await patch({ shipping_address2: ' Suite 200 ' })).json<Order>().shipping_address2).toBe(
      'Suite 200',
    );
    expect((await patch({ shipping_address2: '' })).json<Order>().shipping_address2).toBeNull();
  });

  it.each<OrderStatus>(['Pending', 'In Progress'])(
    'lets the owner change the address while %s, and nothing else',
    async (status) => {
      const owner = await f.person();
      const order = await orderOf(owner, undefined, { address2: 'Unit 1' });
      await setStatus(order.id, status);
      const res = await f.call('PATCH', `/api/orders/${order.id}`, {
        token: owner.token,
        body: {
          ...address({ shipping_address: '  88 New Rd ' }),
          status: 'Delivered',
          is_paid: false,
          total: 0.01,
          user_id: 1,
          email: 'mallory@example.ca',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Order>();
      expect(body).toEqual({
        ...order,
        status,
        shipping_address: '88 New Rd',
        shipping_city: 'Vancouver',
        shipping_state: 'British Columbia',
        shipping_country: 'Canada',
        shipping_postal_code: 'V6B 2E2',
      });
      const row = await orderRow(order.id);
      expect(row).toMatchObject({
        shippingAddress: '88 New Rd',
        shippingCity: 'Vancouver',
        shippingPostalCode: 'V6B 2E2',
        status,
        isPaid: true,
        userId: owner.id,
        email: order.email,
        totalCents: Math.round(order.total * 100),
      });
    },
  );

  it.each<OrderStatus>(['Shipped', 'Delivered', 'Canceled', 'Refunded'])(
    'refuses the change once the order is %s: 409, unchanged',
    async (status) => {
      const owner = await f.person();
      const order = await orderOf(owner);
      await setStatus(order.id, status);
      expectMessage(
        await f.call('PATCH', `/api/orders/${order.id}`, { token: owner.token, body: address() }),
        409,
        ADDRESS_LOCKED,
      );
      expect((await orderRow(order.id)).shippingAddress).toBe(order.shipping_address);
    },
  );

  it.each<[string, Record<string, unknown>, string]>([
    ['a bad postal code', { shipping_postal_code: 'V5K 0A' }, INVALID_POSTAL_CODE],
    ['a zip code', { shipping_postal_code: '90210' }, INVALID_POSTAL_CODE],
    ['a letter Canada Post never uses', { shipping_postal_code: 'V5K 0D1' }, INVALID_POSTAL_CODE],
    // Decision 0050: a Canadian postal code outside British Columbia.
    ['a Toronto postal code', { shipping_postal_code: 'M5H 2N2' }, OUTSIDE_SHIPPING_AREA],
    ['a Montréal postal code', { shipping_postal_code: 'H2Y 1C6' }, OUTSIDE_SHIPPING_AREA],
    ['another province', { shipping_state: 'Alberta' }, 'We do not ship to Alberta yet.'],
    ['another country', { shipping_country: 'USA' }, 'We ship within Canada only.'],
    ['an empty address', { shipping_address: ' ' }, 'Please enter the address.'],
    ['no city', { shipping_city: undefined }, 'Please enter the city.'],
  ])('refuses %s with 400, unchanged', async (_what, change, message) => {
    const owner = await f.person();
    const order = await orderOf(owner);
    expectMessage(
      await f.call('PATCH', `/api/orders/${order.id}`, { token: owner.token, body: address(change) }),
      400,
      message,
    );
    const row = await orderRow(order.id);
    expect(row.shippingAddress).toBe(order.shipping_address);
    expect(row.shippingPostalCode).toBe(order.shipping_postal_code);
  });

  it('answers another customer and an admin 404 (only the owner edits), anonymous 401', async () => {
    const owner = await f.person();
    const order = await orderOf(owner);
    const other = await f.person();
    const admin = await f.person({ isAdmin: true });
    for (const who of [other, admin]) {
      expectMessage(
        await f.call('PATCH', `/api/orders/${order.id}`, { token: who.token, body: address() }),
        404,
        ORDER_NOT_FOUND,
      );
    }
    expectMessage(
      await f.call('PATCH', `/api/orders/${order.id}`, { body: address() }),
      401,
      messages.signInRequired,
    );
    expectMessage(
      await f.call('PATCH', '/api/orders/2000000000', { token: owner.token, body: address() }),
      404,
      ORDER_NOT_FOUND,
    );
    expectMessage(
      await f.call('PATCH', '/api/orders/1e3', { token: owner.token, body: address() }),
      400,
      BAD_ID,
    );
    expect((await orderRow(order.id)).shippingAddress).toBe(order.shipping_address);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/orders/:id/cancel', () => {
  it('cancels a Pending paid order and refunds its payment', async () => {
    const owner = await f.person();
    const order = await orderOf(owner);
    expect(await intentStatus(order.payment_intent_id!)).toBe('succeeded');
    const res = await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    // The money follows: refunded in full through the provider, so the order is no longer paid.
    const canceled = res.json<Order>();
    expect(canceled).toEqual({
      ...order,
      status: 'Canceled',
      status_dates: { Canceled: expect.any(String) },
      is_paid: false,
      refunded: order.total,
      refunds: [
        {
          id: expect.any(Number),
          amount: order.total,
          reason: 'Canceled by the customer',
          status: 'succeeded',
          created_at: expect.any(String),
          goods: expect.any(Number),
          shipping: expect.any(Number),
          taxes: expect.any(Array),
          lines: [],
        },
      ],
    });
    expect(await intentStatus(order.payment_intent_id!)).toBe('refunded');
    const row = await orderRow(order.id);
    expect(row.status).toBe('Canceled');
    expect(row.isPaid).toBe(false);
    expect(row.canceledAt).toBeInstanceOf(Date);
    // Twice: the order is already over.
    expectMessage(
      await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token }),
      409,
      'This order has been canceled.',
    );
  });

  it('keeps a refund as a job until sent, and an order refunded on cancel cannot be reopened by an admin', async () => {
    const owner = await f.person();
    const admin = await f.person({ isAdmin: true });
    const order = await orderOf(owner);
    expect((await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token })).statusCode).toBe(
      200,
    );
    // Sent at once: the backstop job is there, already done.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `refund-order-${order.id}`));
    expect(job).toMatchObject({
      type: 'orders.refund',
      payload: { idempotencyKey: `refund-order-${order.id}` },
    });
    expect(job!.completedAt).toBeInstanceOf(Date);
    // Canceled is final (decision 0022): no status leads out of it, Refunded included, nor the paid
    // flag.
    for (const status of ['Pending', 'In Progress', 'Shipped', 'Delivered', 'Refunded'])
      expectMessage(
        await f.call('PATCH', `/api/orders/${order.id}/status`, { token: admin.token, body: { status } }),
        409,
        'This order is canceled, which is final. Place a new order instead.',
      );
    expectMessage(
      await f.call('PATCH', `/api/orders/${order.id}/status`, {
        token: admin.token,
        body: { is_paid: true },
      }),
      409,
      'This order is canceled, which is final. Place a new order instead.',
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'Canceled', isPaid: false });
  });

  it.each<[OrderStatus, string]>([
    ['In Progress', 'This order is being prepared and cannot be canceled.'],
    ['Shipped', 'This order has shipped and cannot be canceled.'],
    ['Delivered', 'This order has been delivered and cannot be canceled.'],
    ['Refunded', 'This order has been refunded.'],
    ['Canceled', 'This order has been canceled.'],
  ])('refuses when %s: 409, no refund', async (status, reason) => {
    const owner = await f.person();
    const order = await orderOf(owner);
    await setStatus(order.id, status);
    expectMessage(
      await f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token }),
      409,
      reason,
    );
    expect((await orderRow(order.id)).status).toBe(status);
    expect(await intentStatus(order.payment_intent_id!)).toBe('succeeded');
  });

  it('answers another customer and an admin 404, anonymous 401, and changes nothing', async () => {
    const owner = await f.person();
    const order = await orderOf(owner);
    for (const who of [await f.person(), await f.person({ isAdmin: true })]) {
      expectMessage(
        await f.call('POST', `/api/orders/${order.id}/cancel`, { token: who.token }),
        404,
        ORDER_NOT_FOUND,
      );
    }
    expectMessage(await f.call('POST', `/api/orders/${order.id}/cancel`), 401, messages.signInRequired);
    expectMessage(await f.call('POST', '/api/orders/abc/cancel', { token: owner.token }), 400, BAD_ID);
    expectMessage(
      await f.call('POST', '/api/orders/2000000000/cancel', { token: owner.token }),
      404,
      ORDER_NOT_FOUND,
    );
    expect((await orderRow(order.id)).status).toBe('Pending');
    expect(await intentStatus(order.payment_intent_id!)).toBe('succeeded');
  });

  it('cancels once when asked five times at once', async () => {
    const owner = await f.person();
    const order = await orderOf(owner);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        f.call('POST', `/api/orders/${order.id}/cancel`, { token: owner.token }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort((a, b) => a - b);
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409, 409, 409]);
    expect((await orderRow(order.id)).status).toBe('Canceled');
    expect(await intentStatus(order.payment_intent_id!)).toBe('refunded');
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/orders (admin list)', () => {
  let admin: Person;
  let tag: string;
  let mine: Order[];

  beforeAll(async () => {
    admin = await f.person({ isAdmin: true });
    tag = `listtag${randomBytes(3).toString('hex')}`;
    mine = [];
    for (let i = 0; i < 3; i++) {
      const who = await f.person();
      mine.push(await orderOf(who, undefined, { email: `${tag}.${i}@Example.CA` }));
    }
  });

  const list = (query = '', token = admin.token) => f.call('GET', `/api/orders${query}`, { token });

  it('lists every order, newest first, with x-total-count', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Order[]>();
    const [{ n }] = (await db().select({ n: count() }).from(orders)) as [{ n: number }];
    expect(res.headers['x-total-count']).toBe(String(n));
    expect(body).toHaveLength(Math.min(n, 50));
    for (const order of body) expect(() => orderSchema.parse(order)).not.toThrow();
    for (let i = 1; i < body.length; i++) {
      const [a, b] = [body[i - 1]!, body[i]!];
      const newer = Date.parse(a.created_at) > Date.parse(b.created_at);
      expect(newer || (a.created_at === b.created_at && a.id > b.id), `${a.id} before ${b.id}`).toBe(true);
    }
    // The three made just now come first, newest first.
    const ours = body.filter((o) => mine.some((m) => m.id === o.id)).map((o) => o.id);
    expect(ours).toEqual(mine.map((o) => o.id).reverse());
  });

  it('filters by e-mail (any part, any case) and by order number', async () => {
    const byEmail = await list(`?q=${tag.toUpperCase()}`);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json<Order[]>().map((o) => o.id)).toEqual(mine.map((o) => o.id).reverse());
    expect(byEmail.headers['x-total-count']).toBe('3');

    const one = await list(`?q=${encodeURIComponent(`${tag}.1@`)}`);
    expect(one.json<Order[]>().map((o) => o.id)).toEqual([mine[1]!.id]);

    for (const q of [String(mine[2]!.id), `%23${mine[2]!.id}`, ` ${mine[2]!.id} `]) {
      const byNumber = await list(`?q=${q}`);
      expect(byNumber.statusCode, byNumber.body).toBe(200);
      expect(byNumber.json<Order[]>().map((o) => o.id)).toContain(mine[2]!.id);
      for (const o of byNumber.json<Order[]>()) {
        expect(o.id === mine[2]!.id || o.email.includes(String(mine[2]!.id))).toBe(true);
      }
    }
  });

  it('treats % and _ in q as plain characters', async () => {
    for (const q of ['%25', '_', `${tag}%25`, `${tag.slice(0, 3)}_${tag.slice(4)}`]) {
      const res = await list(`?q=${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order[]>(), q).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    }
  });

  it('filters by status', async () => {
    await setStatus(mine[0]!.id, 'Shipped');
    const res = await list('?status=Shipped');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Order[]>();
    expect(body.map((o) => o.id)).toContain(mine[0]!.id);
    for (const o of body) expect(o.status).toBe('Shipped');
    const [{ n }] = (await db().select({ n: count() }).from(orders).where(eq(orders.status, 'Shipped'))) as [
      { n: number },
    ];
    expect(res.headers['x-total-count']).toBe(String(n));
    const inProgress = await list(`?status=In%20Progress&q=${tag}`);
    expect(inProgress.json()).toEqual([]);
    const combined = await list(`?status=Shipped&q=${tag}`);
    expect(combined.json<Order[]>().map((o) => o.id)).toEqual([mine[0]!.id]);
  });

  it('pages with page and pageSize', async () => {
    const all = (await list(`?q=${tag}`)).json<Order[]>().map((o) => o.id);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await list(`?q=${tag}&page=${page}&pageSize=2`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      pages.push(res.json<Order[]>().map((o) => o.id));
    }
    expect(pages).toEqual([all.slice(0, 2), all.slice(2), []]);
  });

  it.each([
    '?status=Processing',
    '?status=pending',
    '?page=0',
    '?page=abc',
    '?pageSize=0',
    '?pageSize=201',
    '?pageSize=1.5',
    `?q=${'x'.repeat(201)}`,
  ])('refuses %s with 400', async (query) => {
    expectMessage(await list(query), 400);
  });

  it('is for admins only: 403 for a customer, 401 anonymously', async () => {
    expectMessage(await list('', (await f.person()).token), 403, messages.forbidden);
    expectMessage(await f.call('GET', '/api/orders'), 401, messages.signInRequired);
  });
});

// ---------------------------------------------------------------------------------------------

describe('PATCH /api/orders/:id/status (admin)', () => {
  let admin: Person;
  let owner: Person;
  let order: Order;

  beforeAll(async () => {
    admin = await f.person({ isAdmin: true });
    owner = await f.person();
    order = await orderOf(owner);
  });

  const patch = (body: unknown, token = admin.token, id: number | string = order.id) =>
    f.call('PATCH', `/api/orders/${id}/status`, { token, body });

  it('moves along the open statuses, then cancels: the paid order is refunded and stays Canceled', async () => {
    const mine = await orderOf(owner);
    const reached: Order['status_dates'] = {};
    for (const status of ['In Progress', 'Shipped', 'Delivered', 'Shipped', 'Pending'] as const) {
      const res = await patch({ status }, admin.token, mine.id);
      expect(res.statusCode, res.body).toBe(200);
      // Each move dates its status (the order page's tracker); a status reached again, again.
      reached[status] = res.json<Order>().status_dates[status];
      expect(Date.parse(reached[status]!)).toBeGreaterThan(Date.parse(mine.created_at) - 1000);
      expect(res.json<Order>()).toEqual({ ...mine, status, status_dates: reached });
      expect((await orderRow(mine.id)).status).toBe(status);
    }
    const canceled = await patch({ status: 'Canceled' }, admin.token, mine.id);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Order>()).toMatchObject({
      status: 'Canceled',
      is_paid: false,
      refunded: mine.total,
    });
    expect(canceled.json<Order>().refunds).toMatchObject([
      { reason: 'Canceled by the shop', status: 'succeeded' },
    ]);
    expect((await orderRow(mine.id)).canceledAt).toBeInstanceOf(Date);
    expect(await intentStatus(mine.payment_intent_id!)).toBe('refunded');
    expectMessage(
      await patch({ status: 'Pending' }, admin.token, mine.id),
      409,
      'This order is canceled, which is final. Place a new order instead.',
    );
  });

  it('never sets Refunded by hand: the money has to move (409, unchanged)', async () => {
    expectMessage(
      await patch({ status: 'Refunded' }),
      409,
      'An order becomes Refunded when its payment is refunded in full. Use Refund instead.',
    );
    expect(await orderRow(order.id)).toMatchObject({ status: 'Pending', isPaid: true });
    expect(await intentStatus(order.payment_intent_id!)).toBe('succeeded');
  });

  it('toggles the paid flag, alone or with a status', async () => {
    const unpaid = await patch({ is_paid: false });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json<Order>().is_paid).toBe(false);
    expect(await orderRow(order.id)).toMatchObject({ isPaid: false, paidAt: null });
    const both = await patch({ is_paid: true, status: 'Shipped' });
    expect(both.json<Order>()).toMatchObject({ is_paid: true, status: 'Shipped' });
    expect((await orderRow(order.id)).paidAt).toBeInstanceOf(Date);
  });

  it.each<[string, unknown, string | RegExp]>([
    ['an unknown status', { status: 'Processing' }, /^status must be one of: Pending, In Progress/],
    ['a lower-case status', { status: 'shipped' }, /^status must be one of/],
    ['a string paid flag', { is_paid: 'true' }, 'is_paid must be true or false.'],
    ['an empty body', {}, 'Send a status, is_paid, or both.'],
    ['only unknown fields', { total: 0 }, 'Send a status, is_paid, or both.'],
  ])('refuses %s with 400, unchanged', async (_what, body, message) => {
    const before = await orderRow(order.id);
    expectMessage(await patch(body), 400, message);
    expect(await orderRow(order.id)).toEqual(before);
  });

  it('refuses a missing body, a bad id and a missing order', async () => {
    expectMessage(await f.call('PATCH', `/api/orders/${order.id}/status`, { token: admin.token }), 400);
    expectMessage(await patch({ status: 'Shipped' }, admin.token, '1e3'), 400, BAD_ID);
    expectMessage(await patch({ status: 'Shipped' }, admin.token, 2_000_000_000), 404, ORDER_NOT_FOUND);
  });

  it('is for admins only: 403 even for the owner, 401 anonymously', async () => {
    const before = await orderRow(order.id);
    expectMessage(await patch({ status: 'Delivered' }, owner.token), 403, messages.forbidden);
    expectMessage(await patch({ is_paid: false }, (await f.person()).token), 403, messages.forbidden);
    expectMessage(
      await f.call('PATCH', `/api/orders/${order.id}/status`, { body: { status: 'Delivered' } }),
      401,
      messages.signInRequired,
    );
    expect(await orderRow(order.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/orders/in-progress-count/:productId (admin)', () => {
  it('counts orders In Progress holding the product, and their units', async () => {
    const admin = await f.person({ isAdmin: true });
    const product = await freshProduct();
    const url = `/api/orders/in-progress-count/${product.id}`;
    const first = await f.call('GET', url, { token: admin.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ count: 0, quantity: 0, ordered: 0, reserved: 0 });

    const a = await orderOf(await f.person(), [{ id: product.id, quantity: 2 }]);
    const b = await orderOf(await f.person(), [
      { id: product.id, quantity: 3 },
      { id: cheapest.id, quantity: 4 },
    ]);
    const pending = await orderOf(await f.person(), [{ id: product.id, quantity: 7 }]);
    const shipped = await orderOf(await f.person(), [{ id: product.id, quantity: 11 }]);
    // For the production plan: 23 units ordered and not shipped, none held yet.
    expect((await f.call('GET', url, { token: admin.token })).json()).toEqual({
      count: 0,
      quantity: 0,
      ordered: 23,
      reserved: 0,
    });
    await db()
      .update(orders)
      .set({ status: 'In Progress' })
      .where(inArray(orders.id, [a.id, b.id]));
    await setStatus(shipped.id, 'Shipped');
    expect(pending.status).toBe('Pending');
    // A checkout being paid holds 4 more.
    await f.createIntent(await f.person(), [{ id: product.id, quantity: 4 }]);
    expect((await f.call('GET', url, { token: admin.token })).json()).toEqual({
      count: 2,
      quantity: 5,
      ordered: 12,
      reserved: 4,
    });
  });

  it('answers 0 for a product never ordered or unknown, 400 for a bad id', async () => {
    const admin = await f.person({ isAdmin: true });
    const unknown = await f.call('GET', '/api/orders/in-progress-count/2000000000', { token: admin.token });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toEqual({ count: 0, quantity: 0, ordered: 0, reserved: 0 });
    for (const id of ['abc', '0', '1e3']) {
      expectMessage(
        await f.call('GET', `/api/orders/in-progress-count/${id}`, { token: admin.token }),
        400,
        BAD_ID,
      );
    }
  });

  it('is for admins only', async () => {
    const url = `/api/orders/in-progress-count/${cheapest.id}`;
    expectMessage(await f.call('GET', url, { token: (await f.person()).token }), 403, messages.forbidden);
    expectMessage(await f.call('GET', url), 401, messages.signInRequired);
  });
});

// ---------------------------------------------------------------------------------------------
// Who may call what: every order and payment route (the Stripe webhook aside), as every caller.

type Viewer = 'anonymous' | 'customerA' | 'customerB' | 'admin';
const VIEWERS: Viewer[] = ['anonymous', 'customerB', 'customerA', 'admin'];

interface Scene {
  a: Person;
  order: Order;
  /** A's open intent, with its current secret. */
  intent: { id: string; secret: string };
  /** A's paid intent without an order yet. */
  paidIntent: string;
  productId: number;
}

/**
 * The expected status per route and caller. `:id` is customer A's Pending paid order; every route
 * must be listed, so a new one cannot ship without deciding who may call it.
 */
const MATRIX: Record<
  string,
  { body?: (scene: Scene) => unknown; expect: Record<Viewer, number>; notFound?: string }
> = {
  'POST /api/payments/create-payment-intent': {
    body: (s) => ({
      amount: 0,
      shippingInfo: shippingInfo(),
      items: [{ id: s.productId, quantity: 1 }],
    }),
    // The amount is filled in per caller below; all signed-in callers may start a checkout.
    expect: { anonymous: 401, customerB: 200, customerA: 200, admin: 200 },
  },
  'POST /api/payments/test/confirm': {
    body: (s) => ({ client_secret: s.intent.secret, card: testCard(CARDS.success) }),
    expect: { anonymous: 401, customerB: 404, customerA: 200, admin: 404 },
    notFound: 'Payment not found.',
  },
  // The test bank confirms only a renewal's payment (decision 0059): A's checkout payment is refused
  // (409); A's renewal is confirmed in the authorization matrix (http/authorization-matrix.test.ts).
  'POST /api/payments/test/authenticate': {
    body: (s) => ({ client_secret: s.intent.secret }),
    expect: { anonymous: 401, customerB: 404, customerA: 409, admin: 404 },
    notFound: 'Payment not found.',
  },
  'POST /api/orders': {
    body: (s) => ({ payment_intent_id: s.paidIntent }),
    expect: { anonymous: 401, customerB: 404, customerA: 201, admin: 404 },
    notFound: 'Payment not found.',
  },
  'GET /api/orders': { expect: { anonymous: 401, customerB: 403, customerA: 403, admin: 200 } },
  'GET /api/orders/in-progress-count/:productId': {
    expect: { anonymous: 401, customerB: 403, customerA: 403, admin: 200 },
  },
  'GET /api/orders/:id': { expect: { anonymous: 401, customerB: 404, customerA: 200, admin: 200 } },
  'GET /api/orders/:id/receipt.pdf': {
    expect: { anonymous: 401, customerB: 404, customerA: 200, admin: 200 },
  },
  // Of a refund that went through: this matrix's order has none, so its owner is told so (404).
  'GET /api/orders/:id/refunds/:refundId/credit-note.pdf': {
    expect: { anonymous: 401, customerB: 404, customerA: 404, admin: 404 },
  },
  'PATCH /api/orders/:id': {
    body: () => address(),
    expect: { anonymous: 401, customerB: 404, customerA: 200, admin: 404 },
  },
  'POST /api/orders/:id/cancel': { expect: { anonymous: 401, customerB: 404, customerA: 200, admin: 404 } },
  'PATCH /api/orders/:id/status': {
    body: () => ({ status: 'In Progress' }),
    expect: { anonymous: 401, customerB: 403, customerA: 403, admin: 200 },
  },
  'GET /api/orders/:id/timeline': { expect: { anonymous: 401, customerB: 403, customerA: 403, admin: 200 } },
  'POST /api/orders/:id/refunds': {
    body: () => ({ amount: 1, reason: 'A broken cookie' }),
    expect: { anonymous: 401, customerB: 403, customerA: 403, admin: 201 },
  },
};

describe('authorization matrix of /api/orders and /api/payments routes', () => {
  const covered = () =>
    t.app.apiRoutes.filter(
      (route) =>
        (route.url.startsWith('/api/orders') || route.url.startsWith('/api/payments')) &&
        route.url !== '/api/payments/webhook',
    );

  it('covers exactly the registered order and payment routes', () => {
    expect(
      covered()
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual(Object.keys(MATRIX).sort());
  });

  it('declares admin exactly where customers get 403, customer elsewhere; the webhook is anonymous', () => {
    for (const route of covered()) {
      const expected = MATRIX[`${route.method} ${route.url}`]!.expect;
      expect(route.audience, route.url).toBe(expected.customerA === 403 ? 'admin' : 'customer');
    }
    expect(t.app.apiRoutes.find((r) => r.url === '/api/payments/webhook')?.audience).toBe('anonymous');
  });

  it.each(Object.entries(MATRIX))('%s answers each caller as expected', async (key, spec) => {
    const [method, pattern] = key.split(' ') as [Method, string];
    const a = await f.person();
    const people: Record<Exclude<Viewer, 'anonymous'>, Person> = {
      customerA: a,
      customerB: await f.person(),
      admin: await f.person({ isAdmin: true }),
    };
    const order = await orderOf(a);
    const open = await f.createIntent(a, [{ id: catalogue[1]!.id, quantity: 1 }]);
    const paid = await f.createIntent(a, [{ id: catalogue[2]!.id, quantity: 1 }]);
    await db()
      .update(paymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(paymentIntents.id, paid.payment_intent_id));
    const scene: Scene = {
      a,
      order,
      intent: { id: open.payment_intent_id, secret: open.client_secret },
      paidIntent: paid.payment_intent_id,
      productId: cheapest.id,
    };
    const url = pattern
      .replace(':id', String(order.id))
      .replace(':productId', String(cheapest.id))
      .replace(':refundId', '999999');
    for (const viewer of VIEWERS) {
      const who = viewer === 'anonymous' ? undefined : people[viewer];
      let body = spec.body?.(scene);
      if (key === 'POST /api/payments/create-payment-intent') {
        const amount = (await f.expectedTotals([{ id: cheapest.id, quantity: 1 }], 'Vancouver', who?.email))
          .totalCents;
        body = { ...(body as object), amount };
      }
      const res = await f.call(method, url, {
        token: who?.token,
        ...(body !== undefined ? { body } : {}),
      });
      expect(res.statusCode, `${viewer}: ${key} -> ${res.body}`).toBe(spec.expect[viewer]);
      if (res.statusCode === 401) expect(res.json()).toEqual({ message: messages.signInRequired });
      if (res.statusCode === 403) expect(res.json()).toEqual({ message: messages.forbidden });
      if (res.statusCode === 404) {
        // B is refused the order itself; A and the admin reach it and are told the refund is missing.
        const missing =
          key.includes('credit-note') && viewer !== 'customerB' ? CREDIT_NOTE_NOT_FOUND : ORDER_NOT_FOUND;
        expect(res.json()).toEqual({ message: spec.notFound ?? missing });
      }
      if (viewer === 'anonymous' || viewer === 'customerB') {
        // Nothing A owns moved.
        const row = await orderRow(order.id);
        expect(row).toMatchObject({
          status: 'Pending',
          shippingAddress: order.shipping_address,
          isPaid: true,
        });
        expect(await intentStatus(open.payment_intent_id)).toBe('requires_payment_method');
        expect(await f.ordersOfIntent(paid.payment_intent_id)).toEqual([]);
      }
    }
  });

  it('checks the session before reading the body (401 for a malformed body, not 400)', async () => {
    const a = await f.person();
    const order = await orderOf(a);
    for (const [method, url] of [
      ['POST', '/api/payments/create-payment-intent'],
      ['POST', '/api/payments/test/confirm'],
      ['POST', '/api/payments/test/authenticate'],
      ['POST', '/api/orders'],
      ['PATCH', `/api/orders/${order.id}`],
      ['PATCH', `/api/orders/${order.id}/status`],
    ] as [Method, string][]) {
      expectMessage(await f.call(method, url, { raw: '{"x":' }), 401, messages.signInRequired);
    }
  });
});

// Orders outlive the account that placed them (user_id becomes null), and only admins see them then.
describe('an order whose account was deleted', () => {
  it('stays readable by admins and by nobody else', async () => {
    const gone = await f.person({ email: uniqueEmail('gone') });
    const order = await orderOf(gone);
    await db().delete(users).where(eq(users.id, gone.id));
    const admin = await f.person({ isAdmin: true });
    const res = await f.call('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().user_id).toBeNull();
    expectMessage(await f.call('GET', `/api/orders/${order.id}`, { token: (await f.person()).token }), 404);
    expect(
      (
        await db()
          .select()
          .from(orders)
          .where(and(eq(orders.id, order.id), eq(orders.isPaid, true)))
      ).length,
    ).toBe(1);
  });
});
