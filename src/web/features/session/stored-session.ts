/**
 * The signed-in session kept in browser storage (keys `token` and `user`). The session is
 * restored only when both are present. The server renders signed-out; the signed-in view
 * appears after hydration, so public pages stay the same for everyone and can be cached.
 */
import { useSyncExternalStore } from 'react';
import type { User } from '../../../domain/accounts';

/** The stored user; older or partial records carry at least these fields. */
export type StoredUser = Pick<User, 'id' | 'email' | 'isAdmin'> & Partial<User>;

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/**
 * 'restore' while the stored session came from a cart restore link, which the server does not let
 * change the e-mail or password (decision 0040): the profile says so before the shopper tries.
 * Only a hint for the screen; the server decides.
 */
export const SESSION_KIND_KEY = 'sessionKind';
export type StoredSessionKind = 'full' | 'restore';

let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

function readStoredUser(): StoredUser | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(TOKEN_KEY) ? window.localStorage.getItem(USER_KEY) : null;
  } catch {
    return null;
  }
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<StoredUser> | null;
      if (parsed && typeof parsed.id === 'number' && typeof parsed.email === 'string') {
        cachedUser = { ...parsed, id: parsed.id, email: parsed.email, isAdmin: parsed.isAdmin === true };
      }
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

const listeners = new Set<() => void>();

/** Tells subscribers that the stored session changed in this tab (other tabs fire `storage`). */
export function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored user, or null when signed out (always null during the server render). */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, readStoredUser, () => null);
}

/** The stored user outside React (null when signed out or on the server). */
export function getStoredUser(): StoredUser | null {
  return typeof window === 'undefined' ? null : readStoredUser();
}

/** The stored session token, if any. */
export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function write(entries: [string, string | null][]): void {
  try {
    for (const [key, value] of entries) {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    }
  } catch (error) {
    console.warn('Could not save the session in browser storage', error);
  }
  notifySessionChanged();
}

/** Stores a new session (login, registration, Google sign-in, password change, a cart restore link). */
export function storeSession(token: string, user: User, kind: StoredSessionKind = 'full'): void {
  write([
    [TOKEN_KEY, token],
    [USER_KEY, JSON.stringify(user)],
    [SESSION_KIND_KEY, kind === 'restore' ? kind : null],
  ]);
}

/** Whether the stored session came from a cart restore link (see SESSION_KIND_KEY). */
export function readStoredSessionKind(): StoredSessionKind {
  try {
    return window.localStorage.getItem(SESSION_KIND_KEY) === 'restore' ? 'restore' : 'full';
  } catch {
    return 'full';
  }
}

/** Replaces the stored user after a profile update, keeping the session. */
export function storeUser(user: User): void {
  write([[USER_KEY, JSON.stringify(user)]]);
}

/** Forgets the session in this browser (the server side is ended separately, by logout). */
export function clearSession(): void {
  write([
    [TOKEN_KEY, null],
    [USER_KEY, null],
    [SESSION_KIND_KEY, null],
  ]);
}
