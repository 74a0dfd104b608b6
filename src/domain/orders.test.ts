import { describe, expect, it } from 'vitest';
import {
  canCancel,
  cancelBlockedReason,
  canTransition,
  isFinalStatus,
  OPEN_ORDER_STATUSES,
  ORDER_TRANSITIONS,
  transitionBlockedReason,
  canEditAddress,
  ORDER_STATUSES,
  orderAddressUpdateSchema,
  orderStatusUpdateSchema,
  STATUS_COLOURS,
  type OrderStatus,
} from './orders.js';
import { INVALID_POSTAL_CODE } from './checkout.js';
import type { z } from './zod.js';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('order statuses', () => {
  it('are the six of the admin list, in its order', () => {
    expect(ORDER_STATUSES).toEqual([
      'Pending',
      'In Progress',
      'Shipped',
      'Delivered',
      'Canceled',
      'Refunded',
    ]);
  });

  it('open (still to be made and shipped): Pending and In Progress, neither of them final', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['Pending', 'In Progress']);
    for (const status of OPEN_ORDER_STATUSES) expect(isFinalStatus(status)).toBe(false);
  });

  it.each<[OrderStatus, boolean]>([
    ['Pending', true],
    ['In Progress', true],
    ['Shipped', false],
    ['Delivered', false],
    ['Canceled', false],
    ['Refunded', false],
  ])('address editable in %s: %s', (status, editable) => {
    expect(canEditAddress(status)).toBe(editable);
  });

  it.each<[OrderStatus, boolean, string | null]>([
    ['Pending', true, null],
    ['In Progress', false, 'This order is being prepared and cannot be canceled.'],
    ['Shipped', false, 'This order has shipped and cannot be canceled.'],
    ['Delivered', false, 'This order has been delivered and cannot be canceled.'],
    ['Canceled', false, 'This order has been canceled.'],
    ['Refunded', false, 'This order has been refunded.'],
  ])('cancellable in %s: %s, reason %j', (status, cancellable, reason) => {
    expect(canCancel(status)).toBe(cancellable);
    expect(cancelBlockedReason(status)).toBe(reason);
  });

  it('gives a reason exactly when cancelling is refused', () => {
    for (const status of ORDER_STATUSES) {
      expect(cancelBlockedReason(status) === null).toBe(canCancel(status));
    }
  });

  it('colours Canceled red, Shipped blue, In Progress dark green, Delivered green, others purple', () => {
    expect(STATUS_COLOURS).toEqual({
      Pending: 'purple',
      'In Progress': 'dark-green',
      Shipped: 'blue',
      Delivered: 'green',
      Canceled: 'red',
      Refunded: 'purple',
    });
    expect(Object.keys(STATUS_COLOURS).sort()).toEqual([...ORDER_STATUSES].sort());
  });
});

