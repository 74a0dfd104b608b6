/**
 * Helpers for the payments and orders API tests: people with live sessions, requests from fresh client
 * addresses (so rate limits never leak between tests), the catalogue's prices, and a checkout through
 * the built-in test processor.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ShippingInfoInput } from '../../domain/checkout.js';
import type { Order } from '../../domain/orders.js';
import { checkoutTotals, isFreeShippingAccount, type ShippingDestination } from '../../domain/pricing.js';
import { emailOutbox, orders, paymentIntents, products, sessions, users } from '../db/schema.js';
import type { TestApp } from './test-app.js';

export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export interface CallOptions {
  token?: string | undefined;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with content-type application/json unless headers say otherwise. */
  raw?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Person {
  id: number;
  email: string;
  token: string;
  isAdmin: boolean;
}

export interface CatalogueProduct {
  id: number;
  name: string;
  priceCents: number;
}

let ipSeq = 0;
/** A client address nobody used before. */
export const freshIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

let emailSeq = 0;
export const uniqueEmail = (prefix = 'shopper') =>
  `${prefix}.${++emailSeq}.${randomBytes(3).toString('hex')}@example.ca`;

export function expectMessage(res: LightMyRequestResponse, status: number, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

/**
 * A refused payment (decision 0045): exactly `{ message, type }` at `status`, nothing charged.
 */
export function expectRefusal(
  res: LightMyRequestResponse,
  status: number,
  type: 'declined' | 'expired' | 'retry',
  message?: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['message', 'type']);
  expect(body.type).toBe(type);
  expect(typeof body.message).toBe('string');
  if (message !== undefined) expect(body.message).toBe(message);
}

export function shippingInfo(overrides: Partial<Record<keyof ShippingInfoInput, unknown>> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Maple',
    address1: '1 Main St',
    city: 'Vancouver',
    state: 'British Columbia',
    postalCode: 'V5K 0A1',
    country: 'Canada',
    phoneNumber: '604 555 0123',
    email: 'ada.checkout@example.ca',
    ...overrides,
  };
}

export const testCard = (number: string = CARDS.success, overrides: Record<string, unknown> = {}) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  cvc: '123',
  ...overrides,
});

export function checkoutFixtures(getApp: () => TestApp) {
  const db = () => getApp().database.db;

  function call(method: Method, url: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.raw !== undefined) {
      payload = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    return getApp().app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? freshIp(),
      ...(payload !== undefined ? { payload } : {}),
    });
  }

  /** A user written straight to the database, with a live session (the store keeps only the SHA-256). */
  /** A signed-in account; `emailVerified` as if its confirmation link had been followed. */
  async function person(
    values: { isAdmin?: boolean; email?: string; emailVerified?: boolean } = {},
  ): Promise<Person> {
    const [row] = await db()
      .insert(users)
      .values({
        email: values.email ?? uniqueEmail(),
        firstName: 'Test',
        lastName: 'Shopper',
        isAdmin: values.isAdmin ?? false,
        emailVerifiedAt: values.emailVerified ? new Date() : null,
      })
      .returning();
    const token = randomBytes(32).toString('base64url');
    await db()
      .insert(sessions)
      .values({
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: row!.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    return { id: row!.id, email: row!.email, token, isAdmin: row!.isAdmin };
  }

  /** The active seeded products, cheapest first. */
  async function catalogue(): Promise<CatalogueProduct[]> {
    const rows = await db()
      .select({
        id: products.id,
        name: products.name,
        priceCents: products.priceCents,
        isActive: products.isActive,
      })
      .from(products);
    return rows
      .filter((row) => row.isActive)
      .map(({ id, name, priceCents }) => ({ id, name, priceCents }))
      .sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
  }

  /** What the server should charge, computed here from the database's prices. */
  async function expectedTotals(
    items: { id: number; quantity: number }[],
    where: string | ShippingDestination,
    email?: string,
  ) {
    // A city alone ships from the fixtures' postal code (a Vancouver one).
    const destination =
      typeof where === 'string' ? { city: where, postalCode: String(shippingInfo().postalCode) } : where;
    const all = await db()
      .select({ id: products.id, priceCents: products.priceCents, taxClass: products.taxClass })
      .from(products);
    const lines = items.map((item) => {
      const product = all.find((p) => p.id === item.id)!;
      return { priceCents: product.priceCents, quantity: item.quantity, taxClass: product.taxClass };
    });
    const free = isFreeShippingAccount(
      email ? { email, emailVerified: true } : null,
      getApp().config.freeShippingEmail,
    );
    return checkoutTotals(lines, destination, free, getApp().config.pricing);
  }

  interface IntentAnswer {
    client_secret: string;
    payment_intent_id: string;
    provider: string;
    amount: number;
  }

  /** POST create-payment-intent with the right amount unless one is given; expects 200. */
  async function createIntent(
    who: Person,
    items: { id: number; quantity: number }[],
    options: { shipping?: Record<string, unknown>; amount?: number } = {},
  ): Promise<IntentAnswer> {
    const info = shippingInfo(options.shipping);
    const amount =
      options.amount ??
      (
        await expectedTotals(
          items,
          {
            city: String(info.city),
            postalCode: String(info.postalCode as string),
            state: String(info.state),
          },
          who.email,
        )
      ).totalCents;
    const res = await call('POST', '/api/payments/create-payment-intent', {
      token: who.token,
      body: { amount, shippingInfo: info, items, metadata: { user_id: who.id, email: who.email } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as IntentAnswer;
  }

  const confirm = (who: Person, clientSecret: string, number: string = CARDS.success, card = {}) =>
    call('POST', '/api/payments/test/confirm', {
      token: who.token,
      body: { client_secret: clientSecret, card: testCard(number, card) },
    });

  const placeOrder = (who: Person, intentId: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/api/orders', { token: who.token, body: { ...extra, payment_intent_id: intentId } });

  /**
   * A whole checkout with the test card, as the payment page makes it: the intent, then the
   * confirmation, which answers the order (decision 0045).
   */
  async function buy(
    who: Person,
    items: { id: number; quantity: number }[],
    options: { shipping?: Record<string, unknown> } = {},
  ): Promise<Order> {
    const intent = await createIntent(who, items, options);
    const confirmed = await confirm(who, intent.client_secret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json() as { type: string; order: Order };
    expect(answer.type).toBe('order');
    return answer.order;
  }

  let made = 0;
  /** A product of its own for a test, with `stock` units ($10.00 each; null: made to order). */
  async function stocked(stock: number | null, name = `Stocked Bites ${++made}`) {
    const [any] = await db().select().from(products).limit(1);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = any!;
    const [row] = await db()
      .insert(products)
      .values({ ...copy, name, slug: `stocked-${++made}-${Date.now()}`, sku: null, priceCents: 1000, stock })
      .returning();
    return row!;
  }

  /** A product's count that can still be sold. */
  const stockOf = async (id: number) =>
    (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  const ordersOfIntent = (intentId: string) =>
    db().select().from(orders).where(eq(orders.paymentIntentId, intentId));
  const intentRow = async (intentId: string) =>
    (await db().select().from(paymentIntents).where(eq(paymentIntents.id, intentId)))[0];
  const confirmationEmails = (orderId: number) =>
    db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Your Northbite order #${orderId}`));

  return {
    call,
    person,
    catalogue,
    expectedTotals,
    createIntent,
    confirm,
    placeOrder,
    buy,
    stocked,
    stockOf,
    ordersOfIntent,
    intentRow,
    confirmationEmails,
  };
}
