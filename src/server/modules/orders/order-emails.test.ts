import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../../domain/orders.js';
import { confirmationEmail, refundedEmail } from './order-emails.js';

/** A large order: 44 variety packs and a bag of granola. */
const order = orderSchema.parse({
  id: 41,
  user_id: 7,
  created_at: '2026-11-28T12:00:00.000Z',
  status: 'Pending',
  total: 1770.96,
  subtotal: 1686.96,
  shipping_cost: 0,
  tax_amount: 84.35,
  is_paid: true,
  payment_intent_id: 'pi_test',
  shipping_address: '1055 Canada Place',
  shipping_address2: null,
  shipping_city: 'Vancouver',
  shipping_state: 'British Columbia',
  shipping_country: 'Canada',
  shipping_postal_code: 'V6C 0C3',
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'jordan@example.ca',
  phone_number: '+16045550123',
  items: [
    { id: 1, product_id: 3, product_name: 'Chunky Variety Pack', quantity: 44, price: 3799 },
    { id: 2, product_id: 9, product_name: 'Maple Almond Granola', quantity: 1, price: 1195 },
  ],
});

describe('order e-mails write prices the way the shop does', () => {
  it('puts thousands separators in line totals and totals', () => {
    const mail = confirmationEmail(order, { confirmed: true }, 'https://shop.example');
    expect(mail.text).toContain('44 x Chunky Variety Pack  $1,671.56');
    expect(mail.text).toContain('Your receipt: https://shop.example/orders/41/receipt');
    expect(mail.text).toContain('Subtotal: $1,686.96');
    expect(mail.text).toContain('Total: $1,770.96 CAD');
    expect(mail.text).not.toMatch(/\$\d{4}/);
  });

  it('writes a large refund with a separator too', () => {
    const mail = refundedEmail(order, 123450, 'https://shop.example', { confirmed: true }, 7);
    expect(mail.subject).toBe('Your refund of $1,234.50 (#41)');
    expect(mail.text).toContain('Your credit note CN-000007: https://shop.example/orders/41/credit-notes/7');
  });
});
