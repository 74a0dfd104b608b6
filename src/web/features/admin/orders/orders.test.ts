/** The order dialog's rules: what a save sends, the shipping fields, the timeline, the statuses and refunds. */
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../domain/messages';
import type { Order } from '../../../../domain/orders';
import {
  actorLabel,
  CARRIER_NEEDED_MESSAGE,
  defaultRefundAmount,
  lineRefundOf,
  orderTimelineSchema,
  ordersPath,
  parseRefundAmount,
  refundLeftCents,
  shippingInput,
  shippingLeftToRefund,
  shippingProblem,
  statusChange,
  statusOptions,
  TRACKING_NUMBER_MESSAGE,
  unitsLeftToRefund,
} from './orders';

describe('orders', () => {
  it('sends the status and paid flag only when they change', () => {
    const order = { status: 'Pending' as const, is_paid: true };
    expect(statusChange(order, 'Pending', true)).toBeNull();
    expect(statusChange(order, 'Shipped', true)).toEqual({ status: 'Shipped' });
    expect(statusChange(order, 'Pending', false)).toEqual({ is_paid: false });
  });

  it('sends the carrier and tracking number only when they change, trimmed, and null to clear them', () => {
    const order = { status: 'Pending' as const, is_paid: true, carrier: null, tracking_number: null };
    const none = shippingInput(order);
    expect(none).toEqual({ carrier: '', trackingNumber: '' });
    expect(statusChange(order, 'Pending', true, none)).toBeNull();
    expect(statusChange(order, 'Pending', true, { carrier: '', trackingNumber: '   ' })).toBeNull();
    expect(
      statusChange(order, 'Shipped', true, { carrier: 'Canada Post', trackingNumber: ' 1234  5678 ' }),
    ).toEqual({ status: 'Shipped', carrier: 'Canada Post', tracking_number: '1234 5678' });

    const shipped = {
      status: 'Shipped' as const,
      is_paid: true,
      carrier: 'UPS' as const,
      tracking_number: '1Z999',
    };
    expect(statusChange(shipped, 'Shipped', true, shippingInput(shipped))).toBeNull();
    expect(statusChange(shipped, 'Shipped', true, { carrier: 'UPS', trackingNumber: '1Z998' })).toEqual({
      tracking_number: '1Z998',
    });
    expect(statusChange(shipped, 'Shipped', true, { carrier: '', trackingNumber: '' })).toEqual({
      carrier: null,
      tracking_number: null,
    });
  });

  it('checks the tracking number with the shared pattern, and asks for its carrier', () => {
    expect(shippingProblem({ carrier: '', trackingNumber: '' })).toBeNull();
    expect(shippingProblem({ carrier: 'Canada Post', trackingNumber: '1234567890123456' })).toBeNull();
    expect(shippingProblem({ carrier: 'FedEx', trackingNumber: ' 7489 1234-5678 ' })).toBeNull();
    for (const bad of ['12', '-1234', '1234/5678', 'x'.repeat(41), 'ABC_123']) {
      expect(shippingProblem({ carrier: 'UPS', trackingNumber: bad })).toEqual({
        trackingNumber: TRACKING_NUMBER_MESSAGE,
      });
    }
    expect(shippingProblem({ carrier: '', trackingNumber: '1234567890' })).toEqual({
      carrier: CARRIER_NEEDED_MESSAGE,
    });
  });

  it('reads the timeline and names who did each thing', () => {
    const events = orderTimelineSchema.parse([
      {
        id: 1,
        at: '2026-11-25T08:00:00.000Z',
        kind: 'created',
        summary: 'Order placed',
        actor: { kind: 'customer', name: null },
      },
      {
        id: 2,
        at: '2026-11-25T09:00:00.000Z',
        kind: 'status',
        summary: 'Status: Pending → Shipped',
        actor: { kind: 'admin', name: 'Avery Tremblay' },
      },
    ]);
    expect(events.map((event) => actorLabel(event.actor))).toEqual(['Customer', 'Avery Tremblay']);
    expect(actorLabel({ kind: 'system', name: null })).toBe('Northbite');
    expect(actorLabel({ kind: 'admin', name: null })).toBe('Admin');
    expect(orderTimelineSchema.safeParse([{ ...events[0], kind: 'mystery' }]).success).toBe(false);
  });

  it('asks for a page of the list with the filters that are set', () => {
    expect(ordersPath({ status: '', q: '  ', page: 1 })).toBe('/api/orders?page=1&pageSize=20');
    expect(ordersPath({ status: 'In Progress', q: 'a@b.ca', page: 2 })).toBe(
      '/api/orders?status=In+Progress&q=a%40b.ca&page=2&pageSize=20',
    );
  });
});

