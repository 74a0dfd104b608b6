import { useState, type FormEvent } from 'react';
import { authResponseSchema, newPasswordField, PASSWORD_MIN_LENGTH } from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { apiRequest, userMessage } from '../../api';
import { storeSession } from '../../features/session/stored-session';
import { describedBy, FormField, inputClass } from './form-field';

/**
 * Changing the password ends every other session of the account (and any e-mail change waiting for
 * its link); this browser gets a fresh session, with the account as it now is.
 */
export function PasswordChange({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const parsed = newPasswordField.safeParse(next);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.requestFailed);
    setBusy(true);
    try {
      const reply = await apiRequest<unknown>(`/api/users/${userId}/password`, {
        method: 'POST',
        body: { currentPassword: current, newPassword: next },
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
            Change password
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
