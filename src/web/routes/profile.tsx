import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { data, useLocation, useNavigate, useRevalidator } from 'react-router';
import { userSchema, type Reauthentication, type User } from '../../domain/accounts';
import { userUpdateSchema, type ProfileField } from '../../domain/account-details';
import { messages } from '../../domain/messages';
import type { Order } from '../../domain/orders';
import { z } from '../../domain/zod';
import { ApiError, apiRequest } from '../api';
import { AddressBook } from '../components/account/address-book';
import { EditableField, type FieldKind } from '../components/account/editable-field';
import { EmailNotice } from '../components/account/email-notice';
import { PasswordChange } from '../components/account/password-change';
import { reauthModeOf, type ReauthMode } from '../components/account/reauthentication';
import { RestoreSessionNotice } from '../components/account/restore-session-notice';
import { loadRecentOrders, RecentOrders } from '../components/account/recent-orders';
import { SubscriptionList } from '../components/account/subscription-list';
import { YourData } from '../components/account/your-data';
import { cameFromPasswordReset, savedDetailsText } from '../features/account/email-links';
import { RequireUser } from '../features/session/require-user';
import { refreshStoredUser } from '../features/session/refresh-stored-user';
import { signOut } from '../features/session/session-actions';
import { SignedInError, SignedInFallback } from '../features/session/signed-in-route';
import {
  clearSession,
  getStoredUser,
  readStoredSessionKind,
  storeUser,
  type StoredUser,
} from '../features/session/stored-session';
import { publicPageHeaders } from '../http-cache';
import { pageMeta } from '../seo';
import type { Route } from './+types/profile';

export function loader({ context }: Route.LoaderArgs) {
  return data({
    origin: context.settings.publicUrl,
    googleClientId: context.settings.googleClientId,
    stripePublishableKey: context.settings.stripePublishableKey,
  });
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

/**
 * The stored copy of the account may be stale (changed on another device, by an admin, by a
 * confirmation link followed elsewhere): it is read again before the page shows, and the recent
 * orders start loading (they show when they arrive). Signed out, nothing is asked: the page sends
 * the visitor to /login.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const stored = getStoredUser();
  if (!stored) return { ...(await serverLoader()), account: null };
  const [page, loadError] = await Promise.all([serverLoader(), refreshAccount(stored.id, request.signal)]);
  // The server no longer knows the session (401): it was cleared, nothing more to ask.
  if (!getStoredUser()) return { ...page, account: null };
  return { ...page, account: { loadError, orders: loadRecentOrders(stored.id, request.signal) } };
}
clientLoader.hydrate = true as const;

/** Refreshes the stored account; answers what to say when that failed (nothing unless it is gone). */
async function refreshAccount(id: number, signal: AbortSignal): Promise<string | null> {
  try {
    return (await refreshStoredUser(id, signal)) ? null : messages.invalidServerResponse;
  } catch (error) {
    if (signal.aborted) return null;
    console.error('Failed to load the account', error);
    return error instanceof ApiError && error.status === 404 ? messages.userNotFound : null;
  }
}

export const HydrateFallback = SignedInFallback;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SignedInError error={error} />;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { account, googleClientId, stripePublishableKey } = loaderData;
  // The stored user is the account shown: the loader refreshed it, and saving a field stores it.
  return (
    <RequireUser>
      {(user) =>
        account ? (
          <Account
            user={user}
            googleClientId={googleClientId}
            stripeKey={stripePublishableKey}
            {...account}
          />
        ) : (
          <SignedInFallback />
        )
      }
    </RequireUser>
  );
}

