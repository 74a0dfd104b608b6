import { describe, expect, it } from 'vitest';
import {
  adminUserUpdateSchema,
  PROFILE_FIELDS,
  registerSchema,
  userUpdateSchema,
} from './account-details.js';
import {
  newPasswordField,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  reauthenticationFields,
} from './accounts.js';
import { messages } from './messages.js';
import { INVALID_PHONE } from './phone.js';
import type { z } from './zod.js';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

const valid = {
  firstName: 'Ada',
  lastName: 'Maple',
  email: 'ada@example.ca',
  password: 'Maple-Crunch-2024',
};

describe('registerSchema', () => {
  it('trims names and e-mail, lower-cases the e-mail, and leaves absent subscriptions to the server', () => {
    expect(
      registerSchema.parse({
        firstName: '  Ada ',
        lastName: '\tMaple\n',
        email: '  Ada.Maple@Example.CA ',
        password: valid.password,
      }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Maple',
      email: 'ada.maple@example.ca',
      phoneNumber: null,
      password: valid.password,
    });
  });

  it('keeps explicit subscription choices', () => {
    expect(
      registerSchema.parse({ ...valid, isSubscribedEmail: false, isSubscribedPhone: false }),
    ).toMatchObject({
      isSubscribedEmail: false,
      isSubscribedPhone: false,
    });
  });

  it('normalizes the phone to E.164, and treats empty or null as none', () => {
    expect(registerSchema.parse({ ...valid, phoneNumber: ' 604 555 0123 ' }).phoneNumber).toBe(
      '+16045550123',
    );
    expect(registerSchema.parse({ ...valid, phoneNumber: '' }).phoneNumber).toBeNull();
    expect(registerSchema.parse({ ...valid, phoneNumber: '   ' }).phoneNumber).toBeNull();
    expect(registerSchema.parse({ ...valid, phoneNumber: null }).phoneNumber).toBeNull();
  });

  it('refuses phones outside Canada and the US, and numbers that do not exist', () => {
    for (const phoneNumber of ['+44 20 7946 0958', '+1 876 555 1234', '999 555 1234', '12345', 6045550123]) {
      expect(messageOf(registerSchema, { ...valid, phoneNumber })).toBe(INVALID_PHONE);
    }
  });

  it('never trims a password, and holds it to 8..128 characters', () => {
    expect(registerSchema.parse({ ...valid, password: '  spaced  ' }).password).toBe('  spaced  ');
    const at = (length: number) => 'a'.repeat(length);
    expect(messageOf(registerSchema, { ...valid, password: at(PASSWORD_MIN_LENGTH - 1) })).toBe(
      'Password must be at least 8 characters.',
    );
    expect(messageOf(registerSchema, { ...valid, password: at(PASSWORD_MIN_LENGTH) })).toBeNull();
    expect(messageOf(registerSchema, { ...valid, password: at(PASSWORD_MAX_LENGTH) })).toBeNull();
    expect(messageOf(registerSchema, { ...valid, password: at(PASSWORD_MAX_LENGTH + 1) })).toBe(
      'Password must be at most 128 characters.',
    );
    expect(messageOf(registerSchema, { ...valid, password: '' })).toBe('Please enter a password.');
    expect(messageOf(registerSchema, { ...valid, password: undefined })).toBe('Please enter a password.');
    // Length is in characters as JavaScript counts them; 8 spaces are 8 characters.
    expect(messageOf(newPasswordField, ' '.repeat(8))).toBeNull();
  });

  it('gives each missing or blank field its own message', () => {
    expect(messageOf(registerSchema, { ...valid, firstName: undefined })).toBe(
      'Please enter your first name.',
    );
    expect(messageOf(registerSchema, { ...valid, firstName: '   ' })).toBe('Please enter your first name.');
    expect(messageOf(registerSchema, { ...valid, lastName: '' })).toBe('Please enter your last name.');
    expect(messageOf(registerSchema, { ...valid, email: undefined })).toBe(messages.emailRequired);
    expect(messageOf(registerSchema, { ...valid, email: 'ada@' })).toBe(messages.invalidEmail);
    expect(messageOf(registerSchema, { ...valid, firstName: 'x'.repeat(101) })).toBe(
      'Please keep your first name under 100 characters.',
    );
    expect(messageOf(registerSchema, { ...valid, firstName: 'x'.repeat(100) })).toBeNull();
    expect(messageOf(registerSchema, { ...valid, isSubscribedEmail: 'true' })).toBe(
      'isSubscribedEmail must be true or false.',
    );
  });

  it('strips keys it does not know (isAdmin, id, hashes)', () => {
    const parsed = registerSchema.parse({
      ...valid,
      isAdmin: true,
      id: 1,
      passwordHash: 'x',
      googleSubject: 'y',
      address: 'somewhere',
    });
    expect(Object.keys(parsed).sort()).toEqual(
      ['email', 'firstName', 'lastName', 'password', 'phoneNumber'].sort(),
    );
  });
});

