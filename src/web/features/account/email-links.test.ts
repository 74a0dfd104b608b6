/**
 * The browser side of the account e-mail links (decision 0021): the token leaves the address bar,
 * each token is sent once whatever React does with effects, failures read clearly, and the profile
 * says the right thing about the account's address. Runs in Node with a minimal `window`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../domain/messages';
import { ApiError } from '../../api';
import {
  accountTexts,
  cameFromPasswordReset,
  emailNotice,
  PASSWORD_RESET_STATE,
  problemText,
  savedDetailsText,
  sendOnce,
  takeLinkToken,
} from './email-links';

const TOKEN = 'k3Jx_9QeZr-2bVtY7uWmA1sLpD0cHfNgE4iO6yXaB5q';

function browserAt(href: string) {
  const replaceState = vi.fn();
  const state = { idx: 0, key: 'default', usr: null };
  vi.stubGlobal('window', { location: { href }, history: { state, replaceState } });
  return { replaceState, state };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('takeLinkToken', () => {
  it('answers the token and leaves the rest of the address as it was, router state included', () => {
    const { replaceState, state } = browserAt(
      `https://northbite.ca/reset-password?token=${TOKEN}&utm_source=email#form`,
    );
    expect(takeLinkToken()).toBe(TOKEN);
    expect(replaceState).toHaveBeenCalledExactlyOnceWith(state, '', '/reset-password?utm_source=email#form');
  });

  it('leaves a bare path when the token was all the query had', () => {
    const { replaceState } = browserAt(`https://northbite.ca/verify-email?token=${TOKEN}`);
    expect(takeLinkToken()).toBe(TOKEN);
    expect(replaceState).toHaveBeenCalledWith(expect.anything(), '', '/verify-email');
  });

  it('answers null, and touches nothing, without a token', () => {
    const { replaceState } = browserAt('https://northbite.ca/reset-password');
    expect(takeLinkToken()).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('answers null for an empty token, but still clears it from the address', () => {
    const { replaceState } = browserAt('https://northbite.ca/reset-password?token=');
    expect(takeLinkToken()).toBeNull();
    expect(replaceState).toHaveBeenCalledWith(expect.anything(), '', '/reset-password');
  });

  it('answers null on the server', () => {
    expect(takeLinkToken()).toBeNull();
  });
});

describe('sendOnce', () => {
  it('sends once per key and hands every caller the same answer (StrictMode runs effects twice)', async () => {
    const send = vi.fn(() => Promise.resolve({ email: 'maya@example.ca' }));
    const first = sendOnce('verify-email:a', send);
    const second = sendOnce('verify-email:a', send);
    expect(second).toBe(first);
    await expect(second).resolves.toEqual({ email: 'maya@example.ca' });
    // Later callers too: a link works once, so it is never sent again in this page load.
    await expect(sendOnce('verify-email:a', send)).resolves.toEqual({ email: 'maya@example.ca' });
    expect(send).toHaveBeenCalledTimes(1);
    await sendOnce('verify-email:b', send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to the callers waiting for it, then lets a retry send again', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('works');
    const first = sendOnce('reset-check:x', send);
    const waiting = sendOnce('reset-check:x', send);
    await expect(first).rejects.toThrow('Failed to fetch');
    await expect(waiting).rejects.toThrow('Failed to fetch');
    await expect(sendOnce('reset-check:x', send)).resolves.toBe('works');
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('problemText', () => {
  it("says the server's reason: a refused link, too many requests", () => {
    expect(problemText(new ApiError(messages.resetLinkInvalid, 400))).toBe(messages.resetLinkInvalid);
    expect(problemText(new ApiError(messages.tooManyRequests, 429))).toBe(messages.tooManyRequests);
  });

  it('says the shop could not be reached when no answer came', () => {
    expect(problemText(new TypeError('Failed to fetch'))).toBe(accountTexts.unreachable);
  });
});

describe('emailNotice', () => {
  const base = { email: 'maya@example.ca' };

  it('says nothing for a confirmed address, nor for an older stored copy that does not know', () => {
    expect(emailNotice({ ...base, emailVerified: true, pendingEmail: null })).toBeNull();
    expect(emailNotice(base)).toBeNull();
  });

  it('asks to confirm an address that is not confirmed yet', () => {
    expect(emailNotice({ ...base, emailVerified: false, pendingEmail: null })).toEqual({
      kind: 'unverified',
      email: 'maya@example.ca',
    });
  });

  it('tells of a new address waiting, and that the current one stays until then', () => {
    expect(emailNotice({ ...base, emailVerified: true, pendingEmail: 'maya@new.ca' })).toEqual({
      kind: 'pending',
      email: 'maya@example.ca',
      pendingEmail: 'maya@new.ca',
      verified: true,
    });
    expect(emailNotice({ ...base, emailVerified: false, pendingEmail: 'maya@new.ca' })).toMatchObject({
      kind: 'pending',
      verified: false,
    });
  });
});

describe('savedDetailsText', () => {
  it('points to the new inbox after an e-mail change, and says saved otherwise', () => {
    const pending = { email: 'maya@example.ca', emailVerified: true, pendingEmail: 'maya@new.ca' };
    const text = savedDetailsText('email', pending);
    expect(text).toContain('maya@new.ca');
    expect(text).toContain('keeps maya@example.ca');
    expect(savedDetailsText('firstName', pending)).toBe(accountTexts.detailsSaved);
    expect(savedDetailsText('email', { ...pending, pendingEmail: null })).toBe(accountTexts.detailsSaved);
  });
});

describe('cameFromPasswordReset', () => {
  it('knows the state the reset page navigates with, and nothing else', () => {
    expect(cameFromPasswordReset(PASSWORD_RESET_STATE)).toBe(true);
    expect(cameFromPasswordReset({ from: '/profile' })).toBe(false);
    expect(cameFromPasswordReset(null)).toBe(false);
  });
});
