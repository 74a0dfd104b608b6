/**
 * Stock hoarding (decision 0038): unpaid checkouts hold units, so holds are bounded per account (one
 * live checkout, at most CHECKOUT_HOLD_MAX_UNITS), per client address and per product (a share of
 * its units), and last PAYMENT_TTL_MINUTES (10 by default). With the defaults, through the real app,
 * on PGlite and on PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import type { Overview } from '../../../domain/overview.js';
import { paymentIntents, stockReservations } from '../../db/schema.js';
import {
  CARDS,
  checkoutFixtures,
  expectRefusal,
  freshIp,
  shippingInfo,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
const db = () => t.database.db;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await f.person({ isAdmin: true });
});
afterAll(() => t?.close());

const { stocked, stockOf } = f;

const heldOf = async (productId: number) =>
  (
    await db()
      .select({ n: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
      .from(stockReservations)
      .where(
        and(
          eq(stockReservations.productId, productId),
          eq(stockReservations.status, 'held'),
          eq(stockReservations.counted, true),
        ),
      )
  )[0]!.n;

interface Intent {
  client_secret: string;
  payment_intent_id: string;
}

/** Asks for an intent from `ip`; answers the raw response. `address2` makes another checkout. */
async function askIntent(
  who: Person,
  items: { id: number; quantity: number }[],
  ip: string,
  address2?: string,
) {
  const amount = (await f.expectedTotals(items, 'Vancouver', who.email)).totalCents;
  return f.call('POST', '/api/payments/create-payment-intent', {
    token: who.token,
    ip,
    body: { amount, shippingInfo: shippingInfo(address2 ? { address2 } : {}), items },
  });
}

