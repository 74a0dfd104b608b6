/**
 * Reads the signed-in user kept in browser storage (keys `token` and `user`, SPEC §3). The session
 * is restored only when both are present (SPEC §4). The server renders signed-out; the signed-in
 * view appears after hydration, so public pages stay the same for everyone and can be cached.
 */
import { useSyncExternalStore } from 'react';

export interface StoredUser {
  id: number;
  email: string;
  firstName?: string;
  isAdmin: boolean;
}

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

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

/** The stored session token, if any. */
export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
