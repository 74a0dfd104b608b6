/**
 * Receipts (decision 0069) through the real app: the PDF of an order, parsed back to its text,
 * carries what CRA asks of a receipt for input tax credits (the business's legal name, address and
 * GST/HST registration number, the date, each line with its tax, each tax's total, the total) and
 * the payment and refunds; only the order's owner and admins get it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../../domain/money.js';
import type { Order } from '../../../domain/orders.js';
import { CREDIT_NOTE_NOT_FOUND, creditNoteNumber } from '../../../domain/receipt.js';
import {
  checkoutFixtures,
  expectMessage,
  type CatalogueProduct,
  type Person,
} from '../../testing/checkout-fixtures.js';
import { pdfText } from '../../testing/pdf-text.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const BUSINESS = {
  BUSINESS_LEGAL_NAME: 'Northbite Snacks Inc.',
  BUSINESS_ADDRESS: '455 Granville Street, Vancouver, BC V6C 1T1',
  GST_HST_NUMBER: '123456789RT0001',
};

let t: TestApp;
const f = checkoutFixtures(() => t);
let owner: Person;
let admin: Person;
let product: CatalogueProduct;

beforeAll(async () => {
  t = await createTestApp({ env: BUSINESS });
  owner = await f.person();
  admin = await f.person({ isAdmin: true });
  product = (await f.catalogue())[2]!;
});
afterAll(() => t?.close());

const receipt = (orderId: number, token?: string) =>
  f.call('GET', `/api/orders/${orderId}/receipt.pdf`, token ? { token } : {});

describe('GET /api/orders/:id/receipt.pdf', () => {
  it("gives the owner a PDF with the business's name, address and GST/HST number, each line's tax and the total", async () => {
    const order = await f.buy(owner, [{ id: product.id, quantity: 2 }]);
    const res = await receipt(order.id, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="northbite-receipt-${order.id}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [page, ...more] = await pdfText(res.rawPayload);
    expect(more).toEqual([]);
    const text = page!;
    for (const expected of [
      'Northbite Snacks Inc.',
      '455 Granville Street, Vancouver, BC V6C 1T1',
      'GST/HST registration no. 123456789 RT 0001',
      'Receipt',
      `Order #${order.id}`,
      `${order.first_name} ${order.last_name}`,
      product.name,
      `GST (5%), BC ${formatPrice(Math.round(order.tax_amount * 100))}`,
      `Subtotal ${formatPrice(Math.round(order.subtotal * 100))}`,
      `Total ${formatPrice(Math.round(order.total * 100))}`,
      'Card payment',
      `Net paid ${formatPrice(Math.round(order.total * 100))}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The line: its tax code, quantity, unit price and amount, in that order.
    expect(text).toMatch(
      new RegExp(
        `GST 2 \\${formatPrice(product.priceCents)} \\${formatPrice(product.priceCents * 2)}`.replace(
          /\./g,
          '\\.',
        ),
      ),
    );
  });

  it('shows a refund and what was paid net of it', async () => {
    const order = await f.buy(owner, [{ id: product.id, quantity: 1 }]);
    const refunded = await f.call('POST', `/api/orders/${order.id}/refunds`, {
      token: admin.token,
      body: { amount: 2, reason: 'Crushed in transit' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const text = (await pdfText((await receipt(order.id, owner.token)).rawPayload)).join('\n');
    expect(text).toContain('Refund: Crushed in transit -$2.00');
    expect(text).toContain(`Net paid ${formatPrice(Math.round(order.total * 100) - 200)}`);
  });

  it('still shows the payment after a full refund, and nothing left paid', async () => {
    const order = await f.buy(owner, [{ id: product.id, quantity: 1 }]);
    const res = await f.call('POST', `/api/orders/${order.id}/refunds`, {
      token: admin.token,
      body: { amount: order.total, reason: 'Changed my mind' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const text = (await pdfText((await receipt(order.id, owner.token)).rawPayload)).join('\n');
    expect(text).toContain(`Card payment ${formatPrice(Math.round(order.total * 100))}`);
    expect(text).toContain('Net paid $0.00');
  });

  it('gives each refund that went through a credit note with its tax, and nothing for another', async () => {
    const order = await f.buy(owner, [{ id: product.id, quantity: 1 }]);
    const res = await f.call('POST', `/api/orders/${order.id}/refunds`, {
      token: admin.token,
      body: { amount: 10, reason: 'Crushed in transit' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json<Order>().refunds[0]!;
    // Goods, shipping and GST in proportion, adding up to the refund.
    expect(
      refund.goods + refund.shipping + refund.taxes.reduce((sum, tax) => sum + tax.amount, 0),
    ).toBeCloseTo(10, 9);
    expect(refund.taxes).toEqual([{ code: 'GST', province: 'BC', amount: expect.any(Number) }]);
    const url = `/api/orders/${order.id}/refunds/${refund.id}/credit-note.pdf`;
    const pdf = await f.call('GET', url, { token: owner.token });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="northbite-credit-note-${creditNoteNumber(refund.id)}.pdf"`,
    );
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const expected of [
      'Northbite Snacks Inc.',
      'GST/HST registration no. 123456789 RT 0001',
      'Credit note',
      creditNoteNumber(refund.id),
      `Against the receipt of Order #${order.id}`,
      'Reason: Crushed in transit',
      `GST (5%), BC ${formatPrice(Math.round(refund.taxes[0]!.amount * 100))}`,
      'Total refunded $10.00',
    ]) {
      expect(text).toContain(expected);
    }
    expectMessage(
      await f.call('GET', `/api/orders/${order.id}/refunds/999999/credit-note.pdf`, { token: owner.token }),
      404,
      CREDIT_NOTE_NOT_FOUND,
    );
    expect((await f.call('GET', url, { token: (await f.person()).token })).statusCode).toBe(404);
  });

  it("lists a refund by line's units on its credit note, each with its tax", async () => {
    const order = await f.buy(owner, [{ id: product.id, quantity: 3 }]);
    const item = order.items[0]!;
    const res = await f.call('POST', `/api/orders/${order.id}/refunds`, {
      token: admin.token,
      body: { lines: [{ item_id: item.id, quantity: 2 }], shipping: true, reason: 'Two boxes crushed' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json<Order>().refunds[0]!;
    const pdf = await f.call('GET', `/api/orders/${order.id}/refunds/${refund.id}/credit-note.pdf`, {
      token: owner.token,
    });
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const expected of [
      'Description Tax Qty Unit price Amount',
      `${item.product_name} GST 2 ${formatPrice(item.price)} ${formatPrice(item.price * 2)}`,
      `Goods ${formatPrice(item.price * 2)}`,
      `Shipping ${formatPrice(Math.round(order.shipping_cost * 100))}`,
      `Total refunded ${formatPrice(Math.round(refund.amount * 100))}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is the owner’s and the admins’ only: anyone else is told it does not exist', async () => {
    const order = await f.buy(owner, [{ id: product.id, quantity: 1 }]);
    expect((await receipt(order.id, admin.token)).statusCode).toBe(200);
    const stranger = await f.person();
    expect((await receipt(order.id, stranger.token)).statusCode).toBe(404);
    expect((await receipt(order.id)).statusCode).toBe(401);
    expect((await receipt(999_999, owner.token)).statusCode).toBe(404);
  });
});
