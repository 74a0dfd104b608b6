/**
 * The pages behind the links of the account e-mails (decision 0021): /reset-password?token=… and
 * /verify-email?token=…. The token is read in the browser only (the server sends everyone the same
 * page shell) and leaves the address bar at once, so it is not kept in the history, shown on screen
 * or seen by scripts that read the page address. Each token is sent once per page load, whatever
 * React does with effects (StrictMode runs them twice in development).
 */
import { useEffect, useRef, useState } from 'react';
import type { User } from '../../../domain/accounts';
import { ApiError } from '../../api';

/** Texts of the account pages that only the browser shows (shared ones are in domain/messages.ts). */
export const accountTexts = {
  unreachable: 'We could not reach Northbite. Please check your connection and try again.',
  forgotPassword: 'Forgot password?',
  detailsSaved: 'Your details are saved.',
  resendLink: 'Resend link',
  sendNewLink: 'Send a new link',
  askForNewLink: 'Ask for a new link',
  confirming: 'Confirming your e-mail…',
} as const;

/** The navigation state of the way to /profile after a password reset: the profile says it is done. */
export const PASSWORD_RESET_STATE = { passwordReset: true } as const;

export const cameFromPasswordReset = (state: unknown) =>
  Boolean(state && typeof state === 'object' && 'passwordReset' in state && state.passwordReset === true);

/** Reads the `token` of the page address and removes it from the address bar (other parts stay). */
export function takeLinkToken(): string | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  if (!url.searchParams.has('token')) return null;
  const token = url.searchParams.get('token');
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token || null;
}

/**
 * A link page's phase: starts at `initial`, then takes the page's token out of the address bar once
 * (a ref, not state, keeps it for StrictMode's second run) and becomes what `follow` makes of it.
 * `token()` is the token taken, for what the page sends later (null without one).
 */
export function useLinkToken<P>(initial: P, follow: (token: string | null) => Promise<P>) {
  const token = useRef<string | null | undefined>(undefined);
  const [phase, setPhase] = useState<P>(initial);
  useEffect(() => {
    if (token.current === undefined) token.current = takeLinkToken();
    let cancelled = false;
    void follow(token.current).then((next) => !cancelled && setPhase(next));
    return () => {
      cancelled = true;
    };
    // Once per page load: `follow` sends the token, which works once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { phase, setPhase, token: () => token.current ?? null };
}

const requests = new Map<string, Promise<unknown>>();

/**
 * Runs `send` once for `key` in this page load and hands every caller the same answer. A failure is
 * forgotten once it has been handed out, so trying again really sends again.
 */
export function sendOnce<T>(key: string, send: () => Promise<T>): Promise<T> {
  const known = requests.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = send();
  requests.set(key, pending);
  pending.catch(() => {
    if (requests.get(key) === pending) requests.delete(key);
  });
  return pending;
}

/** What to tell the shopper about a failed request: the server's reason, or that it was unreachable. */
export function problemText(error: unknown): string {
  return error instanceof ApiError ? error.message : accountTexts.unreachable;
}

type EmailState = Pick<User, 'email'> & Partial<Pick<User, 'emailVerified' | 'pendingEmail'>>;

/** What the profile says about the account's address (nothing for an older stored copy that does not know). */
export type EmailNotice =
  | { kind: 'unverified'; email: string }
  | { kind: 'pending'; email: string; pendingEmail: string; verified: boolean }
  | null;

export function emailNotice(user: EmailState): EmailNotice {
  if (user.pendingEmail) {
    return {
      kind: 'pending',
      email: user.email,
      pendingEmail: user.pendingEmail,
      verified: user.emailVerified !== false,
    };
  }
  if (user.emailVerified === false) return { kind: 'unverified', email: user.email };
  return null;
}

/** The body of the profile's 'saved' dialog: a new e-mail waits for its link, so say where to look. */
export function savedDetailsText(field: string, user: EmailState): string {
  if (field === 'email' && user.pendingEmail) {
    return `We sent a confirmation link to ${user.pendingEmail}. Please check that inbox: your account keeps ${user.email} until you follow the link.`;
  }
  return accountTexts.detailsSaved;
}
