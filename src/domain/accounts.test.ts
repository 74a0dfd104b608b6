import { describe, expect, it } from 'vitest';
import {
  authResponseSchema,
  googleLoginSchema,
  loginSchema,
  passwordChangeSchema,
  userSchema,
} from './accounts.js';
import { messages } from './messages.js';
import type { z } from './zod.js';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('loginSchema', () => {
  it('only checks presence: trims the e-mail but leaves its case and the password alone', () => {
    expect(loginSchema.parse({ email: '  Ada@Example.CA ', password: ' pw ' })).toEqual({
      email: 'Ada@Example.CA',
      password: ' pw ',
    });
    // Not even an e-mail shape is required: whatever is wrong, the answer is 'Invalid credentials'.
    expect(loginSchema.parse({ email: 'x', password: 'y' })).toEqual({ email: 'x', password: 'y' });
  });

  it('asks for missing fields and refuses absurd lengths as invalid credentials', () => {
    expect(messageOf(loginSchema, {})).toBe('Please enter your email.');
    expect(messageOf(loginSchema, { email: '  ', password: 'x' })).toBe('Please enter your email.');
    expect(messageOf(loginSchema, { email: 'a@b.ca' })).toBe('Please enter your password.');
    expect(messageOf(loginSchema, { email: 'a@b.ca', password: '' })).toBe('Please enter your password.');
    expect(messageOf(loginSchema, { email: 'a'.repeat(255), password: 'x' })).toBe(
      messages.invalidCredentials,
    );
    expect(messageOf(loginSchema, { email: 'a@b.ca', password: 'x'.repeat(1025) })).toBe(
      messages.invalidCredentials,
    );
    expect(messageOf(loginSchema, { email: 'a@b.ca', password: 'x'.repeat(1024) })).toBeNull();
  });
});

describe('googleLoginSchema', () => {
  it('wants a non-empty string token of reasonable size', () => {
    expect(googleLoginSchema.parse({ token: 'a.b.c', extra: 1 })).toEqual({ token: 'a.b.c' });
    for (const token of [undefined, '', 42, 'x'.repeat(8193)]) {
      expect(messageOf(googleLoginSchema, { token })).toBe('token must be a Google ID token.');
    }
    expect(messageOf(googleLoginSchema, { token: 'x'.repeat(8192) })).toBeNull();
  });
});

describe('passwordChangeSchema', () => {
  it('makes the current password optional and applies the policy to the new one', () => {
    expect(passwordChangeSchema.parse({ newPassword: 'New-Password-1' })).toEqual({
      newPassword: 'New-Password-1',
    });
    expect(passwordChangeSchema.parse({ currentPassword: ' old ', newPassword: 'New-Password-1' })).toEqual({
      currentPassword: ' old ',
      newPassword: 'New-Password-1',
    });
    expect(messageOf(passwordChangeSchema, { newPassword: 'short' })).toBe(
      'Password must be at least 8 characters.',
    );
    expect(messageOf(passwordChangeSchema, {})).toBe('Please enter a password.');
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'x'.repeat(1025), newPassword: 'New-Password-1' })
        .success,
    ).toBe(false);
  });
});

describe('userSchema', () => {
  const user = {
    id: 1,
    email: 'ada@example.ca',
    emailVerified: false,
    pendingEmail: null,
    hasPassword: true,
    firstName: 'Ada',
    lastName: 'Maple',
    phoneNumber: null,
    address: null,
    isAdmin: false,
    isSubscribedEmail: true,
    isSubscribedPhone: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  };

  it('is the public user: its documented fields, never a password or its hash', () => {
    expect(Object.keys(userSchema.shape).sort()).toEqual(Object.keys(user).sort());
    for (const secret of ['password', 'passwordHash', 'googleSubject'])
      expect(userSchema.shape).not.toHaveProperty(secret);
    expect(userSchema.parse({ ...user, passwordHash: 'x' })).toEqual(user);
    expect(authResponseSchema.safeParse({ token: '', user }).success).toBe(false);
    expect(authResponseSchema.parse({ token: 't', user })).toEqual({ token: 't', user });
  });
});
