/**
 * Subscribe and save with Stripe (decisions 0056 and 0058), fully offline, on PGlite and on
 * PostgreSQL: a real SDK client (webhooks signed with its test-header helper) whose Customers,
 * PaymentMethods and PaymentIntents calls are answered here, idempotency keys included. The first
 * payment makes the account's Customer and saves its card; the renewal is an off-session PaymentIntent
 * with the attempt's key; declines and authentication go to dunning; and a runner that dies after
 * Stripe charged leaves exactly one charge and one order.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../domain/orders.js';
import { checkoutTotals } from '../../../domain/pricing.js';
import type { ApiSubscription } from '../../../domain/subscription-schemas.js';
import { subscriptionMessages } from '../../../domain/subscription-messages.js';
import {
  orders,
  paymentIntents,
  paymentMethods,
  products,
  subscriptionRenewals,
  subscriptions,
  users,
} from '../../db/schema.js';
import { checkoutFixtures, shippingInfo, type Person } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { AUTHENTICATION_REQUIRED } from '../payments/provider.js';
import { createSubscriptionNotices } from './notices.js';
import { createRenewals } from './renewals.js';

const WEBHOOK_SECRET = 'whsec_test_subscriptions';
const DAY = 86_400_000;

/** What a saved card does when it is charged off-session (Stripe's test cards behave so). */
type Behaviour = 'renews' | 'declines' | 'authenticate' | 'processing';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: { message: string; code: string } | null;
}

interface FakeSetup {
  id: string;
  object: 'setup_intent';
  status: Stripe.SetupIntent.Status;
  client_secret: string;
  customer: string;
  payment_method: string | null;
  usage: string;
  metadata: Record<string, string>;
}

interface FakeMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  behaviour: Behaviour;
}

