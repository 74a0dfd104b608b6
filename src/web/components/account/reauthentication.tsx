import { messages } from '../../../domain/messages';
import type { StoredUser } from '../../features/session/stored-session';
import { inputClass } from './form-field';
import { GoogleButton } from './google-sign-in';

/**
 * What the profile asks for before an e-mail or password change (decision 0040): the current
 * password; for an account without one, a fresh Google sign-in; and when Google sign-in is not
 * configured either, nothing works but setting a password by e-mail first ('Forgot password?').
 */
export type ReauthMode =
  { kind: 'password' } | { kind: 'google'; clientId: string } | { kind: 'unavailable' };

/** An older stored user without `hasPassword` is taken to have one (the server decides anyway). */
export function reauthModeOf(
  user: Pick<StoredUser, 'hasPassword'>,
  googleClientId: string | null,
): ReauthMode {
  if (user.hasPassword !== false) return { kind: 'password' };
  return googleClientId ? { kind: 'google', clientId: googleClientId } : { kind: 'unavailable' };
}

/** The "Current password" box of an e-mail or password change. */
export function CurrentPasswordInput({
  id,
  value,
  onChange,
  hint,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="text-sm font-semibold text-cocoa">
        Current password
      </label>
      <input
        id={id}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * The Google-only account's proof: Google's button, whose fresh ID token goes with the change; or,
 * without Google sign-in, the way to set a password first.
 */
export function GoogleConfirm({
  mode,
  hint,
  onCredential,
  onFailure,
}: {
  mode: Exclude<ReauthMode, { kind: 'password' }>;
  hint: string;
  onCredential: (credential: string) => void;
  onFailure: () => void;
}) {
  if (mode.kind === 'unavailable') {
    return <p className="mt-3 text-sm text-muted">{messages.setPasswordFirst}</p>;
  }
  return (
    <div className="mt-3">
      <p className="mb-2 text-sm text-muted">{hint}</p>
      <GoogleButton
        clientId={mode.clientId}
        text="continue_with"
        onCredential={onCredential}
        onFailure={onFailure}
      />
    </div>
  );
}
