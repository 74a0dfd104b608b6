/** What the profile asks for before an e-mail or password change (decision 0040). */
import { describe, expect, it } from 'vitest';
import { reauthModeOf } from './reauthentication';

describe('reauthModeOf', () => {
  it('asks an account with a password for it, and takes an older stored user to have one', () => {
    expect(reauthModeOf({ hasPassword: true }, 'client.apps.googleusercontent.com')).toEqual({
      kind: 'password',
    });
    expect(reauthModeOf({}, null)).toEqual({ kind: 'password' });
  });

  it('asks a Google-only account for a fresh Google sign-in, or to set a password first without Google', () => {
    expect(reauthModeOf({ hasPassword: false }, 'client.apps.googleusercontent.com')).toEqual({
      kind: 'google',
      clientId: 'client.apps.googleusercontent.com',
    });
    expect(reauthModeOf({ hasPassword: false }, null)).toEqual({ kind: 'unavailable' });
  });
});