describe('order status and refunds', () => {
  it('offers only the moves an admin may make, never Refunded, and nothing out of a final status', () => {
    expect(statusOptions('Pending')).toEqual(['Pending', 'In Progress', 'Shipped', 'Delivered', 'Canceled']);
    expect(statusOptions('Delivered')).toEqual(['Pending', 'In Progress', 'Shipped', 'Delivered']);
    expect(statusOptions('Canceled')).toEqual(['Canceled']);
    expect(statusOptions('Refunded')).toEqual(['Refunded']);
    for (const status of ['Pending', 'In Progress', 'Shipped', 'Delivered'] as const) {
      expect(statusOptions(status)).not.toContain('Refunded');
    }
  });

  const refund = (amount: number, status: Order['refunds'][number]['status']) => ({
    id: amount,
    amount,
    reason: 'r',
    status,
    created_at: '2026-11-21T10:00:00.000Z',
    goods: amount,
    shipping: 0,
    taxes: [],
    lines: [],
  });

  it('starts the amount at what is left: pending refunds count, failed ones do not', () => {
    expect(defaultRefundAmount({ total: 45.15, refunded: 0, refunds: [] })).toBe('45.15');
    const order = {
      total: 45.15,
      refunded: 10,
      refunds: [refund(10, 'succeeded'), refund(5, 'pending'), refund(20, 'failed')],
    };
    expect(refundLeftCents(order)).toBe(3015);
    expect(defaultRefundAmount(order)).toBe('30.15');
    expect(refundLeftCents({ total: 20, refunded: 20, refunds: [refund(20, 'succeeded')] })).toBe(0);
  });

  it('reads the amount in dollars, up to what is left', () => {
    expect(parseRefundAmount('12.5', 3015)).toEqual({ cents: 1250 });
    expect(parseRefundAmount(' 30.15 ', 3015)).toEqual({ cents: 3015 });
    expect(parseRefundAmount('30.16', 3015)).toEqual({ error: messages.refundTooLarge });
    expect(parseRefundAmount('0', 3015)).toEqual({ error: 'The refund must be more than $0.00.' });
    for (const bad of ['', 'abc', '1.234', '-5']) {
      expect(parseRefundAmount(bad, 3015)).toHaveProperty('error');
    }
  });

  it('prices chosen lines as the server does, counting refunds made or on their way, not failed ones', () => {
    // Two boxes at $11.99 (GST $1.20) and one bag at $9.92 (GST $0.50), $5 shipping.
    const order = {
      items: [
        {
          id: 11,
          product_id: 1,
          product_name: 'Cookies',
          quantity: 2,
          price: 1199,
          tax_class: 'standard' as const,
          taxes: [{ code: 'GST' as const, amount: 120 }],
        },
        {
          id: 12,
          product_id: 2,
          product_name: 'Granola',
          quantity: 1,
          price: 992,
          tax_class: 'standard' as const,
          taxes: [{ code: 'GST' as const, amount: 50 }],
        },
      ],
      subtotal: 33.9,
      shipping_cost: 5,
      taxes: [{ code: 'GST' as const, rate: 0.05, province: 'BC', amount: 1.7 }],
      refunds: [
        {
          ...refund(12.59, 'succeeded'),
          goods: 11.99,
          taxes: [{ code: 'GST' as const, province: 'BC', amount: 0.6 }],
          lines: [{ item_id: 11, quantity: 1 }],
        },
        { ...refund(9.92, 'failed'), goods: 9.92, lines: [{ item_id: 12, quantity: 1 }] },
      ],
    } as unknown as Order;
    expect(unitsLeftToRefund(order)).toEqual({ 11: 1, 12: 1 });
    expect(shippingLeftToRefund(order)).toBe(500);
    expect(lineRefundOf(order, { quantities: { 11: 1, 12: 1 }, shipping: true })).toEqual({
      parts: {
        goodsCents: 1199 + 992,
        shippingCents: 500,
        taxes: [{ code: 'GST', province: 'BC', amountCents: 60 + 50 }],
      },
    });
    expect(lineRefundOf(order, { quantities: { 11: 2 }, shipping: false })).toEqual({
      problem: 'Only 1 of Cookies is left to refund.',
    });
  });
});
