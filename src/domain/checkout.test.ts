import { describe, expect, it } from 'vitest';
import {
  cartItemsField,
  createPaymentIntentSchema,
  canadianPostalCode,
  INVALID_POSTAL_CODE,
  withShippingArea,
  DEFAULT_SHIPPING_AREA,
  OUTSIDE_SHIPPING_AREA,
  POSTAL_CODE_PATTERN,
  postalCodeField,
  shippingInfoSchema,
  testCardConfirmSchema,
} from './checkout.js';
import { messages } from './messages.js';
import { INVALID_PHONE } from './phone.js';
import type { z } from './zod.js';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

const shipping = {
  firstName: 'Ada',
  lastName: 'Maple',
  address1: '1 Main St',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'V5K 0A1',
  country: 'Canada',
  phoneNumber: '604 555 0123',
  email: 'ada@example.ca',
};

describe('postal codes', () => {
  it.each([
    ['V5K 0A1', 'V5K 0A1'],
    ['v5k0a1', 'V5K 0A1'],
    ['V5K-0A1', 'V5K 0A1'],
    ['  v5k 0a1 ', 'V5K 0A1'],
    ['V6B 1A1', 'V6B 1A1'],
    ['v9z9z9', 'V9Z 9Z9'],
  ])('accepts %j as %j', (input, normalised) => {
    expect(postalCodeField.parse(input)).toBe(normalised);
  });

  it.each([
    'V5K 0A',
    'V5K 0A12',
    '5VK 0A1',
    'V5K  0A1',
    'V5K_0A1',
    'V5K--0A1',
    'V5K 0AA',
    '12345',
    '',
    'Ä5K 0A1',
    'V5K 0A1\nX',
    // Letters Canada Post never uses (decision 0050): D F I O Q U anywhere, W or Z first.
    'D5K 0A1',
    'V5D 0A1',
    'V5K 0F1',
    'V6B 1I1',
    'V5O 0A1',
    'V5K 0Q1',
    'V6B 1U1',
    'U5K 0A1',
    'W1A 1A1',
    'Z9Z 9Z9',
  ])('refuses %j with the spec message', (input) => {
    expect(messageOf(postalCodeField, input)).toBe(INVALID_POSTAL_CODE);
  });

  it('refuses a non-string with the spec message', () => {
    expect(messageOf(postalCodeField, 12345)).toBe(INVALID_POSTAL_CODE);
    expect(messageOf(postalCodeField, undefined)).toBe(INVALID_POSTAL_CODE);
  });

  it.each([
    ['Toronto', 'M5H 2N2'],
    ['Montréal', 'H2Y 1C6'],
    ['Nunavut (Iqaluit)', 'X0A 0H0'],
    ['Calgary', 't2p 1j9'],
    ['Yukon', 'Y1A-2C6'],
  ])('refuses a %s postal code (%j) where the shop ships within British Columbia', (_where, input) => {
    // A Canadian code: the payload's schema takes it; where the shop ships is the settings' rule.
    expect(canadianPostalCode(input)).not.toBeNull();
    expect(messageOf(postalCodeField, input)).toBeNull();
    const shipsToBC = withShippingArea(shippingInfoSchema, DEFAULT_SHIPPING_AREA);
    expect(messageOf(shipsToBC, { ...shipping, postalCode: input })).toBe(OUTSIDE_SHIPPING_AREA);
  });

  it('tells a Canadian postal code from one in British Columbia', () => {
    expect(canadianPostalCode(' m5h2n2 ')).toBe('M5H 2N2');
    expect(canadianPostalCode('W1A 1A1')).toBeNull();
    expect(OUTSIDE_SHIPPING_AREA).toBe(
      'We ship within British Columbia for now. Please enter a BC postal code (it starts with V).',
    );
  });

  it('states the pattern as the spec does: letter, digit, letter, optional space or hyphen, digit, letter, digit', () => {
    expect(POSTAL_CODE_PATTERN.test('A1A1A1')).toBe(true);
    expect(POSTAL_CODE_PATTERN.test('A1A 1A1')).toBe(true);
    expect(POSTAL_CODE_PATTERN.test('A1A-1A1')).toBe(true);
    expect(POSTAL_CODE_PATTERN.test('A1A.1A1')).toBe(false);
    expect(INVALID_POSTAL_CODE).toBe('Please enter a valid Canadian postal code (e.g., A1A 1A1).');
  });
});

