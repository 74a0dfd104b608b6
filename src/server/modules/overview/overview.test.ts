/**
 * GET /api/admin/overview (decision 0023) against orders written at known times and amounts, and
 * subscriptions in known states (decision 0057): every figure is checked against the sum worked out
 * by hand below.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import type { OrderStatus } from '../../../domain/orders.js';
import { overviewSchema, type Overview } from '../../../domain/overview.js';
import type { SubscriptionStatus } from '../../../domain/subscriptions.js';
import {
  categories,
  orderItems,
  orderRefunds,
  orders,
  orderTaxes,
  products,
  subscriptionItems,
  subscriptions,
} from '../../db/schema.js';
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
let customer: Person;

/** Noon in Vancouver, `daysAgo` days ago (noon keeps every order well inside its day). */
const vancouverNoon = (daysAgo: number) =>
  sql`(date_trunc('day', now() at time zone 'America/Vancouver') - make_interval(days => ${daysAgo}) + interval '12 hours') at time zone 'America/Vancouver'`;

async function order(
  daysAgo: number,
  values: {
    total: number;
    tax: number;
    status?: OrderStatus;
    paid?: boolean;
    items?: [string, number, number][];
  },
) {
  const paid = values.paid ?? true;
  const [row] = await t.database.db
    .insert(orders)
    .values({
      status: values.status ?? 'Delivered',
      subtotalCents: values.total - values.tax,
      shippingCents: 0,
      taxCents: values.tax,
      totalCents: values.total,
      isPaid: paid,
      paidAt: paid ? vancouverNoon(daysAgo) : null,
      firstName: 'Ada',
      lastName: `Day${daysAgo}`,
      email: 'ada@example.ca',
      phoneNumber: '6045550123',
      shippingAddress: '1 Main St',
      shippingCity: 'Vancouver',
      shippingState: 'British Columbia',
      shippingPostalCode: 'V5K 0A1',
      createdAt: vancouverNoon(daysAgo),
    })
    .returning({ id: orders.id });
  // A paid order's tax, as checkout keeps it (decision 0066): the report and the Overview read it.
  if (paid && values.tax > 0) {
    await t.database.db.insert(orderTaxes).values({
      orderId: row!.id,
      code: 'GST',
      province: 'BC',
      rate: 5000,
      goodsCents: values.tax,
      amountCents: values.tax,
    });
  }
  for (const [name, quantity, price] of values.items ?? [['Granola', 1, values.total - values.tax]]) {
    await t.database.db
      .insert(orderItems)
      .values({ orderId: row!.id, productName: name, quantity, priceCents: price });
  }
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await f.person({ isAdmin: true });
  customer = await f.person();
  // Today: two paid orders (one waiting to ship), one unpaid (never counted).
  await order(0, { total: 4200, tax: 200, status: 'Pending', items: [['Cookies', 2, 2000]] });
  await order(0, { total: 2100, tax: 100, items: [['Granola', 1, 2000]] });
  await order(0, { total: 9999, tax: 476, paid: false, status: 'Pending' });
  // 3 days ago: one order, half refunded.
  const refunded = await order(3, {
    total: 10500,
    tax: 500,
    status: 'In Progress',
    items: [['Cookies', 5, 2000]],
  });
  await t.database.db.insert(orderRefunds).values([
    { orderId: refunded, amountCents: 5250, reason: 'Half', status: 'succeeded', idempotencyKey: 'ov-1' },
    // A pending refund has moved no money yet.
    { orderId: refunded, amountCents: 100, reason: 'Pending', status: 'pending', idempotencyKey: 'ov-2' },
  ]);
  // 20 days ago: one order. 40 days ago: outside the 30 days.
  await order(20, { total: 3150, tax: 150, items: [['Bites', 3, 1000]] });
  await order(40, { total: 1050, tax: 50, items: [['Bites', 1, 1000]] });
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

/** A subscription of the customer's, written straight to the database. */
async function subscription(values: {
  status: SubscriptionStatus;
  weeks: number;
  /** days from now to its next order */
  next: number;
  /** days ago it started */
  created: number;
  canceled?: number;
  pausedUntil?: number;
  lines: [productId: number, quantity: number][];
}) {
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({
      userId: customer.id,
      status: values.status,
      intervalWeeks: values.weeks,
      nextOrderAt: daysFromNow(values.next),
      pausedUntil: values.pausedUntil === undefined ? null : daysFromNow(values.pausedUntil),
      lastOrderAt: daysFromNow(-values.created),
      shippingInfo: { ...shippingInfo(), country: 'Canada' },
      createdAt: daysFromNow(-values.created),
      canceledAt: values.canceled === undefined ? null : daysFromNow(-values.canceled),
    })
    .returning({ id: subscriptions.id });
  await t.database.db
    .insert(subscriptionItems)
    .values(values.lines.map(([productId, quantity]) => ({ subscriptionId: row!.id, productId, quantity })));
}

describe('GET /api/admin/overview', () => {
  it('answers revenue, orders and average for today, 7 and 30 days, from paid orders only', async () => {
    const res = await f.call('GET', '/api/admin/overview', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const o = res.json<Overview>();
    expect(() => overviewSchema.parse(o)).not.toThrow();
    // Today: 4200 + 2100 = 6300 over 2 orders.
    expect(o.today).toEqual({ orders: 2, gross: 6300, refunded: 0, net: 6300, average: 3150 });
    // 7 days: + 10500 (5250 refunded) = 16800 over 3 orders, average 5600.
    expect(o.last_7_days).toEqual({ orders: 3, gross: 16800, refunded: 5250, net: 11550, average: 5600 });
    // 30 days: + 3150 = 19950 over 4 orders, average 4987.5 → 4988.
    expect(o.last_30_days).toEqual({ orders: 4, gross: 19950, refunded: 5250, net: 14700, average: 4988 });
    // The daily series: 30 days, today last, quiet days at 0.
    expect(o.daily).toHaveLength(30);
    expect(o.daily.at(-1)).toMatchObject({ orders: 2, gross: 6300 });
    expect(o.daily.at(-4)).toMatchObject({ orders: 1, gross: 10500 });
    expect(o.daily.at(-21)).toMatchObject({ orders: 1, gross: 3150 });
    expect(o.daily.reduce((sum, d) => sum + d.gross, 0)).toBe(19950);
    expect(new Set(o.daily.map((d) => d.date)).size).toBe(30);
    // Best sellers of the 30 days by units: Cookies 2 + 5, Bites 3, Granola 1.
    expect(o.top_products.map((p) => [p.name, p.units, p.gross])).toEqual([
      ['Cookies', 7, 14000],
      ['Bites', 3, 3000],
      ['Granola', 1, 2000],
    ]);
    // Waiting to ship: today's Pending paid order and the In Progress one, the oldest first.
    expect(o.waiting_to_ship.count).toBe(2);
    expect(o.waiting_to_ship.oldest.map((w) => w.total)).toEqual([10500, 4200]);
    // Tax by month of payment, net of refunds' tax (none kept for these): the paid orders' GST.
    expect(o.gst_by_month.reduce((sum, m) => sum + m.gst, 0)).toBe(200 + 100 + 500 + 150 + 50);
    expect(o.gst_by_month.reduce((sum, m) => sum + m.orders, 0)).toBe(5);
    expect(o.gst_by_month.map((m) => m.month)).toEqual(
      [...o.gst_by_month.map((m) => m.month)].sort().reverse(),
    );
  });

  it('answers active subscriptions, monthly recurring revenue, renewals due in 7 days and 30-day churn', async () => {
    const [category] = await t.database.db
      .insert(categories)
      .values({ name: 'Bites', slug: 'bites' })
      .returning({ id: categories.id });
    const product = async (name: string, priceCents: number, percent: number, isActive = true) =>
      (
        await t.database.db
          .insert(products)
          .values({
            categoryId: category!.id,
            name,
            slug: name.toLowerCase().replace(/ /g, '-'),
            priceCents,
            subscribeSavePercent: percent,
            isActive,
          })
          .returning({ id: products.id })
      )[0]!.id;
    // $10.00 less 10 % is $9.00; $4.99 less 15 % is $4.24; the hidden one is in no renewal.
    const cookies = await product('Cookie Packs', 1000, 10);
    const bites = await product('Energy Bites', 499, 15);
    const hidden = await product('Old Granola', 5000, 0, false);

    // Active every 4 weeks, due in 3 days, live for 60 days: 2 x $9.00 (the hidden line earns nothing).
    await subscription({
      status: 'active',
      weeks: 4,
      next: 3,
      created: 60,
      lines: [
        [cookies, 2],
        [hidden, 1],
      ],
    });
    // Active every 2 weeks, due in 10 days, started 10 days ago: 1 x $4.24.
    await subscription({ status: 'active', weeks: 2, next: 10, created: 10, lines: [[bites, 1]] });
    // Paused until 2 days from now (then due): 3 bites; live 40 days.
    await subscription({
      status: 'paused',
      weeks: 4,
      next: 2,
      pausedUntil: 2,
      created: 40,
      lines: [[bites, 3]],
    });
    // Past due since long ago: earns nothing, orders nothing, was live at the start.
    await subscription({ status: 'past_due', weeks: 4, next: 1, created: 100, lines: [[cookies, 9]] });
    // Cancelled 5 days ago after 90; cancelled 45 days ago (before the window); started and cancelled in it.
    await subscription({
      status: 'canceled',
      weeks: 4,
      next: 1,
      created: 90,
      canceled: 5,
      lines: [[cookies, 9]],
    });
    await subscription({
      status: 'canceled',
      weeks: 4,
      next: 1,
      created: 200,
      canceled: 45,
      lines: [[cookies, 9]],
    });
    await subscription({
      status: 'canceled',
      weeks: 4,
      next: 1,
      created: 20,
      canceled: 2,
      lines: [[cookies, 9]],
    });

    const res = await f.call('GET', '/api/admin/overview', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const o = overviewSchema.parse(res.json());
    expect(o.subscriptions).toEqual({
      active: 2,
      // 1800 x 52 / 12 / 4 = 1950, plus 424 x 52 / 12 / 2 = 918.67: 2868.67 → 2869 cents.
      monthly_recurring: 2869,
      // The 4-weekly one in 3 days and the paused one resuming in 2; the hidden product left out.
      due_next_7_days: {
        renewals: 2,
        units: [
          { product_id: bites, name: 'Energy Bites', units: 3 },
          { product_id: cookies, name: 'Cookie Packs', units: 2 },
        ],
      },
      // Cancelled in the 30 days: 2; live at their start: the 60-, 40-, 100- and 90-day-old ones.
      churn_30_days: { canceled: 2, live_at_start: 4, percent: 50 },
    });
  });

  it('is for admins only', async () => {
    expectMessage(await f.call('GET', '/api/admin/overview'), 401, messages.signInRequired);
    expectMessage(
      await f.call('GET', '/api/admin/overview', { token: customer.token }),
      403,
      messages.forbidden,
    );
  });
});
