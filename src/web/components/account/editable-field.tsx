import { Pencil } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Reauthentication } from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { formatPhone, phoneCountry, type PhoneCountry } from '../../../domain/phone';
import { describedBy, inputClass } from './form-field';
import { PhoneInput } from './phone-input';
import { CurrentPasswordInput, GoogleConfirm, type ReauthMode } from './reauthentication';

export type FieldKind = 'text' | 'email' | 'phone' | 'address' | 'flag';
type Value = string | boolean | null;

/**
 * One profile field with inline editing (/profile): the value and an Edit button; editing shows
 * the control with Save and Cancel. `onSave` answers an error message, or null when saved. With
 * `reauth` (the e-mail), editing also asks for the proof that it is the owner (decision 0040).
 */
export function EditableField({
  name,
  label,
  kind,
  value,
  note,
  reauth,
  onSave,
}: {
  name: string;
  label: string;
  kind: FieldKind;
  value: Value;
  /** A word under the value (the e-mail waiting for its confirmation). */
  note?: ReactNode;
  /** What to ask for before saving a change (the e-mail: decision 0040). */
  reauth?: ReauthMode;
  onSave: (value: string | boolean, proof?: Reauthentication) => Promise<string | null>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string | boolean>('');
  const [country, setCountry] = useState<PhoneCountry>('CA');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const id = `profile-${name}`;

  const startEditing = () => {
    setError(null);
    setCurrentPassword('');
    if (kind === 'flag') setDraft(value === true);
    else if (kind === 'phone' && typeof value === 'string') {
      setDraft(formatPhone(value));
      setCountry(phoneCountry(value));
    } else setDraft(typeof value === 'string' ? value : '');
    setEditing(true);
  };

  async function submit(proof?: Reauthentication) {
    setSaving(true);
    const problem = await onSave(kind === 'phone' && typeof draft === 'string' ? draft.trim() : draft, proof);
    setSaving(false);
    setError(problem);
    if (!problem) {
      setEditing(false);
      setCurrentPassword('');
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void submit(reauth?.kind === 'password' ? { currentPassword } : undefined);
  }

  const shown =
    kind === 'flag'
      ? value
        ? 'Subscribed'
        : 'Not subscribed'
      : kind === 'phone' && typeof value === 'string'
        ? formatPhone(value)
        : (value as string | null) || 'Not provided';

  return (
    <div className="border-b border-beige py-4 last:border-b-0">
      {!editing ? (
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-cocoa" id={`${id}-label`}>
              {label}
            </p>
            <p
              className={`mt-1 break-words whitespace-pre-line ${value ? 'text-ink' : 'text-muted'}`}
              data-testid={`${id}-value`}
            >
              {shown}
            </p>
            {note && (
              <p className="mt-1 text-sm text-muted" data-testid={`${id}-note`}>
                {note}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={startEditing}
            className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold text-maple-dark hover:bg-sand"
            aria-label={`Edit ${label.toLowerCase()}`}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </button>
        </div>
      ) : (
        <form onSubmit={save} noValidate>
          {kind === 'flag' ? (
            <label className="flex items-center gap-3 text-sm font-semibold text-cocoa">
              <input
                id={id}
                type="checkbox"
                checked={draft === true}
                onChange={(event) => setDraft(event.target.checked)}
                className="h-5 w-5 rounded border-beige accent-maple"
              />
              {label}
            </label>
          ) : (
            <>
              <label htmlFor={id} className="text-sm font-semibold text-cocoa">
                {label}
              </label>
              {kind === 'phone' ? (
                <PhoneInput
                  id={id}
                  name={name}
                  value={String(draft)}
                  country={country}
                  onCountryChange={setCountry}
                  onChange={(event) => setDraft(event.target.value)}
                  onBlur={() => undefined}
                  invalid={Boolean(error)}
                  describedBy={error ? `${id}-error` : undefined}
                />
              ) : kind === 'address' ? (
                <textarea
                  id={id}
                  rows={3}
                  autoComplete="street-address"
                  value={String(draft)}
                  onChange={(event) => setDraft(event.target.value)}
                  {...describedBy(id, error ?? undefined)}
                  className={inputClass}
                />
              ) : (
                <input
                  id={id}
                  type={kind === 'email' ? 'email' : 'text'}
                  autoComplete={
                    kind === 'email' ? 'email' : name === 'firstName' ? 'given-name' : 'family-name'
                  }
                  value={String(draft)}
                  onChange={(event) => setDraft(event.target.value)}
                  {...describedBy(id, error ?? undefined)}
                  className={inputClass}
                />
              )}
            </>
          )}
          {reauth?.kind === 'password' && (
            <CurrentPasswordInput
              id={`${id}-current-password`}
              value={currentPassword}
              onChange={setCurrentPassword}
              hint={`Needed to change your ${label.toLowerCase()}.`}
            />
          )}
          {reauth && reauth.kind !== 'password' && (
            <GoogleConfirm
              mode={reauth}
              hint={`Continue with Google to change your ${label.toLowerCase()}.`}
              onCredential={(googleToken) => void submit({ googleToken })}
              onFailure={() => setError(messages.googleLoginFailed)}
            />
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-danger">
              {error}
            </p>
          )}
          <div className="mt-3 flex gap-2">
            <button type="submit" className="btn-primary px-5 py-2" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-cocoa hover:bg-sand"
              onClick={() => {
                setEditing(false);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