/** Stripe's Customers, PaymentMethods and PaymentIntents as far as subscriptions use them. */
function fakeStripe() {
  const stripe = new Stripe('sk_test_x');
  const intents = new Map<string, FakeIntent>();
  const methods = new Map<string, FakeMethod>();
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const customerKeys = new Map<string, string>();
  /** Stripe's first answer to each key, replayed for a repeat: the intent, or its card error. */
  const answers = new Map<string, { intentId: string; error?: Record<string, unknown> }>();
  /** Payments that took money, by idempotency key. */
  const charged = new Map<string, number>();
  let seq = 0;
  const as = <T>(value: unknown) => Promise.resolve(value as T);
  const cardError = (raw: Record<string, unknown>) =>
    Promise.reject(new Stripe.errors.StripeCardError({ ...raw, type: 'card_error', statusCode: 402 }));

  const createCustomer = vi.spyOn(stripe.customers, 'create').mockImplementation(((
    params: Stripe.CustomerCreateParams,
    options?: Stripe.RequestOptions,
  ) => {
    const key = options?.idempotencyKey;
    const known = key ? customerKeys.get(key) : undefined;
    if (known) return as(customers.get(known));
    const customer = {
      id: `cus_fake_${++seq}`,
      object: 'customer',
      email: params.email ?? '',
      metadata: (params.metadata ?? {}) as Record<string, string>,
    };
    customers.set(customer.id, customer);
    if (key) customerKeys.set(key, customer.id);
    return as(customer);
  }) as never);

  const create = vi.spyOn(stripe.paymentIntents, 'create').mockImplementation(((
    params: Stripe.PaymentIntentCreateParams,
    options?: Stripe.RequestOptions,
  ) => {
    const key = options?.idempotencyKey;
    const known = key ? answers.get(key) : undefined;
    if (known) return known.error ? cardError(known.error) : as(intents.get(known.intentId));
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
      customer: params.customer ?? null,
      payment_method: params.payment_method ?? null,
      setup_future_usage: params.setup_future_usage ?? null,
      last_payment_error: null,
    };
    intents.set(id, intent);
    let error: Record<string, unknown> | undefined;
    if (params.confirm && params.off_session) {
      const method = methods.get(String(params.payment_method));
      if (!method || method.customer !== params.customer) {
        throw new Error(`fake Stripe: ${String(params.payment_method)} is not the customer's`);
      }
      if (method.behaviour === 'renews' || method.behaviour === 'processing') {
        intent.status = method.behaviour === 'renews' ? 'succeeded' : 'processing';
        intent.amount_received = method.behaviour === 'renews' ? intent.amount : 0;
        if (key) charged.set(key, (charged.get(key) ?? 0) + 1);
      } else {
        const [code, message] =
          method.behaviour === 'authenticate'
            ? ['authentication_required', 'This payment requires authentication.']
            : ['card_declined', 'Your card was declined.'];
        intent.last_payment_error = { code, message };
        error = { code, message, payment_intent: { ...intent } };
      }
    }
    if (key) answers.set(key, { intentId: id, ...(error ? { error } : {}) });
    return error ? cardError(error) : as(intent);
  }) as never);

  vi.spyOn(stripe.paymentIntents, 'retrieve').mockImplementation(((id: string) => {
    const intent = intents.get(id);
    if (!intent) return Promise.reject(new Error(`No such payment_intent: '${id}'`));
    return as(intent);
  }) as never);
  vi.spyOn(stripe.paymentIntents, 'cancel').mockImplementation(((id: string) => {
    const intent = intents.get(id)!;
    intent.status = 'canceled';
    return as(intent);
  }) as never);
  const setups = new Map<string, FakeSetup>();
  vi.spyOn(stripe.setupIntents, 'create').mockImplementation(((params: Stripe.SetupIntentCreateParams) => {
    const id = `seti_fake_${++seq}`;
    const setup: FakeSetup = {
      id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer: String(params.customer),
      payment_method: null,
      usage: params.usage ?? 'off_session',
      metadata: (params.metadata ?? {}) as Record<string, string>,
    };
    setups.set(id, setup);
    return as(setup);
  }) as never);
  vi.spyOn(stripe.setupIntents, 'retrieve').mockImplementation(((id: string) => {
    const setup = setups.get(id);
    if (!setup) return Promise.reject(new Error(`No such setupintent: '${id}'`));
    return as(setup);
  }) as never);
  vi.spyOn(stripe.paymentMethods, 'retrieve').mockImplementation(((id: string) => {
    const method = methods.get(id);
    if (!method) return Promise.reject(new Error(`No such PaymentMethod: '${id}'`));
    const { behaviour: _b, ...shown } = method;
    return as(shown);
  }) as never);

  return {
    stripe,
    create,
    createCustomer,
    intents,
    methods,
    /** How many times the key was sent to Stripe, and how many payments it took money for. */
    sent: (key: string) => create.mock.calls.filter(([, options]) => options?.idempotencyKey === key).length,
    charges: (key: string) => charged.get(key) ?? 0,
    setups,
    /** Stripe.js confirmed the SetupIntent in the browser: a new card on its customer. */
    confirmSetup(id: string, behaviour: Behaviour = 'renews', last4 = '4444') {
      const setup = setups.get(id)!;
      const method: FakeMethod = {
        id: `pm_fake_${++seq}`,
        object: 'payment_method',
        type: 'card',
        customer: setup.customer,
        card: { brand: 'mastercard', last4, exp_month: 8, exp_year: 2032 },
        behaviour,
      };
      methods.set(method.id, method);
      setup.status = 'succeeded';
      setup.payment_method = method.id;
      return setup;
    },
    /**
     * Stripe.js confirmed the PaymentIntent with the saved card, the customer present: their bank's
     * challenge passed and the money is taken.
     */
    confirmOnSession(id: string, paymentMethod: string) {
      const intent = intents.get(id)!;
      if (intent.status !== 'requires_payment_method' || intent.payment_method !== paymentMethod) {
        throw new Error(`fake Stripe: ${id} cannot be confirmed with ${paymentMethod}`);
      }
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      charged.set(`on-session-${id}`, 1);
      return intent;
    },
    /**
     * The customer paid in the browser with a card that does `behaviour` when charged later: the
     * intent succeeded and, with setup_future_usage, its PaymentMethod is on the customer.
     */
    pay(id: string, behaviour: Behaviour = 'renews', last4 = '4242') {
      const intent = intents.get(id)!;
      const method: FakeMethod = {
        id: `pm_fake_${++seq}`,
        object: 'payment_method',
        type: 'card',
        customer: intent.setup_future_usage ? intent.customer : null,
        card: { brand: 'visa', last4, exp_month: 11, exp_year: 2031 },
        behaviour,
      };
      methods.set(method.id, method);
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.payment_method = method.id;
      return intent;
    },
  };
}