function Account({
  user,
  googleClientId,
  stripeKey,
  loadError,
  orders,
}: {
  user: StoredUser;
  googleClientId: string | null;
  /** The shop takes cards through Stripe: a subscription's new card goes to Stripe's form. */
  stripeKey: string | null;
  loadError: string | null;
  orders: Promise<Order[] | null>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [savedText, setSavedText] = useState<string>(() => savedDetailsText('', user));
  const dialog = useRef<HTMLDialogElement>(null);
  // Arrived from a password reset link: say so once (the state goes with this history entry).
  const [passwordReset] = useState(() => cameFromPasswordReset(location.state));
  // Signed in by a cart restore link: the e-mail and password need a sign-in (decision 0040). Known
  // from this browser's note, or from the server refusing a change.
  const [restoreSession, setRestoreSession] = useState(() => readStoredSessionKind() === 'restore');
  const reauth: ReauthMode = reauthModeOf(user, googleClientId);
  // Whether the account has saved addresses: its address is then the default's summary (decision 0049).
  const [hasSavedAddresses, setHasSavedAddresses] = useState(false);

  async function save(
    field: ProfileField,
    value: string | boolean,
    proof?: Reauthentication,
  ): Promise<string | null> {
    const parsed = userUpdateSchema.shape[field].safeParse(value);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? messages.updateUserFailed;
    // A new address needs the current password (decision 0040); the server says so too.
    const newEmail = field === 'email' && String(parsed.data).toLowerCase() !== user.email.toLowerCase();
    if (newEmail && reauth.kind === 'password' && !proof?.currentPassword && !restoreSession) {
      return messages.currentPasswordForEmail;
    }
    let updated: User;
    try {
      const reply = await apiRequest<unknown>(`/api/users/${user.id}`, {
        method: 'PATCH',
        body: { [field]: parsed.data, ...(newEmail ? proof : {}) },
      });
      const result = userReply.safeParse(reply);
      if (!result.success) return messages.invalidServerResponse;
      updated = result.data.user;
    } catch (error) {
      console.error('Failed to update user info', error);
      if (error instanceof ApiError && error.status === 404) return messages.userNotFound;
      if (error instanceof ApiError && error.status === 403) setRestoreSession(true);
      if (error instanceof ApiError && [400, 403, 409, 429].includes(error.status)) {
        return `${messages.updateUserFailed}: ${error.message}`;
      }
      return messages.updateUserFailed;
    }
    storeUser(updated);
    setSavedText(savedDetailsText(field, updated));
    dialog.current?.showModal();
    return null;
  }

  async function logout() {
    await signOut();
    void navigate('/login', { replace: true });
  }

  /** From a cart restore link's session to a real sign-in, which replaces it (the cart stays). */
  async function signInAgain() {
    await signOut();
    void navigate('/login', { state: { from: '/profile' } });
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
        {restoreSession && <RestoreSessionNotice onSignIn={() => void signInAgain()} />}
        <EmailNotice
          user={user}
          onAnswer={(message) => {
            // The stored copy was behind: the address is confirmed already.
            if (message === messages.emailAlreadyVerified) void revalidator.revalidate();
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
                  : field.name === 'isSubscribedPhone' && !user.phoneNumber
                    ? 'Add a phone number first: text messages need one to go to.'
                    : field.name === 'address' && hasSavedAddresses
                      ? 'Your default address from Addresses below. Choosing another default changes it.'
                      : undefined
              }
              {...(field.name === 'email' && !restoreSession ? { reauth } : {})}
              onSave={(value, proof) => save(field.name, value, proof)}
            />
          ))}
        </section>
        <AddressBook
          fallbackName={{
            firstName: user.firstName ?? '',
            lastName: user.lastName ?? '',
            phoneNumber: user.phoneNumber ?? null,
          }}
          onChange={(book) => {
            setHasSavedAddresses(book.addresses.length > 0);
            // The account's address follows the default: the details above show the new one.
            if (book.accountAddress !== (user.address ?? null)) {
              void refreshStoredUser(user.id).catch((error: unknown) =>
                console.error('Failed to load the account', error),
              );
            }
          }}
        />
        <SubscriptionList stripeKey={stripeKey} />
        <PasswordChange userId={user.id} reauth={reauth} onSessionRefused={() => setRestoreSession(true)} />
        <RecentOrders orders={orders} />
        <YourData
          userId={user.id}
          isAdmin={user.isAdmin}
          reauth={reauth}
          onSessionRefused={() => setRestoreSession(true)}
          onDeleted={() => {
            // The server ended every session already: this browser forgets its copy once home, so
            // the login guard does not send it to /login first.
            void Promise.resolve(navigate('/', { replace: true })).then(clearSession);
          }}
        />
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
