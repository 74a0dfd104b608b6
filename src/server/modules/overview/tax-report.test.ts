/**
 * Refunds that return tax and the sales-tax report (decision 0070), through the real app: a
 * refund is split over goods, shipping and each tax and stored so; the report counts an order's
 * tax in the month it was paid and a refund's in the month it was made; a full refund returns every
 * cent of every tax; months roll up into quarters; the CSV says the same; the Overview's monthly
 * figure is the report's net.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../../domain/overview.js';
import type { Order } from '../../../domain/orders.js';
import type { TaxReport } from '../../../domain/tax-report.js';
import { orderRefundTaxes, orderRefunds, orders } from '../../db/schema.js';
import {
  checkoutFixtures,
  expectMessage,
  type CatalogueProduct,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
const f = checkoutFixtures(() => t);
let admin: Person;
let buyer: Person;
let product: CatalogueProduct;

beforeAll(async () => {
  t = await createTestApp({ env: { SHIPPING_PROVINCES: 'BC,ON', SHIPPING_RATES: 'ON:12.50' } });
  admin = await f.person({ isAdmin: true });
  buyer = await f.person();
  product = (await f.catalogue())[2]!;
});
afterAll(() => t?.close());

const cents = (dollars: number) => Math.round(dollars * 100);
const toronto = { city: 'Toronto', state: 'Ontario', postalCode: 'M5V 2T6' };

async function refund(order: Order, amountCents: number) {
  const res = await f.call('POST', `/api/orders/${order.id}/refunds`, {
    token: admin.token,
    body: { amount: amountCents / 100, reason: 'Crushed in transit' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Puts an order's payment and its refunds on given days, as if made then. */
async function dated(order: Order, paid: string, refunded?: string) {
  await t.database.db
    .update(orders)
    .set({ paidAt: new Date(`${paid}T20:00:00Z`), createdAt: new Date(`${paid}T20:00:00Z`) })
    .where(eq(orders.id, order.id));
  if (refunded) {
    await t.database.db
      .update(orderRefunds)
      .set({ createdAt: new Date(`${refunded}T20:00:00Z`) })
      .where(eq(orderRefunds.orderId, order.id));
  }
}

