/**
 * Concurrency: many requests for one thing at once lose nothing and make nothing twice.
 * Through the real app on both databases (PGlite by default, a fresh PostgreSQL database with
 * DATABASE_URL): one paid payment intent posted 50 times at once is one order; 20 recipe lines posted
 * at once all land; confirmations, webhooks and the browser racing each other make one order; a
 * product deleted while its order is written leaves the order whole; and a cancellation racing an
 * admin's status change either cancels and refunds or does neither.
 *
 * Two shops: one on the built-in test processor (cards confirmed through the API) and one on Stripe,
 * offline (a Stripe client whose calls are answered here), where a payment can succeed at the provider
 * without the shop having heard of it yet, and where a refund can be held half-way.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { asc, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderSchema, type Order } from '../../../domain/orders.js';
import { recipeIngredientSchema, type Ingredient, type Recipe } from '../../../domain/recipes.js';
import { orderItems, orders, processedEvents, products, recipeIngredients } from '../../db/schema.js';
import { checkoutFixtures, expectMessage, type CatalogueProduct } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const WEBHOOK_SECRET = 'whsec_concurrency_test';

/** Every answer is a clean one: a 2xx, or a 4xx with { message }; never a 5xx. */
function expectClean(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400) expectMessage(res, res.statusCode);
}

/** A promise opened from outside: holds a fake provider call half-way. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * Stripe's PaymentIntents and Refunds, offline, as far as the shop uses them. `pay` is the customer
 * paying at Stripe (the shop hears of it only through the browser or a webhook); `holdRefunds` makes
 * the next refunds wait until the returned gate is opened.
 */
function offlineStripe() {
  const stripe = new Stripe('sk_test_concurrency');
  const intents = new Map<string, Stripe.PaymentIntent>();
  const keys = new Map<string, string>();
  const refunds: string[] = [];
  let held: { gate: ReturnType<typeof gate>; reached: ReturnType<typeof gate> } | undefined;
  const as = <T>(value: unknown) => Promise.resolve(value as T);

  vi.spyOn(stripe.paymentIntents, 'create').mockImplementation(((
    params: Stripe.PaymentIntentCreateParams,
    options?: Stripe.RequestOptions,
  ) => {
    const known = options?.idempotencyKey ? keys.get(options.idempotencyKey) : undefined;
    if (known) return as(intents.get(known));
    const id = `pi_conc_${randomBytes(8).toString('hex')}`;
    const intent = {
      id,
      object: 'payment_intent',
      amount: params.amount,
      amount_received: 0,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: params.metadata ?? {},
    } as unknown as Stripe.PaymentIntent;
    intents.set(id, intent);
    if (options?.idempotencyKey) keys.set(options.idempotencyKey, id);
    return as(intent);
  }) as never);
  vi.spyOn(stripe.paymentIntents, 'retrieve').mockImplementation(((id: string) => {
    const intent = intents.get(id);
    return intent ? as(intent) : Promise.reject(new Error(`No such payment_intent: '${id}'`));
  }) as never);
  vi.spyOn(stripe.paymentIntents, 'cancel').mockImplementation(((id: string) => {
    const intent = intents.get(id)!;
    intent.status = 'canceled';
    return as(intent);
  }) as never);
  vi.spyOn(stripe.refunds, 'create').mockImplementation((async (params: Stripe.RefundCreateParams) => {
    const hold = held;
    if (hold) {
      hold.reached.open();
      await hold.gate.opened;
    }
    refunds.push(String(params.payment_intent));
    return { id: `re_${refunds.length}`, object: 'refund' };
  }) as never);

  return {
    stripe,
    refunds,
    /** The customer paid at Stripe. */
    pay(id: string) {
      const intent = intents.get(id)!;
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return intent;
    },
    /** Refunds from now on wait for `release()`; `reached` resolves when one is waiting. */
    holdRefunds() {
      held = { gate: gate(), reached: gate() };
      const current = held;
      return {
        reached: current.reached.opened,
        release: () => {
          held = undefined;
          current.gate.open();
        },
      };
    },
  };
}