let s: TestApp;
const f = checkoutFixtures(() => s);
const db = () => s.database.db;
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

const event = (type: string, object: object) => ({
  id: `evt_${randomBytes(8).toString('hex')}`,
  object: 'event',
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  type,
  data: { object },
});

/** Stripe posts the event, signed over its exact bytes. */
async function deliver(type: string, object: object) {
  const payload = JSON.stringify(event(type, object));
  const res = await f.call('POST', '/api/payments/webhook', {
    raw: payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': fake.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ received: true; duplicate: boolean }>();
}

/** A product of the test's own at $10.00, 10% off by subscription. */
async function product() {
  const row = await f.stocked(null);
  await db().update(products).set({ subscribeSavePercent: 10 }).where(eq(products.id, row.id));
  return row;
}

/** Opens the Stripe intent of a cart: one $10.00 line, subscribed every 4 weeks unless `oneTime`. */
async function openIntent(who: Person, productId: number, oneTime = false) {
  const subtotal = oneTime ? 1000 : 900;
  const expected = checkoutTotals([{ priceCents: subtotal, quantity: 1 }], {
    city: 'Vancouver',
    postalCode: String(shippingInfo().postalCode),
  });
  const res = await f.call('POST', '/api/payments/create-payment-intent', {
    token: who.token,
    body: {
      amount: expected.totalCents,
      shippingInfo: shippingInfo({ email: who.email }),
      items: [{ id: productId, quantity: 1, ...(oneTime ? {} : { subscription: { interval_weeks: 4 } }) }],
      ...(oneTime ? {} : { subscription_terms_accepted: true }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payment_intent_id: string; amount: number; provider: string }>();
}

/** Subscribes through Stripe: the intent, the customer pays, Stripe's webhook. */
async function subscribe(behaviour: Behaviour = 'renews') {
  const who = await f.person();
  const p = await product();
  const intent = await openIntent(who, p.id);
  await deliver('payment_intent.succeeded', fake.pay(intent.payment_intent_id, behaviour));
  const [sub] = await mine(who);
  expect(sub, 'the subscription started').toBeDefined();
  return { who, p, intent, sub: sub! };
}

const mine = async (who: Person) => {
  const res = await f.call('GET', '/api/subscriptions', { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ApiSubscription[]>();
};

const attemptsOf = (subscriptionId: number) =>
  db()
    .select()
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.subscriptionId, subscriptionId))
    .orderBy(subscriptionRenewals.cycle, subscriptionRenewals.attempt);

/** Orders made for a subscription's renewals. */
const renewalOrders = (subscriptionId: number) =>
  db()
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId, totalCents: orders.totalCents })
    .from(orders)
    .innerJoin(paymentIntents, eq(paymentIntents.id, orders.paymentIntentId))
    .where(sql`(${paymentIntents.checkout} -> 'renewal' ->> 'subscriptionId')::int = ${subscriptionId}`);

const nextOrderAt = async (id: number) =>
  (
    await db().select({ at: subscriptions.nextOrderAt }).from(subscriptions).where(eq(subscriptions.id, id))
  )[0]!.at;

describe('the first payment', () => {
  it('makes the account a Customer once and saves the card off-session; a one-time cart does neither', async () => {
    const who = await f.person();
    const p = await product();
    fake.create.mockClear();
    fake.createCustomer.mockClear();
    const intent = await openIntent(who, p.id);
    expect(intent.provider).toBe('stripe');
    expect(fake.createCustomer).toHaveBeenCalledTimes(1);
    const [customerParams, customerOptions] = fake.createCustomer.mock.calls[0]!;
    expect(customerParams).toMatchObject({ email: who.email, metadata: { user_id: String(who.id) } });
    expect(customerOptions?.idempotencyKey).toMatch(new RegExp(`^customer-${who.id}-`));
    const [account] = await db().select().from(users).where(eq(users.id, who.id));
    expect(account!.stripeCustomerId).toMatch(/^cus_fake_/);
    const [params] = fake.create.mock.calls[0]!;
    expect(params).toMatchObject({
      amount: intent.amount,
      currency: 'cad',
      customer: account!.stripeCustomerId,
      setup_future_usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
    expect(params).not.toHaveProperty('automatic_payment_methods');

    // The account's next subscription checkout uses the same Customer; a one-time cart none.
    const again = await product();
    await openIntent(who, again.id);
    expect(fake.createCustomer).toHaveBeenCalledTimes(1);
    expect(fake.create.mock.calls[1]![0]).toMatchObject({ customer: account!.stripeCustomerId });
    await openIntent(who, again.id, true);
    const [oneTime] = fake.create.mock.calls[2]!;
    expect(oneTime).toMatchObject({ automatic_payment_methods: { enabled: true } });
    expect(oneTime).not.toHaveProperty('customer');
    expect(oneTime).not.toHaveProperty('setup_future_usage');
  });

  it('the succeeded webhook saves the card Stripe attached and starts the subscription with it', async () => {
    const { who, intent, sub } = await subscribe();
    const paid = fake.intents.get(intent.payment_intent_id)!;
    const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, who.id));
    expect(method).toMatchObject({
      provider: 'stripe',
      methodRef: paid.payment_method,
      customerRef: paid.customer,
      brand: 'Visa',
      last4: '4242',
      expMonth: 11,
      expYear: 2031,
    });
    const [row] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.payment_intent_id));
    expect(row!.paymentMethodId).toBe(method!.id);
    expect(sub).toMatchObject({ status: 'active', card: { brand: 'Visa', last4: '4242', exp_month: 11 } });
    const [stored] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(stored!.paymentMethodId).toBe(method!.id);
    // Delivered again, and the browser's POST /api/orders: one order, one card.
    expect((await deliver('payment_intent.succeeded', paid)).duplicate).toBe(false);
    const browser = await f.call('POST', '/api/orders', {
      token: who.token,
      body: { payment_intent_id: intent.payment_intent_id },
    });
    expect(browser.statusCode, browser.body).toBe(200);
    expect(await db().select().from(paymentMethods).where(eq(paymentMethods.userId, who.id))).toHaveLength(1);
    expect(await mine(who)).toHaveLength(1);
  });

  it('the reconciler, finding a paid intent whose webhook never came, saves the card too', async () => {
    const who = await f.person();
    const p = await product();
    const intent = await openIntent(who, p.id);
    fake.pay(intent.payment_intent_id, 'renews', '1881');
    await s.app.reconciler.run();
    const [sub] = await mine(who);
    expect(sub).toMatchObject({ status: 'active', card: { brand: 'Visa', last4: '1881' } });
  });
});

describe('renewing with Stripe', () => {
  it('charges the saved card with an off-session PaymentIntent under the attempt’s key and makes one order', async () => {
    const { who, sub } = await subscribe();
    const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, who.id));
    const due = new Date(sub.next_order_at!);
    await s.app.renewals.runDue(due);
    const key = `renewal-${sub.id}-1-1`;
    // (Other tests' subscriptions due by then renew too: this one's call is the one with its key.)
    const calls = fake.create.mock.calls.filter(([, options]) => options?.idempotencyKey === key);
    expect(calls).toHaveLength(1);
    const [params] = calls[0]!;
    expect(params).toMatchObject({
      currency: 'cad',
      customer: method!.customerRef,
      payment_method: method!.methodRef,
      off_session: true,
      confirm: true,
      metadata: { subscription_id: String(sub.id), renewal: `${sub.id}-1-1` },
    });
    const made = await renewalOrders(sub.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.totalCents).toBe(params.amount);
    const [payment] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, made[0]!.paymentIntentId!));
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'succeeded',
      idempotencyKey: key,
      paymentMethodId: method!.id,
    });
    expect(fake.intents.get(payment!.id)).toMatchObject({ status: 'succeeded' });
    expect(await attemptsOf(sub.id)).toEqual([
      expect.objectContaining({ cycle: 1, attempt: 1, status: 'paid', paymentIntentId: payment!.id }),
    ]);
    // The webhook of the same payment, and more passes: still one order, one charge.
    expect((await deliver('payment_intent.succeeded', fake.intents.get(payment!.id)!)).duplicate).toBe(false);
    await s.app.renewals.runDue(due);
    await s.app.reconciler.run();
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect(fake.charges(key)).toBe(1);
    expect((await nextOrderAt(sub.id)).getTime()).toBeGreaterThan(due.getTime() + 27 * DAY);
  });

  it('a card that needs authentication makes no order: requires_action and the dunning schedule', async () => {
    const { sub } = await subscribe('authenticate');
    const due = new Date(sub.next_order_at!);
    await s.app.renewals.runDue(due);
    const [attempt] = await attemptsOf(sub.id);
    expect(attempt).toMatchObject({ status: 'requires_action', message: AUTHENTICATION_REQUIRED });
    expect(await renewalOrders(sub.id)).toEqual([]);
    expect(fake.charges(`renewal-${sub.id}-1-1`)).toBe(0);
    expect(Math.round(((await nextOrderAt(sub.id)).getTime() - due.getTime()) / DAY)).toBe(1);
    // The PaymentIntent Stripe made for it is recorded, and will never be paid.
    const [payment] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, attempt!.paymentIntentId!));
    expect(payment).toMatchObject({ provider: 'stripe', status: 'canceled' });
  });

  it('a declined card makes no order: declined, retried 1, 3 and 5 days after, then past due', async () => {
    const { who, sub } = await subscribe('declines');
    const due = new Date(sub.next_order_at!);
    let at = due;
    const retries: number[] = [];
    for (let i = 0; i < 4; i++) {
      await s.app.renewals.runDue(at);
      const next = await nextOrderAt(sub.id);
      if (next.getTime() !== at.getTime()) retries.push(Math.round((next.getTime() - due.getTime()) / DAY));
      at = next;
    }
    expect(retries).toEqual([1, 3, 5]);
    const attempts = await attemptsOf(sub.id);
    expect(attempts.map((a) => [a.attempt, a.status, a.message])).toEqual(
      [1, 2, 3, 4].map((n) => [n, 'declined', 'Your card was declined.']),
    );
    // Each attempt its own key, sent once.
    for (const n of [1, 2, 3, 4]) expect(fake.sent(`renewal-${sub.id}-1-${n}`)).toBe(1);
    expect(await renewalOrders(sub.id)).toEqual([]);
    expect((await mine(who))[0]).toMatchObject({ status: 'past_due' });
  });

  it('a runner that dies after Stripe charged: the next pass sends the same key, Stripe charges once, one order', async () => {
    const { sub } = await subscribe();
    const due = new Date(sub.next_order_at!);
    const key = `renewal-${sub.id}-1-1`;
    const dying = createRenewals({
      db: db(),
      provider: s.app.paymentProvider,
      placeOrder: s.app.placeOrder,
      pricing: s.config.pricing,
      notices: createSubscriptionNotices({
        db: db(),
        mailer: s.app.mailer,
        publicUrl: s.config.publicUrl,
        pricing: s.config.pricing,
      }),
      afterCharge: async () => {
        throw new Error('killed after Stripe charged');
      },
    });
    await expect(dying.renew(sub.id, 'schedule', due)).rejects.toThrow('killed');
    expect(fake.charges(key)).toBe(1);
    const [left] = await attemptsOf(sub.id);
    expect(left).toMatchObject({ cycle: 1, attempt: 1, status: 'charging', paymentIntentId: null });
    expect(await renewalOrders(sub.id)).toEqual([]);
    // The next pass (another instance, or this one restarted) finishes the same attempt.
    await s.app.renewals.runDue(new Date(due.getTime() + 60_000));
    expect(fake.sent(key)).toBe(2);
    expect(fake.charges(key)).toBe(1);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect(await attemptsOf(sub.id)).toEqual([
      expect.objectContaining({ cycle: 1, attempt: 1, status: 'paid' }),
    ]);
    // And Stripe's webhook of it, late: nothing more.
    const [paid] = await renewalOrders(sub.id);
    await deliver('payment_intent.succeeded', fake.intents.get(paid!.paymentIntentId!)!);
    await s.app.renewals.runDue(new Date(due.getTime() + 120_000));
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect(fake.sent(key)).toBe(2);
  });

  it('a runner that dies after Stripe charged: Stripe’s webhook makes the order from the attempt, once', async () => {
    const { sub } = await subscribe();
    const due = new Date(sub.next_order_at!);
    const key = `renewal-${sub.id}-1-1`;
    let charged: string | undefined;
    const dying = createRenewals({
      db: db(),
      provider: s.app.paymentProvider,
      placeOrder: s.app.placeOrder,
      pricing: s.config.pricing,
      notices: createSubscriptionNotices({
        db: db(),
        mailer: s.app.mailer,
        publicUrl: s.config.publicUrl,
        pricing: s.config.pricing,
      }),
      afterCharge: async (_attempt, answer) => {
        charged = answer.id;
        throw new Error('killed after Stripe charged');
      },
    });
    await expect(dying.renew(sub.id, 'schedule', due)).rejects.toThrow('killed');
    expect(await db().select().from(paymentIntents).where(eq(paymentIntents.id, charged!))).toEqual([]);
    await deliver('payment_intent.succeeded', fake.intents.get(charged!)!);
    const made = await renewalOrders(sub.id);
    expect(made).toEqual([expect.objectContaining({ paymentIntentId: charged })]);
    expect(await attemptsOf(sub.id)).toEqual([
      expect.objectContaining({ status: 'paid', paymentIntentId: charged, orderId: made[0]!.id }),
    ]);
    // The next pass has nothing left to do for the cycle.
    await s.app.renewals.runDue(new Date(due.getTime() + 60_000));
    expect(fake.sent(key)).toBe(1);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
  });

  it('a payment still processing waits for Stripe: its webhook makes the order, the next pass asks, never charges again', async () => {
    const { sub } = await subscribe('processing');
    const due = new Date(sub.next_order_at!);
    const key = `renewal-${sub.id}-1-1`;
    await s.app.renewals.runDue(due);
    const [attempt] = await attemptsOf(sub.id);
    expect(attempt).toMatchObject({ status: 'charging', paymentIntentId: expect.any(String) });
    const [payment] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, attempt!.paymentIntentId!));
    expect(payment).toMatchObject({ status: 'processing' });
    // Another pass while it processes: Stripe is asked, not sent the key again.
    await s.app.renewals.runDue(new Date(due.getTime() + 60_000));
    expect(fake.sent(key)).toBe(1);
    expect(await renewalOrders(sub.id)).toEqual([]);
    // It succeeds: the webhook makes the order.
    const intent = fake.intents.get(payment!.id)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    await deliver('payment_intent.succeeded', intent);
    expect(await renewalOrders(sub.id)).toHaveLength(1);
    expect((await attemptsOf(sub.id))[0]).toMatchObject({ status: 'paid' });
    expect(fake.sent(key)).toBe(1);
  });

  it('"Order now" charges off-session too and answers the order', async () => {
    const { who, sub } = await subscribe();
    const res = await f.call('POST', `/api/subscriptions/${sub.id}/order-now`, { token: who.token });
    expect(res.statusCode, res.body).toBe(201);
    const made = await renewalOrders(sub.id);
    expect(made.map((o) => o.id)).toEqual([res.json<Order>().id]);
    expect(fake.charges(`renewal-${sub.id}-1-1`)).toBe(1);
    const [row] = await db()
      .select({ status: subscriptionRenewals.status, reason: subscriptionRenewals.reason })
      .from(subscriptionRenewals)
      .where(and(eq(subscriptionRenewals.subscriptionId, sub.id), eq(subscriptionRenewals.cycle, 1)));
    expect(row).toEqual({ status: 'paid', reason: 'order_now' });
  });
});