describe('shippingInfoSchema', () => {
  it('trims, normalises phone and postal code, lower-cases the e-mail and fixes the country', () => {
    expect(
      shippingInfoSchema.parse({
        ...shipping,
        firstName: ' Ada ',
        postalCode: 'v5k0a1',
        email: ' Ada@Example.CA ',
        address2: '  ',
        country: undefined,
      }),
    ).toEqual({
      ...shipping,
      firstName: 'Ada',
      postalCode: 'V5K 0A1',
      email: 'ada@example.ca',
      phoneNumber: '+16045550123',
      address2: undefined,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no first name', { firstName: ' ' }, 'Please enter your first name.'],
    ['no last name', { lastName: undefined }, 'Please enter your last name.'],
    ['no address', { address1: '' }, 'Please enter your address.'],
    ['no city', { city: '' }, 'Please enter your city.'],
    ['a province that is not one', { state: 'Atlantis' }, 'Please choose your province.'],
    ['no province', { state: undefined }, 'Please choose your province.'],
    ['a bad postal code', { postalCode: 'V5K 0A' }, INVALID_POSTAL_CODE],
    ['another country', { country: 'United States' }, 'We ship within Canada only.'],
    ['an empty phone', { phoneNumber: '' }, 'Please enter your phone number.'],
    ['a foreign phone', { phoneNumber: '+44 20 7946 0958' }, INVALID_PHONE],
    ['no e-mail', { email: '' }, messages.emailRequired],
    ['a bad e-mail', { email: 'ada@' }, messages.invalidEmail],
  ])('refuses %s', (_what, change, message) => {
    expect(messageOf(shippingInfoSchema, { ...shipping, ...change })).toBe(message);
  });

  it('refuses a missing phone number (with the invalid-number text, as for a non-string)', () => {
    const { phoneNumber: _omitted, ...noPhone } = shipping;
    expect(messageOf(shippingInfoSchema, noPhone)).toBe(INVALID_PHONE);
    expect(messageOf(shippingInfoSchema, { ...shipping, phoneNumber: null })).toBe(
      'Please enter your phone number.',
    );
  });
});

describe('cartItemsField', () => {
  it('accepts 1 to 99 of distinct products', () => {
    expect(
      cartItemsField.parse([
        { id: 1, quantity: 1 },
        { id: 2, quantity: 99 },
      ]),
    ).toHaveLength(2);
  });

  it.each<[string, unknown, string]>([
    ['an empty cart', [], 'Your cart is empty'],
    ['quantity 0', [{ id: 1, quantity: 0 }], 'Quantities start at 1.'],
    ['quantity 100', [{ id: 1, quantity: 100 }], 'Quantities go up to 99.'],
    ['quantity 1.5', [{ id: 1, quantity: 1.5 }], 'Quantities are whole numbers.'],
    ['a string quantity', [{ id: 1, quantity: '2' }], 'Each item needs a quantity.'],
    ['no id', [{ quantity: 2 }], 'Each item needs a product id.'],
    [
      'a product twice',
      [
        { id: 1, quantity: 1 },
        { id: 1, quantity: 2 },
      ],
      'Each product may appear only once in items.',
    ],
    ['not a list', { id: 1, quantity: 1 }, 'items must be a list of { id, quantity }.'],
  ])('refuses %s', (_what, items, message) => {
    expect(messageOf(cartItemsField, items)).toBe(message);
  });
});

describe('createPaymentIntentSchema', () => {
  const body = { amount: 4174, shippingInfo: shipping, items: [{ id: 1, quantity: 1 }] };
  it('takes the amount in whole cents', () => {
    expect(createPaymentIntentSchema.parse(body).amount).toBe(4174);
    for (const amount of [41.74, 0, -1, '4174', undefined]) {
      expect(messageOf(createPaymentIntentSchema, { ...body, amount })).toBe(
        'amount must be the total in cents.',
      );
    }
  });
});

describe('testCardConfirmSchema', () => {
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 34, cvc: '123' };
  it('strips spaces and dashes and reads two-digit years as 20xx', () => {
    expect(testCardConfirmSchema.parse({ client_secret: 's', card }).card).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2034,
      cvc: '123',
    });
    expect(
      testCardConfirmSchema.parse({ client_secret: 's', card: { ...card, number: '4242-4242-4242-4242' } })
        .card.number,
    ).toBe('4242424242424242');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a short number', { number: '4242' }, 'Your card number is incomplete.'],
    ['letters', { number: '4242 4242 4242 424x' }, 'Your card number is incomplete.'],
    ['month 13', { exp_month: 13 }, "Your card's expiration month is invalid."],
    ['month 0', { exp_month: 0 }, "Your card's expiration month is invalid."],
    ['a two-digit cvc', { cvc: '12' }, "Your card's security code is incomplete."],
  ])('refuses %s', (_what, change, message) => {
    expect(messageOf(testCardConfirmSchema, { client_secret: 's', card: { ...card, ...change } })).toBe(
      message,
    );
  });
});
