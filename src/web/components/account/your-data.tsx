import { Download, Trash2 } from 'lucide-react';
import { saveResponse } from '../../download';
import { useRef, useState, type FormEvent } from 'react';
import type { Reauthentication } from '../../../domain/accounts';
import { privacyMessages } from '../../../domain/privacy';
import { ApiError, apiRequest, userMessage } from '../../api';
import { readStoredToken } from '../../features/session/stored-session';
import { describedBy, FormField, inputClass } from './form-field';
import { GoogleConfirm, type ReauthMode } from './reauthentication';

/**
 * Fetches the owner's data and saves it as a file under the server's name: the download needs the
 * session's bearer token, so it cannot be a plain link. Throws the server's words for a 4xx.
 */
async function downloadMyData(userId: number): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(`/api/users/${userId}/data-export`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : privacyMessages.exportFailed;
    throw new ApiError(message, response.status);
  }
  await saveResponse(response, 'my-data.json');
}

/**
 * "Your data" on the profile (decision 0043): a copy of everything the shop holds about the owner,
 * and deleting the account, which asks for the current password (a Google-only account: a fresh
 * Google sign-in, as decision 0040 does for the e-mail). Once the server has deleted the account
 * and ended its sessions, a dialog says so; `onDeleted` runs when it is closed. `onSessionRefused`
 * hears a cart restore link's session refused.
 */
export function YourData({
  userId,
  isAdmin,
  reauth,
  onDeleted,
  onSessionRefused,
}: {
  userId: number;
  isAdmin: boolean;
  reauth: ReauthMode;
  onDeleted: () => void;
  onSessionRefused?: () => void;
}) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasPassword = reauth.kind === 'password';
  const done = useRef<HTMLDialogElement>(null);

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadMyData(userId);
    } catch (caught) {
      console.error('Failed to download the data', caught);
      setDownloadError(userMessage(caught, privacyMessages.exportFailed));
      if (caught instanceof ApiError && caught.status === 403) onSessionRefused?.();
    } finally {
      setDownloading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasPassword && !password) return setError(privacyMessages.currentPasswordForDeletion);
    void erase(hasPassword ? { currentPassword: password } : {});
  }

  async function erase(proof: Reauthentication) {
    setBusy(true);
    try {
      await apiRequest(`/api/users/${userId}/erasure`, { method: 'POST', body: proof });
      done.current?.showModal();
    } catch (caught) {
      setError(userMessage(caught, privacyMessages.deleteFailed, { include401: true }));
      if (caught instanceof ApiError && caught.status === 403) onSessionRefused?.();
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="your-data-title"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-beige sm:p-8"
    >
      <h2 id="your-data-title" className="font-display text-2xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-muted">
        Download a copy of everything we hold about you: your account, addresses, orders, messages and
        marketing choices, as a JSON file.
      </p>
      <div className="mt-4">
        <button
          type="button"
          onClick={() => void download()}
          className="btn-outline gap-2"
          disabled={downloading}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {downloading ? 'Preparing...' : 'Download my data'}
        </button>
        {downloadError && (
          <p role="alert" className="mt-2 text-sm font-medium text-danger">
            {downloadError}
          </p>
        )}
      </div>

      <div className="mt-6 border-t border-beige pt-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h3 className="font-semibold text-cocoa">Delete my account</h3>
            <p className="mt-1 text-sm text-muted">
              {isAdmin
                ? 'An admin account cannot be deleted here. Ask another admin to remove your admin rights first.'
                : 'This cannot be undone. Your orders stay in our books for the tax record, without your name or contact details.'}
            </p>
          </div>
          {!open && !isAdmin && (
            <button
              type="button"
              onClick={() => setOpen(true)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-danger hover:bg-danger/10"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete my account
            </button>
          )}
        </div>
        {open && (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4 rounded-2xl bg-sand p-4 sm:p-5">
            <p className="text-sm text-cocoa">
              Your name, e-mail, phone, addresses, sign-ins, saved carts, newsletter sign-up and messages will
              be deleted, and you will be signed out everywhere. We will send a last e-mail to confirm.
            </p>
            {hasPassword ? (
              <FormField id="delete-password" label="Current password" error={error ?? undefined}>
                <input
                  id="delete-password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  {...describedBy('delete-password', error ?? undefined)}
                  className={inputClass}
                />
              </FormField>
            ) : (
              <>
                <GoogleConfirm
                  mode={reauth}
                  hint="Continue with Google to delete your account."
                  onCredential={(googleToken) => void erase({ googleToken })}
                  onFailure={() => setError(privacyMessages.googleAgainForDeletion)}
                />
                {error && (
                  <p role="alert" className="text-sm font-medium text-danger">
                    {error}
                  </p>
                )}
              </>
            )}
            <div className="flex flex-wrap gap-2">
              {hasPassword && (
                <button
                  type="submit"
                  disabled={busy}
                  className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-3 text-sm font-semibold tracking-wide text-white transition-colors hover:bg-danger/90 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {busy ? 'Deleting...' : 'Delete my account permanently'}
                </button>
              )}
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  setError(null);
                  setPassword('');
                }}
                className="inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold text-cocoa hover:bg-white"
              >
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
      <dialog
        ref={done}
        aria-labelledby="account-deleted-title"
        onClose={onDeleted}
        className="m-auto w-[min(92vw,400px)] rounded-3xl bg-white p-8 text-center shadow-2xl backdrop:bg-ink/60"
      >
        <h2 id="account-deleted-title" className="font-display text-2xl font-semibold">
          Your account has been deleted
        </h2>
        <p className="mt-3 text-muted">
          We have sent a last e-mail to confirm it. Thank you for snacking with us.
        </p>
        <button
          type="button"
          className="btn-primary mt-6 w-full"
          onClick={() => done.current?.close()}
          autoFocus
        >
          OK
        </button>
      </dialog>
    </section>
  );
}
