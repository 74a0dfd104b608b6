import { LogOut } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { data, useLocation, useNavigate } from 'react-router';
import { userSchema, type User } from '../../domain/accounts';
import { userUpdateSchema, type ProfileField } from '../../domain/account-details';
import { messages } from '../../domain/messages';
import { z } from '../../domain/zod';
import { ApiError, apiRequest } from '../api';
import { EditableField, type FieldKind } from '../components/account/editable-field';
import { EmailNotice } from '../components/account/email-notice';
import { PasswordChange } from '../components/account/password-change';
import { RecentOrders } from '../components/account/recent-orders';
import { cameFromPasswordReset, savedDetailsText } from '../features/account/email-links';
import { RequireUser } from '../features/session/require-user';
import { refreshStoredUser, signOut } from '../features/session/session-actions';
import { storeUser, type StoredUser } from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/profile';

export function loader({ context }: Route.LoaderArgs) {
  return data({ origin: context.settings.publicUrl });
}

// The server sends everyone the same shell; the account appears after hydration.
export const headers = publicPageHeaders;

export function meta({ data: page }: Route.MetaArgs) {
  if (!page) return [];
  return pageMeta({
    title: 'Your Account',
    description: 'Your Northbite account details and recent orders.',
    origin: page.origin,
    path: '/profile',
    noindex: true,
  });
}

const FIELDS: { name: ProfileField; label: string; kind: FieldKind }[] = [
  { name: 'firstName', label: 'First name', kind: 'text' },
  { name: 'lastName', label: 'Last name', kind: 'text' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phoneNumber', label: 'Phone number', kind: 'phone' },
  { name: 'address', label: 'Address', kind: 'address' },
  { name: 'isSubscribedEmail', label: 'Email newsletter', kind: 'flag' },
  { name: 'isSubscribedPhone', label: 'Text messages', kind: 'flag' },
];

const userReply = z.object({ user: userSchema });

export default function Profile() {
  return <RequireUser>{(user) => <Account stored={user} />}</RequireUser>;
}

function Account({ stored }: { stored: StoredUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<StoredUser>(stored);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [savedText, setSavedText] = useState<string>(savedDetailsText('', stored));
  const dialog = useRef<HTMLDialogElement>(null);
  // Arrived from a password reset link: say so once (the state goes with this history entry).
  const [passwordReset] = useState(() => cameFromPasswordReset(location.state));

  // The stored copy may be stale (changed on another device, by an admin, by a confirmation link
  // followed elsewhere): refresh it.
  const refresh = useCallback(
    (signal?: AbortSignal) =>
      refreshStoredUser(stored.id, signal)
        .then((fresh) => {
          if (!fresh) return setLoadError(messages.invalidServerResponse);
          setUser(fresh);
        })
        .catch((error: unknown) => {
          if (signal?.aborted) return;
          console.error('Failed to load the account', error);
          setLoadError(error instanceof ApiError && error.status === 404 ? messages.userNotFound : null);
        }),
    [stored.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  async function save(field: ProfileField, value: string | boolean): Promise<string | null> {
    const parsed = userUpdateSchema.shape[field].safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.updateUserFailed;
    let updated: User;
    try {
      const reply = await apiRequest<unknown>(`/api/users/${user.id}`, {
        method: 'PATCH',
        body: { [field]: parsed.data },
      });
      const result = userReply.safeParse(reply);
      if (!result.success) return messages.invalidServerResponse;
      updated = result.data.user;
    } catch (error) {
      console.error('Failed to update user info', error);
      if (error instanceof ApiError && error.status === 404) return messages.userNotFound;
      if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
        return `${messages.updateUserFailed}: ${error.message}`;
      }
      return messages.updateUserFailed;
    }
    setUser(updated);
    storeUser(updated);
    setSavedText(savedDetailsText(field, updated));
    dialog.current?.showModal();
    return null;
  }

  async function logout() {
    await signOut();
    void navigate('/login', { replace: true });
  }

  const greeting = user.firstName ? `Hi, ${user.firstName}` : 'Your account';

  return (
    <div className="bg-sand py-10 sm:py-14">
      <div className="container-page max-w-3xl space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">{greeting}</p>
            <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Your Account Details</h1>
          </div>
          <button type="button" onClick={() => void logout()} className="btn-outline gap-2">
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </button>
        </div>
        {loadError && (
          <p
            role="alert"
            className="rounded-2xl bg-white px-5 py-4 font-medium text-danger ring-1 ring-danger/30"
          >
            {loadError}
          </p>
        )}
        {passwordReset && (
          <p
            role="status"
            className="rounded-2xl bg-white px-5 py-4 font-medium text-forest ring-1 ring-forest/30"
          >
            Your new password is set. You have been signed out on your other devices.
          </p>
        )}
        <EmailNotice
          user={user}
          onAnswer={(message) => {
            // The stored copy was behind: the address is confirmed already.
            if (message === messages.emailAlreadyVerified) void refresh();
          }}
        />
        <section
          aria-label="Account details"
          className="rounded-3xl bg-white px-6 py-2 shadow-sm ring-1 ring-beige sm:px-8"
        >
          {FIELDS.map((field) => (
            <EditableField
              key={field.name}
              name={field.name}
              label={field.label}
              kind={field.kind}
              value={user[field.name] ?? null}
              note={
                field.name === 'email' && user.pendingEmail
                  ? `New address waiting for confirmation: ${user.pendingEmail}`
                  : undefined
              }
              onSave={(value) => save(field.name, value)}
            />
          ))}
        </section>
        <PasswordChange userId={user.id} onChanged={setUser} />
        <RecentOrders userId={user.id} />
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="profile-updated-title"
        className="m-auto w-[min(92vw,400px)] rounded-3xl bg-white p-8 text-center shadow-2xl backdrop:bg-ink/60"
      >
        <h2 id="profile-updated-title" className="font-display text-2xl font-semibold">
          {messages.profileUpdated}
        </h2>
        <p className="mt-3 text-muted">{savedText}</p>
        <button
          type="button"
          className="btn-primary mt-6 w-full"
          onClick={() => dialog.current?.close()}
          autoFocus
        >
          OK
        </button>
      </dialog>
    </div>
  );
}
