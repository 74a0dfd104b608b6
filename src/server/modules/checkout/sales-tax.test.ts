/**
 * Sales tax at checkout (docs/product.md, Sales tax; decision 0066), through the real app: the
 * spec's 5% for a British Columbia order of seeded products, unchanged; a zero-rated product pays no
 * GST; a mixed cart pays GST on its standard lines only; shipping taxed like its goods when
 * TAX_SHIPPING says so; each tax kept on the order and each line's share on its line; and an intent
 * priced by an older build (one tax amount, no breakdown) still becomes an order with its GST.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/orders.js';
import { orderTaxes, paymentIntents, products } from '../../db/schema.js';
import { OUTSIDE_SHIPPING_AREA } from '../../../domain/checkout.js';
import { messages } from '../../../domain/messages.js';
import { checkoutFixtures, shippingInfo, type CatalogueProduct } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let shipped: TestApp;
let ontario: TestApp;
const f = checkoutFixtures(() => t);
const g = checkoutFixtures(() => shipped);
const o = checkoutFixtures(() => ontario);
let cheapest: CatalogueProduct;
let dearest: CatalogueProduct;

beforeAll(async () => {
  t = await createTestApp();
  shipped = await createTestApp({ env: { TAX_SHIPPING: 'true' } });
  ontario = await createTestApp({ env: { SHIPPING_PROVINCES: 'BC,ON', SHIPPING_RATES: 'ON:12.50' } });
  const all = await f.catalogue();
  cheapest = all[0]!;
  dearest = all.at(-1)!;
});
afterAll(async () => {
  await t?.close();
  await shipped?.close();
  await ontario?.close();
});

const setClass = (app: TestApp, id: number, taxClass: 'standard' | 'zero_rated') =>
  app.database.db.update(products).set({ taxClass }).where(eq(products.id, id));

/** Each tax of the order and the lines' shares, as the API answers them, summed per code in cents. */
function shares(order: Order) {
  const byCode = new Map<string, number>();
  for (const item of order.items)
    for (const tax of item.taxes) byCode.set(tax.code, (byCode.get(tax.code) ?? 0) + tax.amount);
  return byCode;
}
const cents = (dollars: number) => Math.round(dollars * 100);

describe('sales tax on an order', () => {
  it("charges a BC order of seeded products the spec's 5% of the products, kept as one GST", async () => {
    const who = await f.person();
    const order = await f.buy(who, [
      { id: cheapest.id, quantity: 2 },
      { id: dearest.id, quantity: 1 },
    ]);
    const subtotal = cheapest.priceCents * 2 + dearest.priceCents;
    const gst = Math.round(subtotal * 0.05);
    expect(cents(order.tax_amount)).toBe(gst);
    expect(order.taxes).toEqual([{ code: 'GST', rate: 0.05, province: 'BC', amount: gst / 100 }]);
    expect(order.items.map((item) => item.tax_class)).toEqual(['standard', 'standard']);
    expect(shares(order)).toEqual(new Map([['GST', gst]]));
    // Read back the same way.
    const read = (await f.call('GET', `/api/orders/${order.id}`, { token: who.token })).json() as Order;
    expect(read.taxes).toEqual(order.taxes);
    expect(read.items.map((item) => item.taxes)).toEqual(order.items.map((item) => item.taxes));
  });

  it('charges a zero-rated product no GST, and a mixed cart GST on its standard lines only', async () => {
    await setClass(t, cheapest.id, 'zero_rated');
    try {
      const who = await f.person();
      const alone = await f.buy(who, [{ id: cheapest.id, quantity: 3 }]);
      expect(alone.tax_amount).toBe(0);
      expect(alone.taxes).toEqual([]);
      expect(alone.items[0]!.tax_class).toBe('zero_rated');
      expect(alone.total).toBe((cheapest.priceCents * 3) / 100 + alone.shipping_cost);

      const mixed = await f.buy(who, [
        { id: cheapest.id, quantity: 1 },
        { id: dearest.id, quantity: 2 },
      ]);
      const gst = Math.round(dearest.priceCents * 2 * 0.05);
      expect(mixed.taxes).toEqual([{ code: 'GST', rate: 0.05, province: 'BC', amount: gst / 100 }]);
      expect(mixed.items.map((item) => item.taxes)).toEqual([[], [{ code: 'GST', amount: gst }]]);
    } finally {
      await setClass(t, cheapest.id, 'standard');
    }
  });

  it('refuses a browser total that left the zero-rating out, naming the change', async () => {
    await setClass(t, cheapest.id, 'zero_rated');
    try {
      const who = await f.person();
      const standard = Math.round(cheapest.priceCents * 0.05);
      const expected = await f.expectedTotals([{ id: cheapest.id, quantity: 1 }], 'Vancouver', who.email);
      const res = await f.call('POST', '/api/payments/create-payment-intent', {
        token: who.token,
        body: {
          amount: expected.totalCents + standard,
          shippingInfo: (await import('../../testing/checkout-fixtures.js')).shippingInfo(),
          items: [{ id: cheapest.id, quantity: 1 }],
          metadata: { user_id: who.id, email: who.email },
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/total/i);
    } finally {
      await setClass(t, cheapest.id, 'standard');
    }
  });

  it('taxes shipping like the goods it carries when TAX_SHIPPING is on', async () => {
    const who = await g.person();
    const order = await g.buy(who, [{ id: cheapest.id, quantity: 1 }], { shipping: { city: 'Vancouver' } });
    expect(order.shipping_cost).toBe(5);
    const gst = Math.round((cheapest.priceCents + 500) * 0.05);
    expect(cents(order.tax_amount)).toBe(gst);
    const [row] = await shipped.database.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, order.id));
    expect(row).toMatchObject({
      code: 'GST',
      province: 'BC',
      rate: 5_000,
      shippingCents: 25,
      amountCents: gst,
    });
    expect(row!.goodsCents).toBe(gst - 25);
    // The lines carry the goods' part; the order's tax is lines + shipping.
    expect(shares(order).get('GST')).toBe(gst - 25);
  });

  it('places an intent priced before taxes were kept one by one with its GST, in BC', async () => {
    const who = await f.person();
    const intent = await f.createIntent(who, [{ id: dearest.id, quantity: 1 }]);
    // As an older build wrote the snapshot: one tax amount, no breakdown, no tax class.
    const [row] = await t.database.db
      .select({ checkout: paymentIntents.checkout })
      .from(paymentIntents)
      .where(eq(paymentIntents.id, intent.payment_intent_id));
    const old = structuredClone(row!.checkout) as {
      totals: Record<string, unknown>;
      lines: Record<string, unknown>[];
    };
    delete old.totals.taxes;
    delete old.totals.lineTaxes;
    delete old.totals.province;
    for (const line of old.lines) delete line.taxClass;
    await t.database.db
      .update(paymentIntents)
      .set({ checkout: old })
      .where(inArray(paymentIntents.id, [intent.payment_intent_id]));
    const confirmed = await f.confirm(who, intent.client_secret);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = (confirmed.json() as { order: Order }).order;
    const gst = Math.round(dearest.priceCents * 0.05);
    expect(order.taxes).toEqual([{ code: 'GST', rate: 0.05, province: 'BC', amount: gst / 100 }]);
    expect(order.items[0]!.taxes).toEqual([]);
    expect(order.items[0]!.tax_class).toBe('standard');
  });
});

