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
import { checkoutFixtures, type CatalogueProduct } from '../../testing/checkout-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let shipped: TestApp;
const f = checkoutFixtures(() => t);
const g = checkoutFixtures(() => shipped);
let cheapest: CatalogueProduct;
let dearest: CatalogueProduct;

beforeAll(async () => {
  t = await createTestApp();
  shipped = await createTestApp({ env: { TAX_SHIPPING: 'true' } });
  const all = await f.catalogue();
  cheapest = all[0]!;
  dearest = all.at(-1)!;
});
afterAll(async () => {
  await t?.close();
  await shipped?.close();
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
