/**
 * Payments through the real app (docs/product.md, Checkout and payment; decision 0013): the server
 * prices the cart, the built-in test processor answers like Stripe's test cards, an order exists
 * exactly once and only when paid, and Stripe webhooks (signed offline with the SDK's test-header
 * helper) apply once.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVALID_POSTAL_CODE, OUTSIDE_SHIPPING_AREA } from '../../../domain/checkout.js';
import { messages } from '../../../domain/messages.js';
import { orderSchema, type Order } from '../../../domain/orders.js';
import { INVALID_PHONE } from '../../../domain/phone.js';
import {
  jobs,
  orderItems,
  orders,
  paymentIntents,
  processedEvents,
  products,
  users,
} from '../../db/schema.js';
import {
  CARDS,
  checkoutFixtures,
  expectMessage,
  expectRefusal,
  freshIp,
  shippingInfo,
  type CatalogueProduct,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { hashPassword } from '../users/passwords.js';
import { AMOUNT_CHANGED, ITEMS_UNAVAILABLE } from './service.js';
import type { IntentCheckout } from './snapshot.js';

const FREE_EMAIL = 'free.shipping@northbite.test';
const CLASSIC = 'Classic Chocolate Chunk Protein Cookies'; // $34.99
const GRANOLA = 'Maple Almond Granola'; // $11.95

let t: TestApp;
const f = checkoutFixtures(() => t);
let catalogue: CatalogueProduct[];
let classic: CatalogueProduct;
let granola: CatalogueProduct;
let alice: Person;

beforeAll(async () => {
  t = await createTestApp({ env: { FREE_SHIPPING_EMAIL: FREE_EMAIL } });
  catalogue = await f.catalogue();
  classic = catalogue.find((p) => p.name === CLASSIC)!;
  granola = catalogue.find((p) => p.name === GRANOLA)!;
  expect(classic.priceCents).toBe(3499);
  expect(granola.priceCents).toBe(1195);
  alice = await f.person();
});
afterAll(() => t?.close());

const intentCount = async (userId: number) =>
  (
    await t.database.db.select({ n: count() }).from(paymentIntents).where(eq(paymentIntents.userId, userId))
  )[0]!.n;
const orderCount = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)))[0]!.n;

/** What the test processor's "provider side" says once a card was taken, without finishing the order. */
const markSucceeded = (intentId: string) =>
  t.database.db.update(paymentIntents).set({ status: 'succeeded' }).where(eq(paymentIntents.id, intentId));