describe('at the page, with Stripe (decision 0059)', () => {
  it('"Order now" meets the bank: its PaymentIntent and saved card go to Stripe.js, and the confirmed payment is one order', async () => {
    const { who, sub } = await subscribe('authenticate');
    await s.app.renewals.runDue(new Date(sub.next_order_at!));
    expect((await mine(who))[0]).toMatchObject({ needs_authentication: true });

    const asked = await Promise.all(
      [1, 2].map(() => f.call('POST', `/api/subscriptions/${sub.id}/order-now`, { token: who.token })),
    );
    for (const res of asked) expect(res.statusCode, res.body).toBe(402);
    const [answer, again] = asked.map((res) =>
      res.json<{ payment_intent_id: string; client_secret: string; payment_method: string }>(),
    );
    // The second click finds the same attempt open and asks Stripe about it: the same PaymentIntent.
    expect(again!.payment_intent_id).toBe(answer!.payment_intent_id);
    const intent = fake.intents.get(answer!.payment_intent_id)!;
    expect(answer).toEqual({
      type: 'requires_action',
      message: AUTHENTICATION_REQUIRED,
      payment_intent_id: intent.id,
      client_secret: intent.client_secret,
      payment_method: intent.payment_method,
      amount: intent.amount / 100,
    });
    expect(await renewalOrders(sub.id)).toEqual([]);

    fake.confirmOnSession(intent.id, answer!.payment_method);
    // The browser asks for its order; Stripe's webhook arrives too: one order.
    const placed = await f.call('POST', '/api/orders', {
      token: who.token,
      body: { payment_intent_id: intent.id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await deliver('payment_intent.succeeded', intent)).toEqual({ received: true, duplicate: false });
    const made = await renewalOrders(sub.id);
    expect(made).toEqual([
      { id: placed.json<Order>().id, paymentIntentId: intent.id, totalCents: intent.amount },
    ]);
    expect((await mine(who))[0]).toMatchObject({
      status: 'active',
      needs_authentication: false,
      failed_attempts: 0,
    });
  });

  it("a new card through a SetupIntent on the account's Customer retries the declined renewal at once", async () => {
    const { who, sub } = await subscribe('declines');
    const due = new Date(sub.next_order_at!);
    await s.app.renewals.runDue(due);
    expect(await renewalOrders(sub.id)).toEqual([]);

    const setupRes = await f.call('POST', `/api/subscriptions/${sub.id}/card-setup`, { token: who.token });
    expect(setupRes.statusCode, setupRes.body).toBe(200);
    const secret = setupRes.json<{ client_secret: string }>().client_secret;
    const setup = [...fake.setups.values()].find((x) => x.client_secret === secret)!;
    const [account] = await db().select().from(users).where(eq(users.id, who.id));
    expect(setup).toMatchObject({
      customer: account!.stripeCustomerId,
      usage: 'off_session',
      metadata: { user_id: String(who.id), subscription_id: String(sub.id) },
    });

    // Not yet confirmed in the browser: nothing is saved.
    const early = await f.call('POST', `/api/subscriptions/${sub.id}/card`, {
      token: who.token,
      body: { setup_intent_id: setup.id },
    });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toEqual({ message: subscriptionMessages.cardNotSaved });
    // Another account cannot use it, nor a test card here.
    const stranger = await subscribe();
    const stolen = await f.call('POST', `/api/subscriptions/${stranger.sub.id}/card`, {
      token: stranger.who.token,
      body: { setup_intent_id: setup.id },
    });
    expect(stolen.statusCode, stolen.body).toBe(400);
    const testCardHere = await f.call('POST', `/api/subscriptions/${sub.id}/card`, {
      token: who.token,
      body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } },
    });
    expect(testCardHere.json()).toEqual({ message: subscriptionMessages.sendSetupIntent });

    fake.confirmSetup(setup.id, 'renews', '4444');
    const updated = await f.call('POST', `/api/subscriptions/${sub.id}/card`, {
      token: who.token,
      body: { setup_intent_id: setup.id },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const made = await renewalOrders(sub.id);
    expect(made).toHaveLength(1);
    expect(updated.json()).toMatchObject({
      subscription: {
        status: 'active',
        card: { brand: 'Mastercard', last4: '4444', exp_month: 8, exp_year: 2032 },
        last_order_id: made[0]!.id,
      },
      retry: { outcome: 'ordered', order_id: made[0]!.id },
    });
    // The retry was the cycle's second attempt, with the new card, charged once.
    expect(fake.charges(`renewal-${sub.id}-1-2`)).toBe(1);
    // Sent again (a double click), the same card is recorded once.
    const repeat = await f.call('POST', `/api/subscriptions/${sub.id}/card`, {
      token: who.token,
      body: { setup_intent_id: setup.id },
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    const cards = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, who.id));
    expect(cards.filter((c) => c.methodRef === setup.payment_method)).toHaveLength(1);
  });
});
