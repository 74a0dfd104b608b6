import { describe, expect, it } from 'vitest';
import {
  addressCreateSchema,
  addressSummary,
  addressUpdateSchema,
  addressMessages,
  sameAddress,
  savedAddressFieldsSchema,
} from './addresses.js';
import {
  DEFAULT_SHIPPING_AREA,
  INVALID_POSTAL_CODE,
  OUTSIDE_SHIPPING_AREA,
  withShippingArea,
} from './checkout.js';

const home = {
  firstName: 'Ada',
  lastName: 'Maple',
  address1: '1055 Canada Place',
  city: 'Vancouver',
  state: 'British Columbia',
  postalCode: 'v6c0c3',
  phoneNumber: '604 555 0123',
};
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('saved addresses', () => {
  it('take the shipping form’s fields and rules, without the e-mail', () => {
    expect(savedAddressFieldsSchema.parse({ ...home, email: 'x@example.ca' })).toEqual({
      ...home,
      address2: null,
      postalCode: 'V6C 0C3',
      country: 'Canada',
      phoneNumber: '+16045550123',
    });
    // Where the shop ships is the settings' rule, checked with the whole address (decision 0068).
    expect(
      messageOf(
        withShippingArea(addressCreateSchema, DEFAULT_SHIPPING_AREA).safeParse({
          ...home,
          postalCode: 'M5H 2N2',
        }),
      ),
    ).toBe(OUTSIDE_SHIPPING_AREA);
    expect(messageOf(addressCreateSchema.safeParse({ ...home, postalCode: 'V5K 0I1' }))).toBe(
      INVALID_POSTAL_CODE,
    );
    expect(messageOf(addressUpdateSchema.safeParse({ postalCode: 'X0A 0H0' }))).toBeNull();
  });

  it('change only what is sent, move the default but never unset it', () => {
    expect(addressUpdateSchema.parse({ address2: '' })).toEqual({ address2: null });
    expect(messageOf(addressUpdateSchema.safeParse({}))).toBe(addressMessages.nothingToChange);
    expect(messageOf(addressUpdateSchema.safeParse({ isDefault: false }))).toBe(
      addressMessages.defaultOnlyTrue,
    );
  });

  it('summarise on one line, and tell the same address whatever its case and spacing', () => {
    const fields = savedAddressFieldsSchema.parse({ ...home, address2: 'Suite 12' });
    expect(addressSummary(fields)).toBe('1055 Canada Place, Suite 12, Vancouver, British Columbia V6C 0C3');
    const shouted = savedAddressFieldsSchema.parse({
      ...home,
      address1: ' 1055  CANADA place',
      address2: 'suite 12',
    });
    expect(sameAddress(fields, shouted)).toBe(true);
    expect(sameAddress(fields, { ...fields, address2: null })).toBe(false);
  });
});
