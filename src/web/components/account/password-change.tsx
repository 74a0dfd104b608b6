import { useState, type FormEvent } from 'react';
import {
  authResponseSchema,
  newPasswordField,
  PASSWORD_MIN_LENGTH,
  type Reauthentication,
} from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { ApiError, apiRequest, userMessage } from '../../api';
import { storeSession } from '../../features/session/stored-session';
import { describedBy, FormField, inputClass } from './form-field';
import { GoogleConfirm, type ReauthMode } from './reauthentication';

/**
 * Changing the password ends every other session of the account (and any e-mail change waiting for
 * its link); this browser gets a fresh session, with the account as it now is. It needs the current
 * password; an account without one sets its first with a fresh Google sign-in (decision 0040).
 * `onSessionRefused` hears the server refuse a cart restore link's session.
 */
export function PasswordChange({
  userId,
  reauth,
  onSessionRefused,
}: {
  userId: number;
  reauth: ReauthMode;
  onSessionRefused?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const hasPassword = reauth.kind === 'password';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasPassword && !current) return setError(messages.currentPasswordForPassword);
    void send(hasPassword ? { currentPassword: current } : {});
  }

  async function send(proof: Reauthentication) {
    setDone(false);
    const parsed = newPasswordField.safeParse(next);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.requestFailed);
    setBusy(true);
    try {
      const reply = await apiRequest<unknown>(`/api/users/${userId}/password`, {
        method: 'POST',
        body: { ...proof, newPassword: next },
      });
      const auth = authResponseSchema.safeParse(reply);
      if (!auth.success) throw new Error(messages.invalidServerResponse);
      storeSession(auth.data.token, auth.data.user);
      setError(null);
      setDone(true);
      setCurrent('');
      setNext('');
      setOpen(false);
    } catch (caught) {
      // A 401 (the session ended meanwhile) says so too, before the page sends the shopper to /login.
      setError(userMessage(caught, messages.requestFailed, { include401: true }));
      if (caught instanceof ApiError && caught.status === 403) onSessionRefused?.();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="password-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="password-title" className="font-display text-2xl font-semibold">
          Password
        </h2>
        {!open && (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-sand"
          >
            {hasPassword ? 'Change password' : 'Set a password'}
          </button>
        )}
      </div>
      {done && (
        <p role="status" className="mt-3 text-sm font-medium text-forest">
          Password changed. You have been signed out on your other devices.
        </p>
      )}
      {open && (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          {hasPassword && (
            <FormField id="password-current" label="Current password">
              <input
                id="password-current"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                className={inputClass}
              />
            </FormField>
          )}
          <FormField
            id="password-new"
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={error ?? undefined}
          >
            <input
              id="password-new"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              {...describedBy('password-new', error ?? undefined, true)}
              className={inputClass}
            />
          </FormField>
          {reauth.kind !== 'password' && (
            <GoogleConfirm
              mode={reauth}
              hint="Continue with Google to set your password."
              onCredential={(googleToken) => void send({ googleToken })}
              onFailure={() => setError(messages.googleLoginFailed)}
            />
          )}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save new password'}
            </button>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
              className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-cocoa hover:bg-sand"
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
