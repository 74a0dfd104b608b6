import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from './orders.js';
import { creditNoteOf, receiptOf } from './receipt.js';

const business = { legalName: 'Northbite Snacks Inc.', address: 'Vancouver, BC', gstHstNumber: null };

/** An order as the API answers it: two lines, $5 shipping, GST. */
function order(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: 7,
    user_id: 1,
    created_at: '2026-11-02T18:00:00.000Z',
    status: 'Delivered',
    total: 40.6,
    subtotal: 33.9,
    shipping_cost: 5,
    tax_amount: 1.7,
    taxes: [{ code: 'GST', rate: 0.05, province: 'BC', amount: 1.7 }],
    is_paid: true,
    payment_intent_id: 'pi_1',
    shipping_address: '1 Main St',
    shipping_address2: null,
    shipping_city: 'Vancouver',
    shipping_state: 'British Columbia',
    shipping_country: 'Canada',
    shipping_postal_code: 'V6B 1A1',
    first_name: 'Ada',
    last_name: 'Lee',
    email: 'ada@example.ca',
    phone_number: '6045550100',
    items: [
      {
        id: 11,
        product_id: 1,
        product_name: 'Chunky Cookie',
        quantity: 2,
        price: 1199,
        taxes: [{ code: 'GST', amount: 120 }],
      },
      {
        id: 12,
        product_id: 2,
        product_name: 'Granola',
        quantity: 1,
        price: 992,
        taxes: [{ code: 'GST', amount: 50 }],
      },
    ],
    ...overrides,
  });
}

describe('receipts and credit notes', () => {
  it("names each line's tax, and an older order's lines by the tax it was charged", () => {
    expect(receiptOf(order(), business).lines.map((line) => line.taxCodes)).toEqual(['GST', 'GST']);
    // Placed before taxes were kept per line: its GST was on every line, not "Zero-rated".
    const older = order();
    older.items = older.items.map((item) => ({ ...item, taxes: [] }));
    expect(receiptOf(older, business).lines.map((line) => line.taxCodes)).toEqual(['GST', 'GST']);
    // A line that paid no tax on an order that kept them is zero-rated.
    const mixed = order();
    mixed.items[1] = { ...mixed.items[1]!, taxes: [], tax_class: 'zero_rated' };
    expect(receiptOf(mixed, business).lines.map((line) => line.taxCodes)).toEqual(['GST', 'Zero-rated']);
  });

  it("lists a refund by line's units at their price, and none for a refund by amount", () => {
    const refunded = order({
      refunds: [
        {
          id: 3,
          amount: 12.59,
          reason: 'Crushed',
          status: 'succeeded',
          created_at: '2026-11-05T18:00:00.000Z',
          goods: 11.99,
          shipping: 0,
          taxes: [{ code: 'GST', province: 'BC', amount: 0.6 }],
          lines: [{ item_id: 11, quantity: 1 }],
        },
        {
          id: 4,
          amount: 2,
          reason: 'Late',
          status: 'succeeded',
          created_at: '2026-11-06T18:00:00.000Z',
          goods: 1.7,
          shipping: 0.2,
          taxes: [{ code: 'GST', province: 'BC', amount: 0.1 }],
          lines: [],
        },
      ],
    });
    expect(creditNoteOf(refunded, 3, business)?.lines).toEqual([
      { name: 'Chunky Cookie', quantity: 1, unitCents: 1199, amountCents: 1199, taxCodes: 'GST' },
    ]);
    expect(creditNoteOf(refunded, 4, business)?.lines).toEqual([]);
  });
});
