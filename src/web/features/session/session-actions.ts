/**
 * Signing in and out in the browser: storage, the marketing identify, the server.
 * No schema library here: the cart page signs in from a restore link (refresh-stored-user.ts has the
 * one read that validates an answer).
 */
import type { AuthResponse } from '../../../domain/accounts';
import { apiRequest } from '../../api';
import { identify } from '../marketing/track';
import { clearSession, readStoredToken, storeSession, type StoredSessionKind } from './stored-session';

/**
 * Stores the session of a successful login, registration, Google sign-in or cart restore link
 * (`kind` 'restore') and identifies the shopper.
 */
export function signIn({ token, user }: AuthResponse, kind: StoredSessionKind = 'full'): void {
  storeSession(token, user, kind);
  identify({ email: user.email, firstName: user.firstName, lastName: user.lastName });
}

/** Ends the session on the server, then forgets it here whatever the server said. */
export async function signOut(): Promise<void> {
  if (readStoredToken()) {
    try {
      await apiRequest('/api/users/logout', { method: 'POST' });
    } catch (error) {
      // Already ended (401) or the network is down: the token is dropped here either way.
      console.warn('Logout request failed', error);
    }
  }
  clearSession();
}

/**
 * Where to go after signing in: the page that sent the shopper to /login (navigation state `from`,
 * docs/product.md, Screens), when it is a path on this site, else /shop.
 */
export function afterLoginPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')) {
    if (!/^\/(login|register)(\/|\?|$)/.test(from)) return from;
  }
  return '/shop';
}

/**
 * Where to go after creating an account: back to the checkout when the checkout sent the shopper to
 * sign in (so the cart is not lost on the way), else /shop (docs/product.md, Register).
 */
export function afterRegistrationPath(state: unknown): string {
  const from = afterLoginPath(state);
  return /^\/checkout(\/|\?|$)/.test(from) ? from : '/shop';
}

/** Navigation state that makes the page arrived at say "Welcome, {first name}" (WelcomeNotice). */
export function welcomeState(firstName: string): { welcome: string } {
  return { welcome: firstName };
}

/** The first name to welcome, from navigation state written by `welcomeState`, or null. */
export function welcomeName(state: unknown): string | null {
  const name = state && typeof state === 'object' && 'welcome' in state ? state.welcome : null;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}