const report = async (query: string) => {
  const res = await f.call('GET', `/api/admin/reports/tax?${query}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TaxReport>();
};

describe('refunds return tax', () => {
  it('splits a refund over goods, shipping and each tax in proportion, and a full one returns every cent', async () => {
    const order = await f.buy(buyer, [{ id: product.id, quantity: 1 }], { shipping: toronto });
    const total = cents(order.total);
    const hst = cents(order.tax_amount);
    await refund(order, 1000);
    await refund(order, total - 1000);
    const rows = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    const taxes = await t.database.db
      .select()
      .from(orderRefundTaxes)
      .where(
        inArray(
          orderRefundTaxes.refundId,
          rows.map((row) => row.id),
        ),
      );
    for (const row of rows) {
      const own = taxes
        .filter((tax) => tax.refundId === row.id)
        .reduce((sum, tax) => sum + tax.amountCents, 0);
      expect(row.goodsCents + row.shippingCents + own).toBe(row.amountCents);
    }
    // $10 of an order whose tax is `hst` of `total`: its share, to the cent.
    const first = rows.find((row) => row.amountCents === 1000)!;
    const firstTax = taxes.find((tax) => tax.refundId === first.id)!;
    expect(firstTax).toMatchObject({ code: 'HST', province: 'ON' });
    expect(Math.abs(firstTax.amountCents - (1000 * hst) / total)).toBeLessThan(1);
    // Both refunds together: exactly the HST, the shipping and the goods charged.
    expect(taxes.reduce((sum, tax) => sum + tax.amountCents, 0)).toBe(hst);
    expect(rows.reduce((sum, row) => sum + row.shippingCents, 0)).toBe(cents(order.shipping_cost));
    expect(rows.reduce((sum, row) => sum + row.goodsCents, 0)).toBe(cents(order.subtotal));
  });
});

describe('refunds of chosen lines', () => {
  const byLines = (order: Order, body: Record<string, unknown>) =>
    f.call('POST', `/api/orders/${order.id}/refunds`, {
      token: admin.token,
      body: { reason: 'Box crushed in transit', ...body },
    });

  it("returns the units' price and the tax they were charged, line by line, until every cent is back", async () => {
    const [other] = (await f.catalogue()).filter((p) => p.id !== product.id);
    const order = await f.buy(
      buyer,
      [
        { id: product.id, quantity: 2 },
        { id: other!.id, quantity: 1 },
      ],
      { shipping: toronto },
    );
    const [first, second] = [...order.items].sort((a, b) => a.id - b.id);
    const lineHst = (item: Order['items'][number]) => item.taxes.find((tax) => tax.code === 'HST')!.amount;

    // One of the two boxes: its price and half its line's HST (the first unit carries the odd cent).
    const one = await byLines(order, { lines: [{ item_id: first!.id, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(201);
    const made = one.json<Order>().refunds.at(-1)!;
    const halfHst = Math.round(lineHst(first!) / 2);
    expect(made).toMatchObject({
      status: 'succeeded',
      amount: (first!.price + halfHst) / 100,
      goods: first!.price / 100,
      shipping: 0,
      taxes: [{ code: 'HST', province: 'ON', amount: halfHst / 100 }],
      lines: [{ item_id: first!.id, quantity: 1 }],
    });
    const timeline = await f.call('GET', `/api/orders/${order.id}/timeline`, { token: admin.token });
    expect(timeline.body).toContain(`(1 × ${first!.product_name}) requested: Box crushed in transit`);

    // More units than are left, a line of another order, an amount and lines at once: refused.
    expectMessage(
      await byLines(order, { lines: [{ item_id: first!.id, quantity: 2 }] }),
      409,
      `Only 1 of ${first!.product_name} is left to refund.`,
    );
    expectMessage(
      await byLines(order, { lines: [{ item_id: 999_999, quantity: 1 }] }),
      400,
      'Line 999999 is not on this order.',
    );
    expectMessage(
      await byLines(order, { amount: 5, lines: [{ item_id: first!.id, quantity: 1 }] }),
      400,
      'Send an amount, or the lines and shipping to refund, not both.',
    );
    expectMessage(await byLines(order, { lines: [] }), 400, 'Choose the lines or the shipping to refund.');

    // The rest, with the shipping: everything charged is back, to the cent, and the order is Refunded.
    const rest = await byLines(order, {
      lines: [
        { item_id: first!.id, quantity: 1 },
        { item_id: second!.id, quantity: 1 },
      ],
      shipping: true,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const refunded = rest.json<Order>();
    expect(refunded).toMatchObject({ status: 'Refunded', refunded: order.total });
    const back = (part: (r: Order['refunds'][number]) => number) =>
      refunded.refunds.reduce((sum, r) => sum + cents(part(r)), 0);
    expect(back((r) => r.goods)).toBe(cents(order.subtotal));
    expect(back((r) => r.shipping)).toBe(cents(order.shipping_cost));
    expect(back((r) => r.taxes.reduce((sum, tax) => sum + tax.amount, 0))).toBe(cents(order.tax_amount));
    expectMessage(
      await byLines(order, { lines: [{ item_id: second!.id, quantity: 1 }] }),
      409,
      `${second!.product_name} has been refunded already.`,
    );
  });

  it('refunds the shipping alone, with its own tax when shipping is taxed', async () => {
    const order = await f.buy(buyer, [{ id: product.id, quantity: 1 }], { shipping: toronto });
    const res = await byLines(order, { shipping: true });
    expect(res.statusCode, res.body).toBe(201);
    // Shipping is not taxed by default (the spec's formula): its refund carries no tax.
    expect(res.json<Order>().refunds.at(-1)).toMatchObject({
      amount: order.shipping_cost,
      goods: 0,
      shipping: order.shipping_cost,
      taxes: [],
      lines: [],
    });
    expectMessage(
      await byLines(order, { shipping: true }),
      409,
      'There is no shipping left to refund on this order.',
    );
  });
});

describe('GET /api/admin/reports/tax', () => {
  it('counts the tax in the month paid and the refund in the month made, per tax and province', async () => {
    const bc = await f.buy(buyer, [{ id: product.id, quantity: 2 }]);
    const on = await f.buy(buyer, [{ id: product.id, quantity: 1 }], { shipping: toronto });
    await refund(bc, 500);
    await refund(on, cents(on.total));
    await dated(bc, '2025-01-15', '2025-02-03');
    await dated(on, '2025-01-20', '2025-04-02');
    const gst = cents(bc.tax_amount);
    const hst = cents(on.tax_amount);
    const [gstBack] = await t.database.db
      .select({ cents: sql<number>`sum(${orderRefundTaxes.amountCents})::int` })
      .from(orderRefundTaxes)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundTaxes.refundId))
      .where(eq(orderRefunds.orderId, bc.id));

    const byMonth = await report('from=2025-01-01&to=2025-06-30');
    expect(byMonth).toEqual({
      from: '2025-01-01',
      to: '2025-06-30',
      by: 'month',
      periods: [
        {
          period: '2025-01',
          taxes: [
            { code: 'GST', province: 'BC', collected_cents: gst, refunded_cents: 0, net_cents: gst },
            { code: 'HST', province: 'ON', collected_cents: hst, refunded_cents: 0, net_cents: hst },
          ],
        },
        {
          period: '2025-02',
          taxes: [
            {
              code: 'GST',
              province: 'BC',
              collected_cents: 0,
              refunded_cents: gstBack!.cents,
              net_cents: -gstBack!.cents,
            },
          ],
        },
        {
          period: '2025-04',
          taxes: [{ code: 'HST', province: 'ON', collected_cents: 0, refunded_cents: hst, net_cents: -hst }],
        },
      ],
      totals: [
        {
          code: 'GST',
          province: 'BC',
          collected_cents: gst,
          refunded_cents: gstBack!.cents,
          net_cents: gst - gstBack!.cents,
        },
        // Refunded in full: every cent of the HST charged came back.
        { code: 'HST', province: 'ON', collected_cents: hst, refunded_cents: hst, net_cents: 0 },
      ],
    });
    expect(gstBack!.cents).toBeGreaterThan(0);

    const byQuarter = await report('from=2025-01-01&to=2025-06-30&by=quarter');
    expect(byQuarter.periods.map((p) => p.period)).toEqual(['2025-Q1', '2025-Q2']);
    expect(byQuarter.periods[0]!.taxes.find((row) => row.code === 'GST')).toMatchObject({
      collected_cents: gst,
      refunded_cents: gstBack!.cents,
    });
    expect(byQuarter.totals).toEqual(byMonth.totals);

    // A range that leaves the refunds out counts only what was collected.
    expect((await report('from=2025-01-01&to=2025-01-31')).totals).toEqual([
      { code: 'GST', province: 'BC', collected_cents: gst, refunded_cents: 0, net_cents: gst },
      { code: 'HST', province: 'ON', collected_cents: hst, refunded_cents: 0, net_cents: hst },
    ]);

    const csv = await f.call('GET', '/api/admin/reports/tax.csv?from=2025-01-01&to=2025-06-30&by=quarter', {
      token: admin.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="northbite-sales-tax-2025-01-01-to-2025-06-30.csv"',
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('period,tax,province,collected,refunded,net');
    expect(lines).toContain(`2025-Q2,HST,ON,0.00,${(hst / 100).toFixed(2)},-${(hst / 100).toFixed(2)}`);
    expect(lines).toContain(
      `2025-01-01 to 2025-06-30,HST,ON,${(hst / 100).toFixed(2)},${(hst / 100).toFixed(2)},0.00`,
    );
  });

  it("gives the Overview's monthly tax as the report's net: a refund lowers its own month", async () => {
    const order = await f.buy(buyer, [{ id: product.id, quantity: 3 }]);
    const gst = cents(order.tax_amount);
    await refund(order, cents(order.total));
    const overview = (await f.call('GET', '/api/admin/overview', { token: admin.token })).json<Overview>();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const month = today.slice(0, 7);
    const report = (
      await f.call('GET', `/api/admin/reports/tax?from=${month}-01&to=${today}`, { token: admin.token })
    ).json<TaxReport>();
    const net = report.totals.reduce((sum, row) => sum + row.net_cents, 0);
    expect(overview.gst_by_month.find((row) => row.month === month)?.gst).toBe(net);
    expect(gst).toBeGreaterThan(0);
  });

  it.each([
    ['from=2025-13-01&to=2025-12-31', 'from must be a date such as 2026-01-31.'],
    ['from=2025-02-30&to=2025-12-31', 'from must be a date such as 2026-01-31.'],
    ['from=2025-06-01&to=2025-01-01', 'from must not be after to.'],
    ['from=2025-01-01&to=2025-12-31&by=week', 'by must be one of: month, quarter.'],
    ['from=2000-01-01&to=2025-12-31', 'A report covers at most ten years.'],
    ['to=2025-12-31', 'from must be a date such as 2026-01-31.'],
  ])('refuses %s with 400 naming the problem', async (query, message) => {
    expectMessage(
      await f.call('GET', `/api/admin/reports/tax?${query}`, { token: admin.token }),
      400,
      message,
    );
  });

  it('is for admins only', async () => {
    expect((await f.call('GET', '/api/admin/reports/tax?from=2025-01-01&to=2025-01-31')).statusCode).toBe(
      401,
    );
    const customer = await f.person();
    expect(
      (await f.call('GET', '/api/admin/reports/tax?from=2025-01-01&to=2025-01-31', { token: customer.token }))
        .statusCode,
    ).toBe(403);
  });
});
