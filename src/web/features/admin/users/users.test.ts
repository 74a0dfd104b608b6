/** The user edit form's rules: the e-mail check and what a save sends. */
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../domain/accounts';
import { userChanges, userEditSchema, userEditValues } from './users';

describe('user edit', () => {
  const user: User = {
    id: 3,
    email: 'maya@example.ca',
    emailVerified: true,
    pendingEmail: null,
    hasPassword: true,
    firstName: 'Maya',
    lastName: 'Tremblay',
    phoneNumber: '+16045550123',
    address: null,
    isAdmin: false,
    isSubscribedEmail: true,
    isSubscribedPhone: true,
    createdAt: '2026-11-21T10:00:00.000Z',
  };

  it("refuses a bad e-mail with the spec's message", () => {
    const result = userEditSchema.safeParse({ ...userEditValues(user), email: 'maya-at-example' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
  });

  it('sends only the changed fields; the phone as typed matches the stored one', () => {
    const unchanged = userEditSchema.parse(userEditValues(user));
    expect(userChanges(user, unchanged)).toEqual({});
    const edit = userEditSchema.parse({
      ...userEditValues(user),
      email: 'Maya.T@Example.ca',
      address: ' 1 Main St ',
    });
    expect(userChanges(user, edit)).toEqual({ email: 'maya.t@example.ca', address: '1 Main St' });
  });
});