const intentBody = (items: unknown[], amount: unknown, shipping: Record<string, unknown> = {}) => ({
  amount,
  shippingInfo: shippingInfo(shipping),
  items,
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/payments/create-payment-intent: the server prices the cart', () => {
  it.each<[string, number, string, string, number, number, number]>([
    // city, postal code, quantity of the $34.99 cookies, the amounts: shipping, tax, total (cents)
    ['Vancouver', 1, 'Vancouver', 'V5K 0A1', 500, 175, 4174],
    ['vancouver (any case, spaces)', 1, '  VANCOUVER ', 'v6b1a1', 500, 175, 4174],
    ['Burnaby', 1, 'Burnaby', 'V5H 2E2', 800, 175, 4474],
    ['Brentwood, shouted', 1, ' BRENTWOOD\t', 'V5C 6A1', 800, 175, 4474],
    ['burnaby with inner spaces', 1, 'burnaby', 'V3N 1A1', 800, 175, 4474],
    ['another city', 1, 'Surrey', 'V3T 1A1', 1500, 175, 5174],
    ['North Vancouver, another city', 1, 'North Vancouver', 'V7L 1A1', 1500, 175, 5174],
    // Decision 0022: the city's rate needs that city's postal code.
    ['"Vancouver" with a Kelowna postal code', 1, 'Vancouver', 'V1Y 1A1', 1500, 175, 5174],
    ['"Vancouver" with a Burnaby postal code', 1, 'Vancouver', 'V5H 4M1', 1500, 175, 5174],
    ['"Burnaby" with a Vancouver postal code', 1, 'Burnaby', 'V6B 1A1', 1500, 175, 5174],
    ['$104.97 in Surrey: free shipping', 3, 'Surrey', 'V3T 1A1', 0, 525, 11022],
  ])('%s', async (_what, quantity, city, postalCode, shipping, tax, total) => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity }], {
      shipping: { city, postalCode },
      amount: total,
    });
    expect(Object.keys(intent).sort()).toEqual(['amount', 'client_secret', 'payment_intent_id', 'provider']);
    expect(intent.amount).toBe(total);
    expect(intent.provider).toBe('test');
    expect(intent.client_secret.startsWith(`${intent.payment_intent_id}_secret_`)).toBe(true);
    const row = (await f.intentRow(intent.payment_intent_id))!;
    expect(row).toMatchObject({
      provider: 'test',
      userId: who.id,
      amountCents: total,
      currency: 'CAD',
      status: 'requires_payment_method',
    });
    const snapshot = row.checkout as unknown as IntentCheckout;
    expect(snapshot.totals).toEqual({
      subtotalCents: 3499 * quantity,
      shippingCents: shipping,
      taxCents: tax,
      totalCents: total,
      // GST on the products, in British Columbia (decision 0066), and each line's share of it.
      province: 'BC',
      taxes: [{ code: 'GST', rate: 5_000, goodsCents: tax, shippingCents: 0, amountCents: tax }],
      lineTaxes: [[{ code: 'GST', amountCents: tax }]],
    });
    expect(snapshot.lines).toEqual([
      {
        productId: classic.id,
        name: CLASSIC,
        sku: expect.anything(),
        priceCents: 3499,
        quantity,
        taxClass: 'standard',
      },
    ]);
    // Only the secret's hash is kept.
    expect(row.clientSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(intent.client_secret);
  });

  it('adds lines, tax on the whole cart and free shipping exactly from $90.00', async () => {
    // 2 x 34.99 + 11.95 = 81.93, Vancouver: + 5.00 shipping + 4.10 tax (409.65 rounded) = 91.03
    const who = await f.person();
    const mixed = await f.createIntent(
      who,
      [
        { id: classic.id, quantity: 2 },
        { id: granola.id, quantity: 1 },
      ],
      { amount: 9103 },
    );
    expect(mixed.amount).toBe(9103);

    // A product at $45.00: two make exactly $90.00 and ship free; at $44.99 they do not.
    const [original] = await t.database.db
      .select({ price: products.priceCents })
      .from(products)
      .where(eq(products.id, granola.id));
    try {
      await t.database.db.update(products).set({ priceCents: 4500 }).where(eq(products.id, granola.id));
      const at90 = await f.createIntent(who, [{ id: granola.id, quantity: 2 }], { amount: 9000 + 450 });
      expect(at90.amount).toBe(9450);
      await t.database.db.update(products).set({ priceCents: 4499 }).where(eq(products.id, granola.id));
      const below = await f.createIntent(who, [{ id: granola.id, quantity: 2 }], {
        amount: 8998 + 500 + 450,
      });
      expect(below.amount).toBe(9948);
    } finally {
      await t.database.db
        .update(products)
        .set({ priceCents: original!.price })
        .where(eq(products.id, granola.id));
    }
  });

  it('ships free for the verified FREE_SHIPPING_EMAIL account, not for anyone typing that address', async () => {
    const free = await f.person({ email: FREE_EMAIL });
    // Holding the address without having confirmed it is not enough.
    await f.createIntent(free, [{ id: classic.id, quantity: 1 }], {
      shipping: { city: 'Surrey' },
      amount: 5174,
    });
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, free.id));
    const intent = await f.createIntent(free, [{ id: classic.id, quantity: 1 }], {
      shipping: { city: 'Surrey' },
      amount: 3499 + 175,
    });
    expect(intent.amount).toBe(3674);
    // Someone else puts the free-shipping address in the form: still $15 to Surrey.
    const other = await f.person();
    const res = await f.call('POST', '/api/payments/create-payment-intent', {
      token: other.token,
      body: intentBody([{ id: classic.id, quantity: 1 }], 3674, { city: 'Surrey', email: FREE_EMAIL }),
    });
    expectMessage(res, 400, AMOUNT_CHANGED);
    await f.createIntent(other, [{ id: classic.id, quantity: 1 }], {
      shipping: { city: 'Surrey', email: FREE_EMAIL },
      amount: 5174,
    });
  });

  it('charges shipping to anyone who only typed the free-shipping address into their account', async () => {
    // Before: any customer could PATCH their e-mail to FREE_SHIPPING_EMAIL and ship free.
    const customer = await f.person();
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Maple-Crunch-2024') })
      .where(eq(users.id, customer.id));
    const patched = await f.call('PATCH', `/api/users/${customer.id}`, {
      token: customer.token,
      body: { email: FREE_EMAIL, currentPassword: 'Maple-Crunch-2024' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await f.createIntent(customer, [{ id: classic.id, quantity: 1 }], {
      shipping: { city: 'Surrey' },
      amount: 5174,
    });
  });

  it('refuses an order over the maximum total with 400 before writing anything', async () => {
    // Three products at the highest allowed price, 99 of each: $29.7 million, past a 32-bit column.
    // This answered 500, and the error log held the shopper's name, address, phone and e-mail.
    const [{ categoryId } = { categoryId: 0 }] = await t.database.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, classic.id));
    const priciest = await t.database.db
      .insert(products)
      .values(
        [1, 2, 3].map((n) => ({
          name: `Golden Cookie ${n}`,
          slug: `golden-cookie-${n}-${Date.now()}`,
          sku: `GOLD-${n}-${Date.now()}`,
          priceCents: 10_000_000,
          categoryId,
        })),
      )
      .returning({ id: products.id });
    const who = await f.person();
    const items = priciest.map((row) => ({ id: row.id, quantity: 99 }));
    const before = await t.database.db.select().from(paymentIntents);
    const res = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: intentBody(items, 2_970_000_000 + 148_500_000),
    });
    // Hidden again afterwards, so the other tests' catalogue stays the seeded one.
    await t.database.db
      .update(products)
      .set({ isActive: false })
      .where(
        inArray(
          products.id,
          priciest.map((row) => row.id),
        ),
      );
    expectMessage(res, 400, messages.orderTooLarge);
    expect(await t.database.db.select().from(paymentIntents)).toHaveLength(before.length);
  });

  it('refuses a tampered amount with 400 and creates nothing', async () => {
    const who = await f.person();
    const items = [
      { id: classic.id, quantity: 2 },
      { id: granola.id, quantity: 3 },
    ];
    const right = (await f.expectedTotals(items, 'Vancouver')).totalCents;
    // The cookies priced one cent lower by the client: 2 x 34.98 + 3 x 11.95.
    const lowered = 2 * 3498 + 3 * 1195;
    const loweredTotal = lowered + (lowered >= 9000 ? 0 : 500) + Math.round(lowered * 0.05);
    expect(loweredTotal).not.toBe(right);
    for (const amount of [right - 1, right + 1, loweredTotal, 1, right * 100]) {
      const res = await f.call('POST', '/api/payments/create-payment-intent', {
        token: who.token,
        body: intentBody(items, amount),
      });
      expectMessage(res, 400, AMOUNT_CHANGED);
    }
    for (const amount of [right / 100, -right, 0, String(right), null]) {
      const res = await f.call('POST', '/api/payments/create-payment-intent', {
        token: who.token,
        body: intentBody(items, amount),
      });
      expectMessage(res, 400, 'amount must be the total in cents.');
    }
    const withoutAmount = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: { shippingInfo: shippingInfo(), items },
    });
    expectMessage(withoutAmount, 400, 'amount must be the total in cents.');
    expect(await intentCount(who.id)).toBe(0);
    // The right amount is accepted.
    expect((await f.createIntent(who, items, { amount: right })).amount).toBe(right);
    expect(await intentCount(who.id)).toBe(1);
  });

  it('prices from the catalogue, never from prices or totals in the body', async () => {
    const who = await f.person();
    const res = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: {
        ...intentBody([{ id: classic.id, quantity: 1, price: 0.01, totalPrice: 1 } as never], 4174),
        subtotal: 0.01,
        shippingCost: 0,
        total: 0.01,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await f.intentRow(res.json<{ payment_intent_id: string }>().payment_intent_id))?.amountCents,
    ).toBe(4174);
  });

  it('refuses unknown and inactive products with 400', async () => {
    const who = await f.person();
    const unknownRes = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: intentBody([{ id: 2_000_000, quantity: 1 }], 500 + 1),
    });
    expectMessage(unknownRes, 400, ITEMS_UNAVAILABLE);

    const amount = (await f.expectedTotals([{ id: granola.id, quantity: 1 }], 'Vancouver')).totalCents;
    try {
      await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, granola.id));
      const inactive = await f.call('POST', '/api/payments/create-payment-intent', {
        token: who.token,
        body: intentBody(
          [
            { id: classic.id, quantity: 1 },
            { id: granola.id, quantity: 1 },
          ],
          amount + 3499,
        ),
      });
      expectMessage(inactive, 400, ITEMS_UNAVAILABLE);
      const alone = await f.call('POST', '/api/payments/create-payment-intent', {
        token: who.token,
        body: intentBody([{ id: granola.id, quantity: 1 }], amount),
      });
      expectMessage(alone, 400, ITEMS_UNAVAILABLE);
    } finally {
      await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, granola.id));
    }
    expect(await intentCount(who.id)).toBe(0);
  });

  it.each<[string, () => unknown, string | RegExp]>([
    [
      'a product twice',
      () =>
        intentBody(
          [
            { id: classic.id, quantity: 1 },
            { id: classic.id, quantity: 1 },
          ],
          8673,
        ),
      'Each product may appear only once in items.',
    ],
    ['quantity 0', () => intentBody([{ id: classic.id, quantity: 0 }], 500), 'Quantities start at 1.'],
    [
      'quantity 100',
      () => intentBody([{ id: classic.id, quantity: 100 }], 367395),
      'Quantities go up to 99.',
    ],
    [
      'quantity 1.5',
      () => intentBody([{ id: classic.id, quantity: 1.5 }], 6000),
      'Quantities are whole numbers.',
    ],
    ['quantity -1', () => intentBody([{ id: classic.id, quantity: -1 }], 500), 'Quantities start at 1.'],
    ['an empty cart', () => intentBody([], 500), 'Your cart is empty'],
    [
      'no items',
      () => ({ amount: 4174, shippingInfo: shippingInfo() }),
      'items must be a list of { id, quantity }.',
    ],
    ['a product id 0', () => intentBody([{ id: 0, quantity: 1 }], 4174), 'Each item needs a product id.'],
    [
      'a string product id',
      () => intentBody([{ id: String(classic.id), quantity: 1 }], 4174),
      'Each item needs a product id.',
    ],
    [
      'a bad postal code',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { postalCode: 'V5K 0A' }),
      INVALID_POSTAL_CODE,
    ],
    [
      'a US zip code',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { postalCode: '90210' }),
      INVALID_POSTAL_CODE,
    ],
    // Decision 0050: Canadian postal codes outside British Columbia, whatever the city says.
    [
      'a Toronto postal code',
      () => intentBody([{ id: classic.id, quantity: 1 }], 5174, { postalCode: 'M5H 2N2' }),
      OUTSIDE_SHIPPING_AREA,
    ],
    [
      'a Montréal postal code',
      () => intentBody([{ id: classic.id, quantity: 1 }], 5174, { postalCode: 'H2Y 1C6' }),
      OUTSIDE_SHIPPING_AREA,
    ],
    [
      'a Nunavut postal code',
      () => intentBody([{ id: classic.id, quantity: 1 }], 5174, { postalCode: 'X0A 0H0' }),
      OUTSIDE_SHIPPING_AREA,
    ],
    [
      'Ontario',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { state: 'Ontario' }),
      'We do not ship to Ontario yet.',
    ],
    [
      'british columbia in lower case',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { state: 'british columbia' }),
      'Please choose your province.',
    ],
    [
      'the United States',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { country: 'United States' }),
      'We ship within Canada only.',
    ],
    [
      'a missing phone number',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { phoneNumber: undefined }),
      INVALID_PHONE,
    ],
    [
      'an empty phone number',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { phoneNumber: '' }),
      'Please enter your phone number.',
    ],
    [
      'a missing first name',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { firstName: undefined }),
      'Please enter your first name.',
    ],
    [
      'a missing address',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { address1: ' ' }),
      'Please enter your address.',
    ],
    [
      'a missing city',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { city: '' }),
      'Please enter your city.',
    ],
    [
      'a missing e-mail',
      () => intentBody([{ id: classic.id, quantity: 1 }], 4174, { email: undefined }),
      messages.emailRequired,
    ],
    ['no shipping info', () => ({ amount: 4174, items: [{ id: 1, quantity: 1 }] }), /^shippingInfo: /],
  ])('refuses %s with 400 and creates nothing', async (_what, body, message) => {
    const who = await f.person();
    const res = await f.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: body(),
    });
    expectMessage(res, 400, message);
    expect(await intentCount(who.id)).toBe(0);
  });

  it('refuses malformed JSON and a NUL character with 400', async () => {
    expectMessage(
      await f.call('POST', '/api/payments/create-payment-intent', { token: alice.token, raw: '{"amount":' }),
      400,
      'Malformed JSON in request body',
    );
    expectMessage(
      await f.call('POST', '/api/payments/create-payment-intent', {
        token: alice.token,
        body: intentBody([{ id: classic.id, quantity: 1 }], 4174, { address1: 'a\u0000b' }),
      }),
      400,
    );
  });

  it('answers 401 to an anonymous shopper, before reading the body', async () => {
    const body = intentBody([{ id: classic.id, quantity: 1 }], 4174);
    expectMessage(
      await f.call('POST', '/api/payments/create-payment-intent', { body }),
      401,
      messages.signInRequired,
    );
    expectMessage(
      await f.call('POST', '/api/payments/create-payment-intent', { raw: '{' }),
      401,
      messages.signInRequired,
    );
    expectMessage(
      await f.call('POST', '/api/payments/create-payment-intent', {
        body,
        token: randomBytes(32).toString('base64url'),
      }),
      401,
      messages.signInRequired,
    );
  });

  it('reuses the open intent for the same cart and shopper, with a fresh secret replacing the old one', async () => {
    const who = await f.person();
    const items = [{ id: classic.id, quantity: 1 }];
    const first = await f.createIntent(who, items);
    const second = await f.createIntent(who, items);
    expect(second.payment_intent_id).toBe(first.payment_intent_id);
    expect(second.client_secret).not.toBe(first.client_secret);
    expect(await intentCount(who.id)).toBe(1);
    // Only the latest secret confirms it.
    expectMessage(await f.confirm(who, first.client_secret), 404, 'Payment not found.');
    expect((await f.confirm(who, second.client_secret)).statusCode).toBe(200);
  });

  it('makes a new intent for another cart, another address or another shopper', async () => {
    const who = await f.person();
    const base = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    const more = await f.createIntent(who, [{ id: classic.id, quantity: 2 }]);
    const elsewhere = await f.createIntent(who, [{ id: classic.id, quantity: 1 }], {
      shipping: { address1: '2 Side St' },
    });
    const someoneElse = await f.createIntent(await f.person(), [{ id: classic.id, quantity: 1 }]);
    const ids = [base, more, elsewhere, someoneElse].map((i) => i.payment_intent_id);
    expect(new Set(ids).size).toBe(4);
    // Back to the first cart: the first intent again.
    expect((await f.createIntent(who, [{ id: classic.id, quantity: 1 }])).payment_intent_id).toBe(
      base.payment_intent_id,
    );
  });

  it('gives concurrent requests for the same checkout one intent', async () => {
    const who = await f.person();
    const items = [{ id: granola.id, quantity: 2 }];
    const amount = (await f.expectedTotals(items, 'Vancouver')).totalCents;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        f.call('POST', '/api/payments/create-payment-intent', {
          token: who.token,
          body: intentBody(items, amount),
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(answers.map((res) => res.json<{ payment_intent_id: string }>().payment_intent_id));
    expect(ids.size).toBe(1);
    expect(await intentCount(who.id)).toBe(1);
  });

  it('starts a new intent for the same cart once an order was placed', async () => {
    const who = await f.person();
    const items = [{ id: granola.id, quantity: 1 }];
    const first = await f.createIntent(who, items);
    expect((await f.confirm(who, first.client_secret)).statusCode).toBe(200);
    const next = await f.createIntent(who, items);
    expect(next.payment_intent_id).not.toBe(first.payment_intent_id);
    expect((await f.intentRow(next.payment_intent_id))?.status).toBe('requires_payment_method');
    expect((await f.confirm(who, next.client_secret)).statusCode).toBe(200);
    expect(await orderCount(who.id)).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/payments/test/confirm: the built-in test processor', () => {
  it('takes 4242 4242 4242 4242 and finishes the order by itself, with one confirmation e-mail', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    const res = await f.confirm(who, intent.client_secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'order',
      order: { payment_intent_id: intent.payment_intent_id },
    });
    expect((await f.intentRow(intent.payment_intent_id))?.status).toBe('succeeded');
    // The browser never posts /api/orders: the order exists anyway, paid, from the intent.
    const [order] = await f.ordersOfIntent(intent.payment_intent_id);
    expect(order).toMatchObject({ userId: who.id, isPaid: true, status: 'Pending', totalCents: 4174 });
    expect(order!.paidAt).toBeInstanceOf(Date);
    expect(await f.confirmationEmails(order!.id)).toHaveLength(1);
    const [event] = await t.database.db
      .select()
      .from(processedEvents)
      .where(eq(processedEvents.id, `evt_test_${intent.payment_intent_id}`));
    expect(event).toMatchObject({ provider: 'test', type: 'payment_intent.succeeded' });
  });

  it('answers the order it placed, the very order POST /api/orders answers after it', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [
      { id: classic.id, quantity: 2 },
      { id: granola.id, quantity: 1 },
    ]);
    const res = await f.confirm(who, intent.client_secret);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { type: string; order: Order };
    expect(answer.type).toBe('order');
    expect(() => orderSchema.parse(answer.order)).not.toThrow();
    expect(answer.order).toMatchObject({ payment_intent_id: intent.payment_intent_id, is_paid: true });
    const later = await f.placeOrder(who, intent.payment_intent_id);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toEqual(answer.order);
  });

  it('is idempotent on a succeeded intent: still one order, one e-mail', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    for (let i = 0; i < 3; i++) {
      const res = await f.confirm(who, intent.client_secret);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        type: 'order',
        order: { payment_intent_id: intent.payment_intent_id },
      });
    }
    // Even with a declined card now: it is already paid.
    expect((await f.confirm(who, intent.client_secret, CARDS.declined)).statusCode).toBe(200);
    const rows = await f.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(await f.confirmationEmails(rows[0]!.id)).toHaveLength(1);
  });

  it.each<[string, string, Record<string, unknown>, number, string]>([
    ['the declined card', CARDS.declined, {}, 402, 'Your card was declined.'],
    ['the insufficient-funds card', CARDS.insufficientFunds, {}, 402, 'Your card has insufficient funds.'],
    ['another valid card number', '5555 5555 5555 4444', {}, 402, 'Your card was declined.'],
    [
      'an expired card',
      CARDS.success,
      { exp_year: new Date().getUTCFullYear() - 1 },
      402,
      'Your card has expired.',
    ],
    ['a bad Luhn checksum', '4242 4242 4242 4241', {}, 400, 'Your card number is invalid.'],
    ['a short number', '4242 4242', {}, 400, 'Your card number is incomplete.'],
    ['month 13', CARDS.success, { exp_month: 13 }, 400, "Your card's expiration month is invalid."],
    ['no CVC', CARDS.success, { cvc: '' }, 400, "Your card's security code is incomplete."],
  ])('refuses %s (%s) and takes nothing', async (_what, number, card, status, message) => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    const answer = await f.confirm(who, intent.client_secret, number, card);
    if (status === 402) expectRefusal(answer, 402, 'declined', message);
    else expectMessage(answer, status, message);
    const row = await f.intentRow(intent.payment_intent_id);
    expect(row?.status).toBe('requires_payment_method');
    if (status === 402) expect(row?.lastError).toBe(message);
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    expectMessage(await f.placeOrder(who, intent.payment_intent_id), 402, 'Payment has not been completed.');
  });

  it('accepts a card expiring this month and refuses one that expired last month', async () => {
    const now = new Date();
    const thisMonth = { exp_month: now.getUTCMonth() + 1, exp_year: now.getUTCFullYear() };
    const lastMonth =
      now.getUTCMonth() === 0
        ? { exp_month: 12, exp_year: now.getUTCFullYear() - 1 }
        : { exp_month: now.getUTCMonth(), exp_year: now.getUTCFullYear() };
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    expectRefusal(
      await f.confirm(who, intent.client_secret, CARDS.success, lastMonth),
      402,
      'declined',
      'Your card has expired.',
    );
    expect((await f.confirm(who, intent.client_secret, CARDS.success, thisMonth)).statusCode).toBe(200);
  });

  it('lets a declined payment be retried with a good card', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: granola.id, quantity: 4 }]);
    expectRefusal(
      await f.confirm(who, intent.client_secret, CARDS.declined),
      402,
      'declined',
      'Your card was declined.',
    );
    expectRefusal(
      await f.confirm(who, intent.client_secret, CARDS.insufficientFunds),
      402,
      'declined',
      'Your card has insufficient funds.',
    );
    const ok = await f.confirm(who, intent.client_secret, '4242-4242-4242-4242');
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await f.intentRow(intent.payment_intent_id);
    expect(row).toMatchObject({ status: 'succeeded', lastError: null });
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
  });

  it('answers 404 to a wrong, forged or swapped client secret and changes nothing', async () => {
    const who = await f.person();
    const other = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    const theirs = await f.createIntent(other, [{ id: granola.id, quantity: 1 }]);
    const secret = intent.client_secret;
    for (const forged of [
      `${intent.payment_intent_id}_secret_${'0'.repeat(32)}`,
      `${secret}x`,
      secret.slice(0, -1),
      intent.payment_intent_id,
      `pi_test_nothing_secret_${'a'.repeat(32)}`,
      'x',
    ]) {
      expectMessage(await f.confirm(who, forged), 404, 'Payment not found.');
    }
    // Another shopper's secret (they could not know it, but if they did): not theirs to pay.
    expectMessage(await f.confirm(who, theirs.client_secret), 404, 'Payment not found.');
    expectMessage(await f.confirm(other, secret), 404, 'Payment not found.');
    expect((await f.intentRow(intent.payment_intent_id))?.status).toBe('requires_payment_method');
    expect((await f.intentRow(theirs.payment_intent_id))?.status).toBe('requires_payment_method');
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    expect(await f.ordersOfIntent(theirs.payment_intent_id)).toEqual([]);
    // The owners still can.
    expect((await f.confirm(who, secret)).statusCode).toBe(200);
    expect((await f.confirm(other, theirs.client_secret)).statusCode).toBe(200);
  });

  it('refuses to confirm a payment refunded by a cancellation: 409', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    expect((await f.confirm(who, intent.client_secret)).statusCode).toBe(200);
    const [order] = await f.ordersOfIntent(intent.payment_intent_id);
    const cancel = await f.call('POST', `/api/orders/${order!.id}/cancel`, { token: who.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await f.intentRow(intent.payment_intent_id))?.status).toBe('refunded');
    expectRefusal(
      await f.confirm(who, intent.client_secret),
      409,
      'retry',
      'This payment can no longer be confirmed.',
    );
    expect((await f.intentRow(intent.payment_intent_id))?.status).toBe('refunded');
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
    // The browser asking again gets the (cancelled) order, not a payment error.
    const again = await f.call('POST', '/api/orders', {
      token: who.token,
      body: { payment_intent_id: intent.payment_intent_id },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: order!.id, status: 'Canceled' });
  });

  it('answers 401 anonymously and 400 for a missing card or secret', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    expectMessage(
      await f.call('POST', '/api/payments/test/confirm', {
        body: { client_secret: intent.client_secret, card: { number: CARDS.success } },
      }),
      401,
      messages.signInRequired,
    );
    expectMessage(
      await f.call('POST', '/api/payments/test/confirm', {
        token: who.token,
        body: { client_secret: intent.client_secret },
      }),
      400,
      'card is required.',
    );
    expectMessage(
      await f.call('POST', '/api/payments/test/confirm', {
        token: who.token,
        body: { card: { number: CARDS.success, exp_month: 1, exp_year: 2099, cvc: '123' } },
      }),
      400,
      'client_secret is required.',
    );
    expect((await f.intentRow(intent.payment_intent_id))?.status).toBe('requires_payment_method');
  });

  it('limits card attempts per client to 20 in 15 minutes (429 after)', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await f.call('POST', '/api/payments/test/confirm', {
        token: who.token,
        ip,
        body: {
          client_secret: intent.client_secret,
          card: { number: CARDS.declined, exp_month: 12, exp_year: 2099, cvc: '123' },
        },
      });
      expect(res.statusCode).toBe(402);
    }
    const blocked = await f.call('POST', '/api/payments/test/confirm', {
      token: who.token,
      ip,
      body: {
        client_secret: intent.client_secret,
        card: { number: CARDS.success, exp_month: 12, exp_year: 2099, cvc: '123' },
      },
    });
    expectMessage(blocked, 429, messages.tooManyRequests);
    expect((await f.intentRow(intent.payment_intent_id))?.status).toBe('requires_payment_method');
  });

  it('has no webhook without Stripe: 404', async () => {
    const res = await f.call('POST', '/api/payments/webhook', {
      raw: '{"id":"evt_1"}',
      headers: { 'stripe-signature': 't=1,v1=abc' },
    });
    expectMessage(res, 404, 'Webhooks are not configured.');
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/orders: one order per paid intent, priced by the server', () => {
  it('answers 402 before the payment and creates nothing', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    const res = await f.placeOrder(who, intent.payment_intent_id, { is_paid: true, total: 41.74 });
    expectMessage(res, 402, 'Payment has not been completed.');
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    expect(await orderCount(who.id)).toBe(0);
  });

  it("builds the order from the intent, ignoring the client's paid flag, prices and totals", async () => {
    const who = await f.person();
    const items = [
      { id: classic.id, quantity: 2 },
      { id: granola.id, quantity: 1 },
    ];
    const intent = await f.createIntent(who, items, {
      shipping: { city: 'Burnaby', address2: 'Unit 5', postalCode: 'v5h-2e2', email: 'Ada.Ship@Example.CA' },
    });
    await markSucceeded(intent.payment_intent_id);
    const res = await f.placeOrder(who, intent.payment_intent_id, {
      user_id: 1,
      is_paid: false,
      subtotal: 0.01,
      shippingCost: 0,
      total: 0.02,
      status: 'Delivered',
      items: [
        { id: classic.id, quantity: 2, price: 0.01, totalPrice: 1 },
        { id: granola.id, quantity: 1, price: 0.01, totalPrice: 1 },
      ],
      shippingInfo: shippingInfo({ city: 'Vancouver', firstName: 'Mallory' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(() => orderSchema.parse(order)).not.toThrow();
    expect(Object.keys(order).sort()).toEqual(Object.keys(orderSchema.shape).sort());
    // 2 x 34.99 + 11.95 = 81.93; Burnaby 8.00; tax 4.10; total 94.03 (dollars, the API's shape)
    expect(order).toMatchObject({
      user_id: who.id,
      status: 'Pending',
      subtotal: 81.93,
      shipping_cost: 8,
      tax_amount: 4.1,
      total: 94.03,
      is_paid: true,
      payment_intent_id: intent.payment_intent_id,
      first_name: 'Ada',
      last_name: 'Maple',
      email: 'ada.ship@example.ca',
      phone_number: '+16045550123',
      shipping_address: '1 Main St',
      shipping_address2: 'Unit 5',
      shipping_city: 'Burnaby',
      shipping_state: 'British Columbia',
      shipping_country: 'Canada',
      shipping_postal_code: 'V5H 2E2',
    });
    // Item prices in cents, with the names at the time of purchase.
    expect(
      order.items.map(({ product_id, product_name, quantity, price }) => ({
        product_id,
        product_name,
        quantity,
        price,
      })),
    ).toEqual([
      { product_id: classic.id, product_name: CLASSIC, quantity: 2, price: 3499 },
      { product_id: granola.id, product_name: GRANOLA, quantity: 1, price: 1195 },
    ]);
    const [row] = await f.ordersOfIntent(intent.payment_intent_id);
    expect(row).toMatchObject({ subtotalCents: 8193, shippingCents: 800, taxCents: 410, totalCents: 9403 });
  });

  it('answers the same order (200) when posted again, and the e-mail goes once', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    await markSucceeded(intent.payment_intent_id);
    const first = await f.placeOrder(who, intent.payment_intent_id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await f.placeOrder(who, intent.payment_intent_id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // A confirmation after the fact changes nothing either.
    const byConfirm = await f.placeOrder(who, intent.payment_intent_id);
    expect(byConfirm.json<Order>().id).toBe(first.json<Order>().id);
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
    const emails = await f.confirmationEmails(first.json<Order>().id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: 'ada.checkout@example.ca', status: 'stored' });
    expect(emails[0]!.text).toContain('Total: $41.74 CAD');
    expect(emails[0]!.text).toContain(`1 x ${CLASSIC}  $34.99`);
  });

  it('answers the order the confirmation already created: 200', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: classic.id, quantity: 1 }]);
    expect((await f.confirm(who, intent.client_secret)).statusCode).toBe(200);
    const [created] = await f.ordersOfIntent(intent.payment_intent_id);
    const res = await f.placeOrder(who, intent.payment_intent_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().id).toBe(created!.id);
  });

  it('creates exactly one order for 20 concurrent posts of one paid intent', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [
      { id: classic.id, quantity: 1 },
      { id: granola.id, quantity: 2 },
    ]);
    await markSucceeded(intent.payment_intent_id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => f.placeOrder(who, intent.payment_intent_id)),
    );
    const statuses = answers.map((res) => res.statusCode).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array<number>(19).fill(200), 201]);
    const ids = new Set(answers.map((res) => res.json<Order>().id));
    expect(ids.size).toBe(1);
    const rows = await f.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, rows[0]!.id));
    expect(items).toHaveLength(2);
    expect(await f.confirmationEmails(rows[0]!.id)).toHaveLength(1);
  });

  it('creates one order when the confirmation races ten posts from the browser', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: granola.id, quantity: 3 }]);
    const answers = await Promise.all([
      f.confirm(who, intent.client_secret),
      ...Array.from({ length: 10 }, () => f.placeOrder(who, intent.payment_intent_id)),
    ]);
    expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
    for (const res of answers.slice(1)) expect([200, 201, 402], res.body).toContain(res.statusCode);
    const rows = await f.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(await f.confirmationEmails(rows[0]!.id)).toHaveLength(1);
    const settled = await f.placeOrder(who, intent.payment_intent_id);
    expect(settled.statusCode).toBe(200);
    expect(settled.json<Order>().id).toBe(rows[0]!.id);
  });

  it("answers 404 for another customer's intent (even for an admin) and for an unknown one", async () => {
    const owner = await f.person();
    const other = await f.person();
    const admin = await f.person({ isAdmin: true });
    const intent = await f.createIntent(owner, [{ id: classic.id, quantity: 1 }]);
    await markSucceeded(intent.payment_intent_id);
    expectMessage(await f.placeOrder(other, intent.payment_intent_id), 404, 'Payment not found.');
    expectMessage(await f.placeOrder(admin, intent.payment_intent_id), 404, 'Payment not found.');
    expect(await f.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    expectMessage(await f.placeOrder(owner, 'pi_test_nope'), 404, 'Payment not found.');
    expectMessage(await f.placeOrder(owner, ' '), 400, 'payment_intent_id is required.');
    expectMessage(
      await f.call('POST', '/api/orders', { token: owner.token, body: {} }),
      400,
      'payment_intent_id is required.',
    );
    expectMessage(
      await f.call('POST', '/api/orders', {
        token: owner.token,
        body: { payment_intent_id: 'x'.repeat(256) },
      }),
      400,
      'payment_intent_id is not valid.',
    );
    expectMessage(
      await f.call('POST', '/api/orders', { body: { payment_intent_id: intent.payment_intent_id } }),
      401,
      messages.signInRequired,
    );
    // The owner still gets it.
    expect((await f.placeOrder(owner, intent.payment_intent_id)).statusCode).toBe(201);
  });

  it('keeps item names and prices after the catalogue changes', async () => {
    const who = await f.person();
    const order = await f.buy(who, [{ id: granola.id, quantity: 2 }]);
    const [before] = await t.database.db
      .select({ name: products.name, price: products.priceCents })
      .from(products)
      .where(eq(products.id, granola.id));
    try {
      await t.database.db
        .update(products)
        .set({ priceCents: 9999, name: 'Renamed Granola' })
        .where(eq(products.id, granola.id));
      const res = await f.call('GET', `/api/orders/${order.id}`, { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Order>().items).toEqual([
        expect.objectContaining({ product_id: granola.id, product_name: GRANOLA, quantity: 2, price: 1195 }),
      ]);
      expect(res.json<Order>().subtotal).toBe(23.9);
    } finally {
      await t.database.db
        .update(products)
        .set({ priceCents: before!.price, name: before!.name })
        .where(eq(products.id, granola.id));
    }
  });

  /** A throwaway copy of the granola, so the seeded catalogue stays whole. */
  async function temporaryProduct(name: string) {
    const [source] = await t.database.db.select().from(products).where(eq(products.id, granola.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
    const [temp] = await t.database.db
      .insert(products)
      .values({ ...copy, slug: `temp-${randomBytes(3).toString('hex')}`, name, sku: null })
      .returning();
    return temp!;
  }

  it('keeps the order when its product is deleted later (product_id becomes null)', async () => {
    const who = await f.person();
    const admin = await f.person({ isAdmin: true });
    const temp = await temporaryProduct('Temporary Granola');
    const order = await f.buy(who, [{ id: temp.id, quantity: 1 }]);
    await t.database.db.delete(products).where(eq(products.id, temp.id));
    const res = await f.call('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().items).toEqual([
      expect.objectContaining({
        product_id: null,
        product_name: 'Temporary Granola',
        price: temp.priceCents,
      }),
    ]);
  });

  it('still creates the paid order when a product was deleted between pricing and payment', async () => {
    const who = await f.person();
    const temp = await temporaryProduct('Discontinued Granola');
    const intent = await f.createIntent(who, [
      { id: temp.id, quantity: 2 },
      { id: classic.id, quantity: 1 },
    ]);
    await t.database.db.delete(products).where(eq(products.id, temp.id));
    const res = await f.confirm(who, intent.client_secret);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await f.ordersOfIntent(intent.payment_intent_id);
    expect(row).toMatchObject({ isPaid: true, totalCents: intent.amount });
    const order = (await f.placeOrder(who, intent.payment_intent_id)).json<Order>();
    expect(
      order.items.map(({ product_id, product_name, quantity, price }) => [
        product_id,
        product_name,
        quantity,
        price,
      ]),
    ).toEqual([
      [null, 'Discontinued Granola', 2, temp.priceCents],
      [classic.id, CLASSIC, 1, 3499],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe, fully offline: a real SDK client for the signatures, its PaymentIntents calls answered here.

const WEBHOOK_SECRET = 'whsec_test_secret';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
}

/** Stripe's PaymentIntents and Refunds as far as the shop uses them, idempotency keys included. */
function fakeStripe() {
  const stripe = new Stripe('sk_test_x');
  const intents = new Map<string, FakeIntent>();
  const keys = new Map<string, string>();
  const refunds: {
    payment_intent: string;
    amount: number | undefined;
    idempotencyKey: string | undefined;
  }[] = [];
  /** Refunds Stripe answers with an error before it takes one (a network fault, a 500). */
  let refundFailures = 0;
  /** Refunds Stripe has taken, by idempotency key: a repeat of a key refunds nothing more. */
  const refundedByKey = new Map<string, number>();
  const cancels: string[] = [];
  let seq = 0;
  const as = <T>(value: unknown) => Promise.resolve(value as T);

  const create = vi.spyOn(stripe.paymentIntents, 'create').mockImplementation(((
    params: Stripe.PaymentIntentCreateParams,
    options?: Stripe.RequestOptions,
  ) => {
    const key = options?.idempotencyKey;
    const known = key ? keys.get(key) : undefined;
    if (known) return as(intents.get(known));
    const id = `pi_fake_${++seq}_${randomBytes(4).toString('hex')}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: params.amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: (params.metadata ?? {}) as Record<string, string>,
    };
    intents.set(id, intent);
    if (key) keys.set(key, id);
    return as(intent);
  }) as never);
  vi.spyOn(stripe.paymentIntents, 'retrieve').mockImplementation(((id: string) => {
    const intent = intents.get(id);
    if (!intent) return Promise.reject(new Error(`No such payment_intent: '${id}'`));
    return as(intent);
  }) as never);
  vi.spyOn(stripe.paymentIntents, 'cancel').mockImplementation(((id: string) => {
    cancels.push(id);
    const intent = intents.get(id)!;
    intent.status = 'canceled';
    return as(intent);
  }) as never);
  vi.spyOn(stripe.refunds, 'create').mockImplementation(((
    params: Stripe.RefundCreateParams,
    options?: Stripe.RequestOptions,
  ) => {
    refunds.push({
      payment_intent: String(params.payment_intent),
      amount: params.amount,
      idempotencyKey: options?.idempotencyKey,
    });
    if (refundFailures > 0) {
      refundFailures--;
      return Promise.reject(new Error('Stripe is unavailable (fake)'));
    }
    if (options?.idempotencyKey) refundedByKey.set(options.idempotencyKey, params.amount ?? 0);
    return as({ id: `re_${refunds.length}`, object: 'refund' });
  }) as never);

  return {
    stripe,
    create,
    intents,
    refunds,
    cancels,
    /** The customer paid: Stripe's side of a succeeded intent. */
    pay(id: string, amountReceived?: number) {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.amount_received = amountReceived ?? intent.amount;
      return intent;
    },
    /** Stripe prunes idempotency keys after 24 hours; the same key then makes a new intent. */
    forgetKeys: () => keys.clear(),
    failNextRefunds: (n: number) => {
      refundFailures = n;
    },
    refundedByKey,
  };
}

describe('with Stripe (offline)', () => {
  let s: TestApp;
  const g = checkoutFixtures(() => s);
  let fake: ReturnType<typeof fakeStripe>;

  beforeAll(async () => {
    fake = fakeStripe();
    s = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      app: { stripeClient: fake.stripe },
    });
  });
  afterAll(() => s?.close());

  const event = (type: string, object: object, id = `evt_${randomBytes(8).toString('hex')}`) => ({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

  const deliver = (payload: string, signature?: string, contentType = 'application/json; charset=utf-8') =>
    g.call('POST', '/api/payments/webhook', {
      raw: payload,
      headers: {
        'content-type': contentType,
        ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
      },
    });
  const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
    fake.stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp !== undefined ? { timestamp } : {}),
    });

  const processed = (id: string) =>
    s.database.db.select().from(processedEvents).where(eq(processedEvents.id, id));
  const stripeIntent = (who: Person, items: { id: number; quantity: number }[]) => g.createIntent(who, items);

  it('creates the PaymentIntent with the server amount, CAD, an idempotency key and the shopper', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const cookie = shelf.find((p) => p.name === CLASSIC)!;
    fake.create.mockClear();
    const intent = await stripeIntent(who, [{ id: cookie.id, quantity: 1 }]);
    expect(intent).toMatchObject({ provider: 'stripe', amount: 4174 });
    expect(fake.create).toHaveBeenCalledTimes(1);
    const [params, options] = fake.create.mock.calls[0]!;
    expect(params).toMatchObject({
      amount: 4174,
      currency: 'cad',
      automatic_payment_methods: { enabled: true },
      metadata: { user_id: String(who.id), email: who.email },
    });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(intent.client_secret).toBe(fake.intents.get(intent.payment_intent_id)!.client_secret);
    expect(await g.intentRow(intent.payment_intent_id)).toMatchObject({
      provider: 'stripe',
      amountCents: 4174,
      userId: who.id,
      idempotencyKey: options?.idempotencyKey,
    });
    // The same checkout again: Stripe answers the key with the same intent and the same secret.
    const again = await stripeIntent(who, [{ id: cookie.id, quantity: 1 }]);
    expect(again.payment_intent_id).toBe(intent.payment_intent_id);
    expect(again.client_secret).toBe(intent.client_secret);
    expect(fake.create.mock.calls[1]![1]?.idempotencyKey).toBe(options?.idempotencyKey);
  });

  it('has no test-card confirmation with Stripe configured', async () => {
    const who = await g.person();
    const res = await g.call('POST', '/api/payments/test/confirm', {
      token: who.token,
      body: {
        client_secret: 'pi_x_secret_y',
        card: { number: CARDS.success, exp_month: 1, exp_year: 2099, cvc: '1' },
      },
    });
    expect(res.statusCode).toBe(404);
  });

  it('applies a payment_intent.succeeded webhook delivered three times exactly once', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[0]!.id, quantity: 2 }]);
    const paid = fake.pay(intent.payment_intent_id);
    const payload = JSON.stringify(event('payment_intent.succeeded', paid));
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(payload, sign(payload)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((res) => res.json())).toEqual([
      { received: true, duplicate: false },
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    const rows = await g.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: who.id,
      isPaid: true,
      totalCents: intent.amount,
      status: 'Pending',
    });
    expect(await processed(eventId)).toHaveLength(1);
    expect(await g.confirmationEmails(rows[0]!.id)).toHaveLength(1);
    // Delivered concurrently, and as a second event for the same intent: still one order.
    const second = JSON.stringify(event('payment_intent.succeeded', paid));
    const burst = await Promise.all(Array.from({ length: 5 }, () => deliver(second, sign(second))));
    for (const res of burst) expect(res.statusCode, res.body).toBe(200);
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
    // The browser's POST /api/orders after the webhook finds the same order.
    const browser = await g.placeOrder(who, intent.payment_intent_id);
    expect(browser.statusCode, browser.body).toBe(200);
    expect(browser.json<Order>().id).toBe(rows[0]!.id);
  });

  it('records a succeeded webhook for a payment that is not the shop’s, once, and makes no order', async () => {
    const foreign = `pi_${randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify(
      event('payment_intent.succeeded', { id: foreign, object: 'payment_intent', amount_received: 1000 }),
    );
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const first = await deliver(payload, sign(payload));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(payload, sign(payload));
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await processed(eventId)).toHaveLength(1);
    expect(await g.ordersOfIntent(foreign)).toHaveLength(0);
  });

  it('refuses a tampered, badly signed, stale or unsigned webhook with 400 and changes nothing', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[1]!.id, quantity: 1 }]);
    const paid = fake.pay(intent.payment_intent_id);
    const original = event('payment_intent.succeeded', paid);
    const payload = JSON.stringify(original);
    const signature = sign(payload);
    const tampered = JSON.stringify({ ...original, data: { object: { ...paid, amount_received: 1 } } });
    const cases: [string, string | undefined, string][] = [
      [tampered, signature, 'Invalid Stripe signature.'],
      [payload.replace('"livemode":false', '"livemode":true'), signature, 'Invalid Stripe signature.'],
      [payload, sign(payload, 'whsec_someone_else'), 'Invalid Stripe signature.'],
      [
        payload,
        sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
        'Invalid Stripe signature.',
      ],
      [payload, 't=1,v1=deadbeef', 'Invalid Stripe signature.'],
      [payload, '', 'Invalid Stripe signature.'],
      [payload, undefined, 'Missing Stripe signature.'],
    ];
    for (const [body, sig, message] of cases) {
      expectMessage(await deliver(body, sig), 400, message);
    }
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    expect(await processed(original.id)).toEqual([]);
    // The genuine delivery still works afterwards.
    expect((await deliver(payload, signature)).statusCode).toBe(200);
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
  });

  it('creates no paid order when amount_received differs, and leaves the event for a retry', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[2]!.id, quantity: 1 }]);
    const short = fake.pay(intent.payment_intent_id, intent.amount - 1);
    const payload = JSON.stringify(event('payment_intent.succeeded', short));
    const eventId = (JSON.parse(payload) as { id: string }).id;
    for (let i = 0; i < 2; i++) {
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(await processed(eventId)).toEqual([]);
    }
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    // The browser cannot get an order for it either.
    expect((await g.placeOrder(who, intent.payment_intent_id)).statusCode).toBe(402);
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
  });

  it('answers 402 to the browser until Stripe reports the payment, then creates the order', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[3]!.id, quantity: 3 }]);
    expectMessage(
      await g.placeOrder(who, intent.payment_intent_id, { is_paid: true }),
      402,
      'Payment has not been completed.',
    );
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
    fake.pay(intent.payment_intent_id);
    const res = await g.placeOrder(who, intent.payment_intent_id);
    expect(res.statusCode, res.body).toBe(201);
    // The webhook arriving afterwards finds it.
    const payload = JSON.stringify(
      event('payment_intent.succeeded', fake.intents.get(intent.payment_intent_id)!),
    );
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
  });

  // Decision 0013: a payment Stripe took whose webhook never came (and whose browser went away)
  // stayed without an order; the sweep now asks Stripe about every unfinished intent.
  it('sweeps: asks Stripe about an intent it never heard about and makes its order once', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[2]!.id, quantity: 2 }]);
    fake.pay(intent.payment_intent_id);
    const retrieve = vi.mocked(fake.stripe.paymentIntents.retrieve);
    const asked = () => retrieve.mock.calls.filter(([id]) => id === intent.payment_intent_id).length;
    const before = asked();

    const result = await s.app.reconciler.run();
    expect(result.created).toBeGreaterThanOrEqual(1);
    expect(asked()).toBe(before + 1);
    const [order] = await g.ordersOfIntent(intent.payment_intent_id);
    expect(order).toMatchObject({ isPaid: true, totalCents: intent.amount, userId: who.id });
    expect(await g.confirmationEmails(order!.id)).toHaveLength(1);

    // The webhook arriving late, and the next sweeps, find that order.
    const payload = JSON.stringify(
      event('payment_intent.succeeded', fake.intents.get(intent.payment_intent_id)!),
    );
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    await s.app.reconciler.run();
    expect(asked()).toBe(before + 1);
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
    expect(await g.confirmationEmails(order!.id)).toHaveLength(1);
  });

  it('sweeps: stops asking about an intent Stripe canceled, and leaves an unpaid one for later', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const canceled = await stripeIntent(who, [{ id: shelf[0]!.id, quantity: 4 }]);
    const unpaid = await stripeIntent(who, [{ id: shelf[1]!.id, quantity: 4 }]);
    fake.intents.get(canceled.payment_intent_id)!.status = 'canceled';
    await s.app.reconciler.run();
    expect((await g.intentRow(canceled.payment_intent_id))!.status).toBe('canceled');
    expect((await g.intentRow(unpaid.payment_intent_id))!).toMatchObject({
      status: 'requires_payment_method',
      reconciledAt: expect.any(Date),
    });
    expect(await g.ordersOfIntent(canceled.payment_intent_id)).toEqual([]);
    expect(await g.ordersOfIntent(unpaid.payment_intent_id)).toEqual([]);
  });

  it('answers the order of a paid intent whose cart is paid for again, instead of a second charge', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const items = [{ id: shelf[5]!.id, quantity: 1 }];
    const intent = await stripeIntent(who, items);
    fake.pay(intent.payment_intent_id);
    const created = fake.create.mock.calls.length;
    const intentsAtStripe = fake.intents.size;
    const res = await g.call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: { amount: intent.amount, shippingInfo: shippingInfo(), items },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { payment_intent_id: string; order?: Order };
    expect(body.payment_intent_id).toBe(intent.payment_intent_id);
    expect(body.order).toMatchObject({ payment_intent_id: intent.payment_intent_id, is_paid: true });
    // Stripe was asked with the same idempotency key (so the same intent), never for a new one.
    expect(fake.create.mock.calls.length).toBe(created + 1);
    expect(fake.intents.size).toBe(intentsAtStripe);
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
  });

  it('records other events once and ignores intents it does not know', async () => {
    const unknown = JSON.stringify(
      event('payment_intent.succeeded', {
        id: 'pi_not_ours',
        object: 'payment_intent',
        amount: 100,
        amount_received: 100,
        status: 'succeeded',
      }),
    );
    const res = await deliver(unknown, sign(unknown));
    expect(res.statusCode, res.body).toBe(200);
    expect(await g.ordersOfIntent('pi_not_ours')).toEqual([]);

    const charge = JSON.stringify(event('charge.succeeded', { id: 'ch_1', object: 'charge' }));
    expect((await deliver(charge, sign(charge))).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(charge, sign(charge))).json()).toEqual({ received: true, duplicate: true });
  });

  it('refunds a cancelled Stripe order once, with the idempotency key of the order', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[4]!.id, quantity: 1 }]);
    fake.pay(intent.payment_intent_id);
    const order = (await g.placeOrder(who, intent.payment_intent_id)).json<Order>();
    const res = await g.call('POST', `/api/orders/${order.id}/cancel`, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().status).toBe('Canceled');
    expect(fake.refunds.filter((r) => r.payment_intent === intent.payment_intent_id)).toEqual([
      {
        payment_intent: intent.payment_intent_id,
        amount: Math.round(order.total * 100),
        idempotencyKey: `refund-order-${order.id}`,
      },
    ]);
    expect((await g.call('POST', `/api/orders/${order.id}/cancel`, { token: who.token })).statusCode).toBe(
      409,
    );
    expect(fake.refunds.filter((r) => r.payment_intent === intent.payment_intent_id)).toHaveLength(1);
  });

  it('keeps the intent it pays when Stripe has forgotten the idempotency key (after 24 hours)', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const items = [{ id: shelf[5]!.id, quantity: 1 }];
    const yesterday = await stripeIntent(who, items);
    fake.forgetKeys();
    const today = await stripeIntent(who, items);
    // Whatever intent the browser gets a secret for must be the one the shop tracks.
    const paidId = today.client_secret.split('_secret_')[0]!;
    expect(today.payment_intent_id).toBe(paidId);
    expect(await g.intentRow(paidId)).toMatchObject({ provider: 'stripe', amountCents: today.amount });
    const paid = fake.pay(paidId);
    const payload = JSON.stringify(event('payment_intent.succeeded', paid));
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(await g.ordersOfIntent(paidId)).toHaveLength(1);
    expect(yesterday.payment_intent_id).not.toBe(paidId);
  });

  it('keeps a paid intent paid when an older payment_failed event arrives late', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[7]!.id, quantity: 1 }]);
    const failedAttempt = {
      ...fake.intents.get(intent.payment_intent_id)!,
      status: 'requires_payment_method',
    };
    const paid = fake.pay(intent.payment_intent_id);
    const succeeded = JSON.stringify(event('payment_intent.succeeded', paid));
    expect((await deliver(succeeded, sign(succeeded))).statusCode).toBe(200);
    // Stripe does not promise order: the first attempt's failure comes after the success.
    const failed = JSON.stringify(event('payment_intent.payment_failed', failedAttempt));
    expect((await deliver(failed, sign(failed))).statusCode).toBe(200);
    expect((await g.intentRow(intent.payment_intent_id))?.status).toBe('succeeded');
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toHaveLength(1);
  });

  it('keeps an expired (cancelled) intent cancelled when a late payment_failed event arrives', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[5]!.id, quantity: 1 }]);
    // The shop cancelled it when it expired (decision 0022); the last attempt's failure comes after.
    await s.database.db
      .update(paymentIntents)
      .set({ status: 'canceled' })
      .where(eq(paymentIntents.id, intent.payment_intent_id));
    const failed = JSON.stringify(
      event('payment_intent.payment_failed', {
        ...fake.intents.get(intent.payment_intent_id)!,
        status: 'requires_payment_method',
      }),
    );
    expect((await deliver(failed, sign(failed))).statusCode).toBe(200);
    // A cancelled intent moves nowhere (INTENT_TRANSITIONS, decision 0046).
    expect((await g.intentRow(intent.payment_intent_id))?.status).toBe('canceled');
  });

  it('marks a failed payment back to requires_payment_method', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[6]!.id, quantity: 1 }]);
    // The card was being processed (e.g. a bank redirect) when it failed.
    await s.database.db
      .update(paymentIntents)
      .set({ status: 'processing' })
      .where(eq(paymentIntents.id, intent.payment_intent_id));
    const failed = JSON.stringify(
      event('payment_intent.payment_failed', {
        ...fake.intents.get(intent.payment_intent_id)!,
        status: 'requires_payment_method',
      }),
    );
    expect((await deliver(failed, sign(failed))).statusCode).toBe(200);
    expect((await g.intentRow(intent.payment_intent_id))?.status).toBe('requires_payment_method');
    expect(await g.ordersOfIntent(intent.payment_intent_id)).toEqual([]);
  });

  it('refunds through Stripe with the amount and one idempotency key per refund; a failure is sent again by the job', async () => {
    const who = await g.person();
    const admin = await g.person({ isAdmin: true });
    const shelf = await g.catalogue();
    const intent = await stripeIntent(who, [{ id: shelf[2]!.id, quantity: 2 }]);
    fake.pay(intent.payment_intent_id);
    const placed = await g.placeOrder(who, intent.payment_intent_id);
    const order = placed.json<Order>();
    fake.refunds.length = 0;
    fake.failNextRefunds(1);
    const refund = (amount: number, reason: string) =>
      g.call('POST', `/api/orders/${order.id}/refunds`, { token: admin.token, body: { amount, reason } });
    // Stripe fails: the refund is recorded, pending, and the order is still paid in full.
    const first = await refund(5, 'One bag arrived open');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Order>()).toMatchObject({ is_paid: true, status: 'Pending', refunded: 0 });
    expect(first.json<Order>().refunds).toMatchObject([{ amount: 5, status: 'pending' }]);
    const key = `refund-order-${order.id}-1`;
    expect(fake.refunds).toEqual([
      { payment_intent: intent.payment_intent_id, amount: 500, idempotencyKey: key },
    ]);
    // The job sends it again with the same key: Stripe refunds it once.
    const job = (await s.database.db.select().from(jobs).where(eq(jobs.dedupeKey, key)))[0]!;
    await s.database.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, job.id));
    await s.app.jobs.runDue();
    expect(fake.refunds.map((r) => r.idempotencyKey)).toEqual([key, key]);
    expect(fake.refundedByKey.get(key)).toBe(500);
    const after = await g.call('GET', `/api/orders/${order.id}`, { token: admin.token });
    expect(after.json<Order>()).toMatchObject({ refunded: 5, is_paid: true });
    expect(after.json<Order>().refunds).toMatchObject([{ amount: 5, status: 'succeeded' }]);
    // The rest: a new refund, a new key; the order is Refunded and no longer paid.
    const rest = await refund(Number((order.total - 5).toFixed(2)), 'Customer asked for the rest back');
    expect(rest.json<Order>()).toMatchObject({ status: 'Refunded', is_paid: false, refunded: order.total });
    expect(fake.refunds.at(-1)).toEqual({
      payment_intent: intent.payment_intent_id,
      amount: Math.round(order.total * 100) - 500,
      idempotencyKey: `refund-order-${order.id}-2`,
    });
  });

  it('cancels an expired checkout with Stripe and gives its units back; one paid at the last moment becomes its order', async () => {
    const who = await g.person();
    const shelf = await g.catalogue();
    const [product] = await s.database.db
      .update(products)
      .set({ stock: 6 })
      .where(eq(products.id, shelf[3]!.id))
      .returning();
    const expired = await stripeIntent(who, [{ id: product!.id, quantity: 2 }]);
    const other = await g.person();
    const lastMoment = await stripeIntent(other, [{ id: product!.id, quantity: 1 }]);
    // Both held: 3 of 6 units, the share unpaid checkouts may hold together (decision 0038).
    expect((await s.database.db.select().from(products).where(eq(products.id, product!.id)))[0]!.stock).toBe(
      3,
    );
    await s.database.db
      .update(paymentIntents)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(inArray(paymentIntents.id, [expired.payment_intent_id, lastMoment.payment_intent_id]));
    fake.pay(lastMoment.payment_intent_id);
    fake.cancels.length = 0;
    // Stripe refuses to cancel the paid one; the fake cancels whatever it is asked, so say so here.
    const cancel = vi.mocked(fake.stripe.paymentIntents.cancel);
    const original = cancel.getMockImplementation()!;
    cancel.mockImplementation(((id: string, ...rest: unknown[]) => {
      if (fake.intents.get(id)?.status === 'succeeded') {
        return Promise.reject(
          new Error('This PaymentIntent could not be canceled because it has a status of succeeded.'),
        );
      }
      return (original as (...args: unknown[]) => unknown)(id, ...rest);
    }) as never);
    const pass = await s.app.reconciler.run();
    cancel.mockImplementation(original);
    expect(pass.expired).toBe(1);
    expect(fake.cancels).toContain(expired.payment_intent_id);
    expect((await g.intentRow(expired.payment_intent_id))?.status).toBe('canceled');
    expect(await g.ordersOfIntent(lastMoment.payment_intent_id)).toHaveLength(1);
    // 2 units back, 1 taken by the order paid at the last moment.
    expect((await s.database.db.select().from(products).where(eq(products.id, product!.id)))[0]!.stock).toBe(
      5,
    );
    await s.database.db.update(products).set({ stock: null }).where(eq(products.id, product!.id));
  });
});