describe('orderAddressUpdateSchema', () => {
  const valid = {
    shipping_address: ' 1 Main St ',
    shipping_city: ' Burnaby ',
    shipping_state: 'British Columbia',
    shipping_postal_code: 'v5k-0a1',
  };

  it('trims, defaults the country to Canada and normalises the postal code', () => {
    expect(orderAddressUpdateSchema.parse(valid)).toEqual({
      shipping_address: '1 Main St',
      shipping_city: 'Burnaby',
      shipping_state: 'British Columbia',
      shipping_country: 'Canada',
      shipping_postal_code: 'V5K 0A1',
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a bad postal code', { shipping_postal_code: 'V5K 0A' }, INVALID_POSTAL_CODE],
    ['a province that is not one', { shipping_state: 'Cascadia' }, 'Please choose your province.'],
    ['another country', { shipping_country: 'USA' }, 'We ship within Canada only.'],
    ['a blank address', { shipping_address: '  ' }, 'Please enter the address.'],
    ['a blank city', { shipping_city: '' }, 'Please enter the city.'],
    ['no city', { shipping_city: undefined }, 'Please enter the city.'],
  ])('refuses %s', (_what, change, message) => {
    expect(messageOf(orderAddressUpdateSchema, { ...valid, ...change })).toBe(message);
  });
});

describe('orderStatusUpdateSchema', () => {
  it('accepts every status, the paid flag, or both', () => {
    for (const status of ORDER_STATUSES)
      expect(orderStatusUpdateSchema.parse({ status })).toEqual({ status });
    expect(orderStatusUpdateSchema.parse({ is_paid: false })).toEqual({ is_paid: false });
    expect(orderStatusUpdateSchema.parse({ status: 'Shipped', is_paid: true })).toEqual({
      status: 'Shipped',
      is_paid: true,
    });
  });

  it('refuses an unknown status, a non-boolean paid flag and an empty update', () => {
    expect(messageOf(orderStatusUpdateSchema, { status: 'Processing' })).toMatch(/^status must be one of/);
    expect(messageOf(orderStatusUpdateSchema, { status: 'pending' })).toMatch(/^status must be one of/);
    expect(messageOf(orderStatusUpdateSchema, { is_paid: 'true' })).toBe('is_paid must be true or false.');
    expect(messageOf(orderStatusUpdateSchema, {})).toBe('Send a status, is_paid, or both.');
  });
});

describe('the status table: every from → to pair, for the admin and for the customer', () => {
  // Rows: from; columns: to, in ORDER_STATUSES order. A: admin may; C: customer may too; -: no one.
  const TABLE: Record<OrderStatus, string> = {
    //              Pending  In Progress  Shipped  Delivered  Canceled  Refunded
    Pending: '      =        A            A        A          AC        -',
    'In Progress': 'A        =            A        A          A         -',
    Shipped: '      A        A            =        A          A         -',
    Delivered: '    A        A            A        =          -         -',
    Canceled: '     -        -            -        -          =         -',
    Refunded: '     -        -            -        -          -         =',
  };
  const cells = (from: OrderStatus) => TABLE[from].trim().split(/\s+/);

  for (const from of ORDER_STATUSES) {
    ORDER_STATUSES.forEach((to, i) => {
      const cell = cells(from)[i]!;
      it(`${from} → ${to}: ${cell}`, () => {
        expect(canTransition(from, to, 'admin')).toBe(cell.includes('A'));
        expect(canTransition(from, to, 'customer')).toBe(cell.includes('C'));
        if (from === to) expect(transitionBlockedReason(from, to)).toBeNull();
        else expect(transitionBlockedReason(from, to) === null).toBe(cell.includes('A'));
      });
    });
  }

  it("is what the customer's cancel follows: cancelling is the customer's move to Canceled", () => {
    for (const status of ORDER_STATUSES) {
      expect(canCancel(status)).toBe(canTransition(status, 'Canceled', 'customer'));
      expect(ORDER_TRANSITIONS[status].customer.every((to) => to === 'Canceled')).toBe(true);
    }
  });

  it('calls final exactly the statuses nothing leads out of: Canceled and Refunded', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['Canceled', 'Refunded']);
  });

  it('has nothing leading out of Canceled or Refunded, and nothing into Refunded by hand', () => {
    for (const actor of ['admin', 'customer'] as const) {
      for (const to of ORDER_STATUSES) {
        expect(canTransition('Canceled', to, actor)).toBe(false);
        expect(canTransition('Refunded', to, actor)).toBe(false);
        expect(canTransition(to, 'Refunded', actor)).toBe(false);
      }
    }
    expect(transitionBlockedReason('Shipped', 'Refunded')).toBe(
      'An order becomes Refunded when its payment is refunded in full. Use Refund instead.',
    );
    expect(transitionBlockedReason('Canceled', 'Pending')).toBe(
      'This order is canceled, which is final. Place a new order instead.',
    );
    expect(transitionBlockedReason('Delivered', 'Canceled')).toBe(
      'An order that is Delivered cannot be set to Canceled.',
    );
  });
});