describe('userUpdateSchema', () => {
  it('accepts any subset of the profile fields, and nothing at all', () => {
    expect(userUpdateSchema.parse({})).toEqual({});
    expect(userUpdateSchema.parse({ firstName: ' Grace ' })).toEqual({ firstName: 'Grace' });
  });

  it('normalizes what it keeps: e-mail lower-cased, phone E.164, empties to null', () => {
    expect(
      userUpdateSchema.parse({
        email: ' Grace@Example.CA ',
        phoneNumber: '(212) 555-1234',
        address: '  1 Main St  ',
        isSubscribedPhone: false,
      }),
    ).toEqual({
      email: 'grace@example.ca',
      phoneNumber: '+12125551234',
      address: '1 Main St',
      isSubscribedPhone: false,
    });
    expect(userUpdateSchema.parse({ phoneNumber: '', address: '   ' })).toEqual({
      phoneNumber: null,
      address: null,
    });
    expect(userUpdateSchema.parse({ phoneNumber: null, address: null })).toEqual({
      phoneNumber: null,
      address: null,
    });
  });

  it('drops every key outside the whitelist, isAdmin included', () => {
    const parsed = userUpdateSchema.parse({
      lastName: 'Hopper',
      isAdmin: true,
      id: 7,
      createdAt: '2001-01-01',
      passwordHash: 'x',
      password: 'Hijack-1234',
      googleSubject: 'g',
      email_verified: true,
    });
    expect(parsed).toEqual({ lastName: 'Hopper' });
  });

  it('refuses bad values with the messages the profile page shows', () => {
    expect(messageOf(userUpdateSchema, { email: 'nope' })).toBe(messages.invalidEmail);
    expect(messageOf(userUpdateSchema, { email: '' })).toBe(messages.emailRequired);
    expect(messageOf(userUpdateSchema, { firstName: '' })).toBe('Please enter your first name.');
    expect(messageOf(userUpdateSchema, { phoneNumber: '+33 1 23 45 67 89' })).toBe(INVALID_PHONE);
    expect(messageOf(userUpdateSchema, { address: 'x'.repeat(501) })).toBe(
      'Please keep your address under 500 characters.',
    );
    expect(messageOf(userUpdateSchema, { address: 'x'.repeat(500) })).toBeNull();
    expect(messageOf(userUpdateSchema, { address: 5 })).toBe('Please enter your address as text.');
    expect(messageOf(userUpdateSchema, { isSubscribedEmail: 1 })).toBe(
      'isSubscribedEmail must be true or false.',
    );
  });

  it('covers exactly the profile page fields, and the proof an e-mail change carries', () => {
    expect(Object.keys(userUpdateSchema.shape).sort()).toEqual(
      [...PROFILE_FIELDS, ...Object.keys(reauthenticationFields)].sort(),
    );
  });
});

describe('adminUserUpdateSchema', () => {
  it('adds isAdmin to the customer whitelist and nothing else', () => {
    expect(Object.keys(adminUserUpdateSchema.shape).sort()).toEqual(
      [...PROFILE_FIELDS, ...Object.keys(reauthenticationFields), 'isAdmin'].sort(),
    );
    expect(adminUserUpdateSchema.parse({ isAdmin: false, passwordHash: 'x', id: 1 })).toEqual({
      isAdmin: false,
    });
    expect(messageOf(adminUserUpdateSchema, { isAdmin: 'yes' })).toBe('isAdmin must be true or false.');
  });
});