describe('provinces beyond British Columbia (decision 0068)', () => {
  const toronto = { city: 'Toronto', state: 'Ontario', postalCode: 'M5V 2T6' };

  it('charges an Ontario order HST 13% and its rate, once SHIPPING_PROVINCES opens Ontario', async () => {
    const who = await o.person();
    const order = await o.buy(who, [{ id: cheapest.id, quantity: 1 }], { shipping: toronto });
    const hst = Math.round(cheapest.priceCents * 0.13);
    expect(order.shipping_state).toBe('Ontario');
    expect(order.shipping_cost).toBe(12.5);
    expect(order.taxes).toEqual([{ code: 'HST', rate: 0.13, province: 'ON', amount: hst / 100 }]);
    expect(cents(order.tax_amount)).toBe(hst);
    expect(cents(order.total)).toBe(cheapest.priceCents + 1250 + hst);
    const [row] = await ontario.database.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, order.id));
    expect(row).toMatchObject({ code: 'HST', province: 'ON', rate: 13_000, amountCents: hst });
  });

  it('refuses a Toronto postal code where the shop ships within British Columbia, naming the rule', async () => {
    const who = await f.person();
    const items = [{ id: cheapest.id, quantity: 1 }];
    const asked = async (app: ReturnType<typeof checkoutFixtures>, shipping: Record<string, unknown>) => {
      const res = await app.call('POST', '/api/payments/create-payment-intent', {
        token: who.token,
        body: { amount: 1000, shippingInfo: shippingInfo(shipping), items },
      });
      return [res.statusCode, (res.json() as { message: string }).message];
    };
    expect(await asked(f, { state: 'British Columbia', postalCode: 'M5V 2T6' })).toEqual([
      400,
      OUTSIDE_SHIPPING_AREA,
    ]);
    expect(await asked(f, toronto)).toEqual([400, OUTSIDE_SHIPPING_AREA]);
    expect(await asked(f, { state: 'Ontario', postalCode: 'V6B 1A1' })).toEqual([
      400,
      'We do not ship to Ontario yet.',
    ]);
    const other = await o.person();
    const res = await o.call('POST', '/api/payments/create-payment-intent', {
      token: other.token,
      body: {
        amount: 1000,
        shippingInfo: shippingInfo({ state: 'British Columbia', postalCode: 'M5V 2T6' }),
        items,
      },
    });
    expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([
      400,
      'That postal code is in Ontario, not British Columbia. Please check the province or the code.',
    ]);
  });

  it('keeps an order in the province it was taxed for when its address changes', async () => {
    const who = await o.person();
    const order = await o.buy(who, [{ id: cheapest.id, quantity: 1 }], { shipping: toronto });
    const change = (address: Record<string, string>) =>
      o.call('PATCH', `/api/orders/${order.id}`, {
        token: who.token,
        body: { shipping_address: '2 Queen St W', shipping_country: 'Canada', ...address },
      });
    const moved = await change({
      shipping_city: 'Vancouver',
      shipping_state: 'British Columbia',
      shipping_postal_code: 'V6B 1A1',
    });
    expect(moved.statusCode).toBe(409);
    expect((moved.json() as { message: string }).message).toBe(messages.provinceChangeRefused);
    const nearby = await change({
      shipping_city: 'Toronto',
      shipping_state: 'Ontario',
      shipping_postal_code: 'M4C 1A1',
    });
    expect(nearby.statusCode, nearby.body).toBe(200);
    expect((nearby.json() as Order).shipping_postal_code).toBe('M4C 1A1');
  });
});