describe('hoarding', () => {
  it('ten accounts from ten addresses cannot hold a product of 30 units: a real shopper still buys', async () => {
    const product = await stocked(30, 'Limited Maple Drop');
    const hoarders = await Promise.all(Array.from({ length: 10 }, () => f.person()));
    // Each asks for as much as the shop will hold for it, largest first.
    for (const [n, who] of hoarders.entries()) {
      const ip = `203.0.113.${n + 1}`;
      for (const quantity of [30, 20, 15, 10, 5, 3, 1]) {
        const before = await stockOf(product.id);
        if (before! < quantity) continue;
        const res = await askIntent(who, [{ id: product.id, quantity }], ip);
        expect(res.statusCode, res.body).toBe(200);
        if ((await stockOf(product.id))! < before!) break;
      }
    }
    const held = await heldOf(product.id);
    const available = (await stockOf(product.id))!;
    expect(held).toBeLessThanOrEqual(15);
    expect(available + held).toBe(30);
    expect(available).toBeGreaterThanOrEqual(15);

    // The admin sees who holds what: every hoarder's units, account and address.
    const overview = await f.call('GET', '/api/admin/overview', { token: admin.token });
    expect(overview.statusCode, overview.body).toBe(200);
    const holds = overview.json<Overview>().held_in_checkouts.filter((h) => h.product_id === product.id);
    expect(holds.reduce((sum, h) => sum + h.units, 0)).toBe(held);
    for (const h of holds) {
      expect(hoarders.map((p) => p.email)).toContain(h.email);
      expect(h.client_address).toMatch(/^203\.0\.113\.\d+$/);
      expect(h.product_name).toBe('Limited Maple Drop');
    }
    // A customer may not see it.
    const shopper = await f.person();
    expect((await f.call('GET', '/api/admin/overview', { token: shopper.token })).statusCode).toBe(403);

    // A real shopper buys every unit that is not held, in two orders.
    const first = await f.buy(shopper, [{ id: product.id, quantity: available - 5 }]);
    expect(first.items[0]).toMatchObject({ quantity: available - 5 });
    const second = await f.person();
    await f.buy(second, [{ id: product.id, quantity: 5 }]);
    expect(await stockOf(product.id)).toBe(0);
    console.info(
      `hoarding: 10 accounts from 10 addresses held ${held} of 30 units; ` +
        `real shoppers bought the other ${available}`,
    );
  }, 120_000);

  it('one live checkout per account: a new checkout gives back the units of the one before, which can no longer be paid', async () => {
    const product = await stocked(20);
    const who = await f.person();
    const ip = freshIp();
    const first = await askIntent(who, [{ id: product.id, quantity: 5 }], ip);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(product.id)).toBe(15);
    // Another checkout of the same account (another address line): it replaces the first.
    const second = await askIntent(who, [{ id: product.id, quantity: 4 }], ip, 'Unit 2');
    expect(second.statusCode, second.body).toBe(200);
    const a = first.json<Intent>();
    const b = second.json<Intent>();
    expect(b.payment_intent_id).not.toBe(a.payment_intent_id);
    expect(await stockOf(product.id)).toBe(16);
    expect(await heldOf(product.id)).toBe(4);
    expectRefusal(await f.confirm(who, a.client_secret), 409, 'expired', messages.paymentExpired);
    expect((await f.confirm(who, b.client_secret)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(16);
    expect(await heldOf(product.id)).toBe(0);
  });

  it('holds at most CHECKOUT_HOLD_MAX_UNITS for an account; more goes ahead unheld and is taken when paid', async () => {
    const product = await stocked(1000);
    const who = await f.person();
    const big = await askIntent(who, [{ id: product.id, quantity: 30 }], freshIp());
    expect(big.statusCode, big.body).toBe(200);
    expect(await stockOf(product.id)).toBe(1000);
    expect(await heldOf(product.id)).toBe(0);
    const { client_secret } = big.json<Intent>();
    expect((await f.confirm(who, client_secret)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(970);
    const small = await askIntent(who, [{ id: product.id, quantity: 24 }], freshIp());
    expect(small.statusCode, small.body).toBe(200);
    expect(await heldOf(product.id)).toBe(24);
  });

  it('holds at most CHECKOUT_HOLD_MAX_UNITS_PER_ADDRESS for every account at one client address', async () => {
    const product = await stocked(1000);
    const ip = freshIp();
    const accounts = await Promise.all([f.person(), f.person(), f.person()]);
    for (const who of accounts.slice(0, 2)) {
      expect((await askIntent(who, [{ id: product.id, quantity: 24 }], ip)).statusCode).toBe(200);
    }
    expect(await heldOf(product.id)).toBe(48);
    expect((await askIntent(accounts[2]!, [{ id: product.id, quantity: 1 }], ip)).statusCode).toBe(200);
    expect(await heldOf(product.id)).toBe(48);
    // The same account's next checkout from another address is held as usual.
    expect(
      (await askIntent(accounts[2]!, [{ id: product.id, quantity: 1 }], freshIp(), 'Suite 9')).statusCode,
    ).toBe(200);
    expect(await heldOf(product.id)).toBe(49);
  });

  it('a checkout holds its units for 10 minutes by default', async () => {
    const product = await stocked(10);
    const who = await f.person();
    const res = await askIntent(who, [{ id: product.id, quantity: 1 }], freshIp());
    const { payment_intent_id } = res.json<Intent>();
    const [row] = await db()
      .select({ minutes: sql<number>`extract(epoch from (expires_at - created_at)) / 60` })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, payment_intent_id));
    expect(Number(row!.minutes)).toBeCloseTo(10, 1);
  });

  it('20 shoppers at once for the last 5 units, with the bounds: exactly 5 orders, never oversold', async () => {
    const product = await stocked(5, 'Last Five Bites');
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => f.person()));
    const outcomes = await Promise.all(
      shoppers.map(async (who) => {
        const intent = await askIntent(who, [{ id: product.id, quantity: 1 }], freshIp());
        if (intent.statusCode !== 200) return intent.statusCode;
        const confirmed = await f.confirm(who, intent.json<Intent>().client_secret, CARDS.success);
        return confirmed.statusCode === 200 ? 201 : confirmed.statusCode;
      }),
    );
    expect(outcomes.filter((s) => s === 201)).toHaveLength(5);
    expect(outcomes.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(product.id)).toBe(0);
    expect(await heldOf(product.id)).toBe(0);
    const [{ n } = { n: 0 }] = await db()
      .select({ n: sql<number>`coalesce(sum(quantity), 0)::int` })
      .from(sql`order_items`)
      .where(sql`product_id = ${product.id}`);
    expect(n).toBe(5);
  }, 120_000);
});