let t: TestApp;
const f = checkoutFixtures(() => t);
let s: TestApp;
const g = checkoutFixtures(() => s);
let fake: ReturnType<typeof offlineStripe>;
let cheapest: CatalogueProduct;
let second: CatalogueProduct;

beforeAll(async () => {
  t = await createTestApp();
  fake = offlineStripe();
  s = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_concurrency',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_concurrency',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    app: { stripeClient: fake.stripe },
  });
  [cheapest, second] = (await f.catalogue()) as [CatalogueProduct, CatalogueProduct];
});
afterAll(async () => {
  await t?.close();
  await s?.close();
});

const orderCountOf = async (app: TestApp, intentId: string) =>
  (await app.database.db.select({ n: count() }).from(orders).where(eq(orders.paymentIntentId, intentId)))[0]!
    .n;

/** The answers' statuses, sorted, and the one order id they all name. */
function orderAnswers(answers: LightMyRequestResponse[]) {
  for (const res of answers) expectClean(res);
  const ids = new Set(
    answers.filter((res) => res.statusCode < 300).map((res) => orderSchema.parse(res.json()).id),
  );
  return { statuses: answers.map((res) => res.statusCode).sort((a, b) => a - b), ids: [...ids] };
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/orders 50 times at once for one paid payment intent', () => {
  it('paid with the test card through the API: every answer is 200 with the one order', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [
      { id: cheapest.id, quantity: 2 },
      { id: second.id, quantity: 1 },
    ]);
    // The confirmation finishes the order itself (as a webhook would), so every post below finds it.
    const confirmed = await f.confirm(who, intent.client_secret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => f.placeOrder(who, intent.payment_intent_id)),
    );
    const { statuses, ids } = orderAnswers(answers);
    expect(statuses).toEqual(Array<number>(50).fill(200));
    const rows = await f.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(ids).toEqual([rows[0]!.id]);
    expect(rows[0]).toMatchObject({ userId: who.id, isPaid: true, totalCents: intent.amount });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, rows[0]!.id));
    expect(items).toHaveLength(2);
    expect(await f.confirmationEmails(rows[0]!.id)).toHaveLength(1);
  });

  it('paid at Stripe, no order yet: exactly one 201 and 49 answers 200, all naming the one order', async () => {
    const who = await g.person();
    const intent = await g.createIntent(who, [{ id: second.id, quantity: 3 }]);
    fake.pay(intent.payment_intent_id);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => g.placeOrder(who, intent.payment_intent_id)),
    );
    const { statuses, ids } = orderAnswers(answers);
    expect(statuses).toEqual([...Array<number>(49).fill(200), 201]);
    const rows = await g.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(ids).toEqual([rows[0]!.id]);
    expect(rows[0]).toMatchObject({ userId: who.id, isPaid: true, totalCents: intent.amount });
    const items = await s.database.db.select().from(orderItems).where(eq(orderItems.orderId, rows[0]!.id));
    expect(items.map((item) => [item.productId, item.quantity])).toEqual([[second.id, 3]]);
    expect(await g.confirmationEmails(rows[0]!.id)).toHaveLength(1);
    expect((await g.intentRow(intent.payment_intent_id))?.status).toBe('succeeded');
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/recipes/:id/ingredients at once', () => {
  it('keeps all 20 lines posted to one recipe (while 20 more go to another), each answered 201', async () => {
    const admin = await f.person({ isAdmin: true });
    const asAdmin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      f.call(method, url, { token: admin.token, ...(body !== undefined ? { body } : {}) });
    const recipeFor = async () => {
      const [source] = await t.database.db.select().from(products).limit(1);
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
      const suffix = randomBytes(4).toString('hex');
      const [product] = await t.database.db
        .insert(products)
        .values({ ...copy, slug: `race-${suffix}`, name: `Race ${suffix}`, sku: null })
        .returning({ id: products.id });
      const res = await asAdmin('POST', '/api/recipes', { product_id: product!.id, instructions: 'Mix.' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Recipe>().id;
    };
    const [one, other] = [await recipeFor(), await recipeFor()];
    const all = (await asAdmin('GET', '/api/ingredients')).json<Ingredient[]>();
    expect(all.length).toBeGreaterThan(0);

    const line = (recipeId: number, i: number) =>
      asAdmin('POST', `/api/recipes/${recipeId}/ingredients`, {
        ingredient_id: all[i % all.length]!.id,
        quantity: i + 1,
        unit: 'g',
      });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [line(one, i), line(other, i)]).flat(),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const answered = answers.map((res) => recipeIngredientSchema.parse(res.json()));

    for (const recipeId of [one, other]) {
      const rows = await t.database.db
        .select()
        .from(recipeIngredients)
        .where(eq(recipeIngredients.recipeId, recipeId))
        .orderBy(asc(recipeIngredients.position));
      expect(rows).toHaveLength(20);
      // Each line its own next position: none lost to a shared one, none skipped.
      expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(rows.map((row) => row.quantity).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      // Every 201 named a line that is there, with what was posted.
      const mine = answered.filter((a) => a.recipe_id === recipeId);
      expect(mine.map((a) => a.id).sort((a, b) => a - b)).toEqual(
        rows.map((row) => row.id).sort((a, b) => a - b),
      );
      const lines = (await asAdmin('GET', `/api/recipes/${recipeId}`)).json<Recipe>().ingredients;
      expect(lines.map((l) => l.id)).toEqual(rows.map((row) => row.id));
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('other races around one payment', () => {
  it('ten confirmations of one intent at once (a double-clicked Pay): one order, one e-mail', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: cheapest.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => f.confirm(who, intent.client_secret)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        type: 'order',
        order: { payment_intent_id: intent.payment_intent_id },
      });
    }
    const rows = await f.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(await f.confirmationEmails(rows[0]!.id)).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(processedEvents)
        .where(eq(processedEvents.id, `evt_test_${intent.payment_intent_id}`)),
    ).toHaveLength(1);
    const after = await f.placeOrder(who, intent.payment_intent_id);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<Order>().id).toBe(rows[0]!.id);
  });

  it('confirmations racing 40 posts from the browser: one order; early posts a clean 402', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: second.id, quantity: 2 }]);
    const answers = await Promise.all([
      f.confirm(who, intent.client_secret),
      ...Array.from({ length: 40 }, () => f.placeOrder(who, intent.payment_intent_id)),
      f.confirm(who, intent.client_secret),
    ]);
    const confirms = [answers[0]!, answers[answers.length - 1]!];
    for (const res of confirms) expect(res.statusCode, res.body).toBe(200);
    const posts = answers.slice(1, -1);
    for (const res of posts) {
      expect([200, 201, 402], res.body).toContain(res.statusCode);
      if (res.statusCode === 402) expectMessage(res, 402, 'Payment has not been completed.');
    }
    // The confirmation creates the order itself; at most one post may have beaten it to it.
    expect(posts.filter((res) => res.statusCode === 201).length).toBeLessThanOrEqual(1);
    const rows = await f.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    for (const res of posts.filter((r) => r.statusCode < 300)) expect(res.json<Order>().id).toBe(rows[0]!.id);
    expect(await f.confirmationEmails(rows[0]!.id)).toHaveLength(1);
  });

  it('Stripe webhooks (redelivered, and a second event) racing 20 browser posts: one order', async () => {
    const who = await g.person();
    const intent = await g.createIntent(who, [{ id: cheapest.id, quantity: 4 }]);
    const paid = fake.pay(intent.payment_intent_id);
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'payment_intent.succeeded',
        data: { object: paid },
      });
    const deliver = (payload: string) =>
      g.call('POST', '/api/payments/webhook', {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': fake.stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
      });
    const [first, again] = [
      event(`evt_${randomBytes(8).toString('hex')}`),
      event(`evt_${randomBytes(8).toString('hex')}`),
    ];
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(first)),
      ...Array.from({ length: 20 }, () => g.placeOrder(who, intent.payment_intent_id)),
      ...Array.from({ length: 5 }, () => deliver(again)),
    ]);
    const hooks = [...answers.slice(0, 5), ...answers.slice(25)];
    for (const res of hooks) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ received: true });
    }
    const { statuses, ids } = orderAnswers(answers.slice(5, 25));
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(1);
    const rows = await g.ordersOfIntent(intent.payment_intent_id);
    expect(rows).toHaveLength(1);
    expect(ids).toEqual([rows[0]!.id]);
    expect(await g.confirmationEmails(rows[0]!.id)).toHaveLength(1);
  });

  it('an admin deleting a product while its paid order is written: the order keeps its line', async () => {
    const admin = await g.person({ isAdmin: true });
    // Five rounds, each racing the deletion against the order; whichever wins, nothing is lost.
    for (let round = 0; round < 5; round++) {
      const [source] = await s.database.db.select().from(products).where(eq(products.id, cheapest.id));
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = source!;
      const suffix = randomBytes(4).toString('hex');
      const [product] = await s.database.db
        .insert(products)
        .values({ ...copy, slug: `doomed-${suffix}`, name: `Doomed ${suffix}`, sku: null, isActive: true })
        .returning({ id: products.id, name: products.name });
      const who = await g.person();
      const intent = await g.createIntent(who, [{ id: product!.id, quantity: 1 }]);
      fake.pay(intent.payment_intent_id);

      const [removed, placed] = await Promise.all([
        g.call('DELETE', `/api/products/${product!.id}`, { token: admin.token }),
        g.placeOrder(who, intent.payment_intent_id),
      ]);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      expect(order.items).toHaveLength(1);
      expect(order.items[0]).toMatchObject({ product_name: product!.name, quantity: 1 });
      const [still] = await s.database.db.select().from(products).where(eq(products.id, product!.id));
      if (order.items[0]!.product_id === null) {
        // The deletion went first: the product is gone, the line keeps its name and price.
        expect(still).toBeUndefined();
      } else {
        // The order went first: the product is only hidden, so the order's history stays linked.
        expect(order.items[0]!.product_id).toBe(product!.id);
        expect(still?.isActive).toBe(false);
      }
      expect(await orderCountOf(s, intent.payment_intent_id)).toBe(1);
    }
  });

  // Regression: cancel() used to refund first and move the order after, guarded by the status read
  // before; an admin's move in between left the order In Progress with its money refunded. Now the
  // cancellation claims the order (and queues the refund) first, and an admin cannot reopen an order
  // whose payment the customer's cancellation refunded.
  it('a cancellation racing an admin status change either cancels and refunds, or neither', async () => {
    const admin = await g.person({ isAdmin: true });
    const who = await g.person();
    const intent = await g.createIntent(who, [{ id: second.id, quantity: 1 }]);
    fake.pay(intent.payment_intent_id);
    const placed = await g.placeOrder(who, intent.payment_intent_id);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<Order>().id;

    const hold = fake.holdRefunds();
    const cancel = g.call('POST', `/api/orders/${orderId}/cancel`, { token: who.token });
    await hold.reached; // the cancellation has checked the status and asked Stripe for the refund
    const moved = g.call('PATCH', `/api/orders/${orderId}/status`, {
      token: admin.token,
      body: { status: 'In Progress' },
    });
    // Today the move lands at once. An app that holds the order during the refund would make it wait
    // for the cancellation instead: the bounded wait only keeps this test from deadlocking then.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([moved, new Promise((resolve) => (timer = setTimeout(resolve, 3_000)))]);
    clearTimeout(timer);
    hold.release();
    const [canceled, movedAnswer] = await Promise.all([cancel, moved]);
    expectClean(canceled);
    expectClean(movedAnswer);

    const [row] = await s.database.db.select().from(orders).where(eq(orders.id, orderId));
    const refunded = fake.refunds.includes(intent.payment_intent_id);
    // Money back exactly when the order is canceled.
    expect({ status: row!.status, refunded }).toEqual(
      refunded ? { status: 'Canceled', refunded: true } : { status: 'In Progress', refunded: false },
    );
  });
});
