import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userSchema, type User } from '../../../domain/accounts';
import { messages } from '../../../domain/messages';
import { formatPhone } from '../../../domain/phone';
import { z } from '../../../domain/zod';
import { adminRequest } from '../../features/admin/admin-api';
import { useFlash } from '../../features/admin/flash';
import { deleteUserError, fullName, saveUserError } from '../../features/admin/users';
import { storeUser, type StoredUser } from '../../features/session/stored-session';
import { apiRequest } from '../../api';
import { Spinner } from '../spinner';
import { ConfirmDialog } from './confirm-dialog';
import { FlashMessage } from './flash-message';
import { SearchIcon } from './icons';
import { EmptyState, LoadFailed } from './states';
import { UserEditDialog } from './user-edit-dialog';
import { dangerGhostButton, dateFormat, ghostButton, panelClass, tdClass, thClass, toolbarInput } from './ui';

type Dialog =
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'admin'; user: User; isAdmin: boolean };

const userList = z.array(userSchema);
const userReply = z.object({ user: userSchema });
const SELF_NOTE = 'You cannot remove your own admin rights or delete your own account.';

/** User Management (issue 7): accounts, editing, deleting, and admin rights. */
export function UserManagement({ admin }: { admin: StoredUser }) {
  const [users, setUsers] = useState<User[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { flash, show, dismiss } = useFlash();

  useEffect(() => {
    const controller = new AbortController();
    adminRequest(userList, '/api/users', { signal: controller.signal })
      .then((loaded) => {
        setUsers(loaded);
        setLoadError(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load users', error);
        setLoadError(true);
      });
    return () => controller.abort();
  }, [reloads]);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!users || !needle) return users ?? [];
    return users.filter((user) =>
      [fullName(user), user.email, user.phoneNumber ?? ''].some((value) =>
        value.toLowerCase().includes(needle),
      ),
    );
  }, [users, search]);
  const adminCount = users?.filter((user) => user.isAdmin).length ?? 0;

  function replace(updated: User) {
    setUsers((list) => list?.map((user) => (user.id === updated.id ? updated : user)) ?? list);
    // The signed-in admin's own details also live in browser storage (the header reads them there).
    if (updated.id === admin.id) storeUser(updated);
  }

  async function setAdmin(user: User, isAdmin: boolean): Promise<string | null> {
    try {
      const reply = await adminRequest(userReply, `/api/users/${user.id}`, {
        method: 'PATCH',
        body: { isAdmin },
      });
      replace(reply.user);
      show(
        'success',
        isAdmin ? `${fullName(user)} is now an admin.` : `${fullName(user)} is no longer an admin.`,
      );
      return null;
    } catch (error) {
      console.error(messages.saveUserFailed, error);
      return saveUserError(error);
    }
  }

  async function remove(user: User): Promise<string | null> {
    try {
      await apiRequest(`/api/users/${user.id}`, { method: 'DELETE' });
      setUsers((list) => list?.filter((u) => u.id !== user.id) ?? list);
      show('success', `${fullName(user)}'s account was deleted.`);
      return null;
    } catch (error) {
      console.error(messages.deleteUserFailed, error);
      return deleteUserError(error);
    }
  }

  const adminSwitch = (user: User) => {
    const self = user.id === admin.id;
    return (
      <button
        type="button"
        role="switch"
        aria-checked={user.isAdmin}
        disabled={self}
        aria-describedby={self ? 'admin-self-note' : undefined}
        onClick={() => setDialog({ kind: 'admin', user, isAdmin: !user.isAdmin })}
        className="group inline-flex min-h-11 items-center gap-2 rounded-full pr-2 text-sm font-semibold text-cocoa disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${
            user.isAdmin ? 'bg-forest' : 'bg-beige ring-1 ring-muted/40 ring-inset'
          }`}
        >
          <span
            className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${
              user.isAdmin ? 'translate-x-5' : ''
            }`}
          />
        </span>
        <span className="lg:sr-only">
          Admin<span className="sr-only"> rights for {fullName(user)}</span>
        </span>
      </button>
    );
  };

  const actions = (user: User) => {
    const self = user.id === admin.id;
    return (
      <div className="flex flex-wrap items-center justify-end gap-1">
        <button type="button" className={ghostButton} onClick={() => setDialog({ kind: 'edit', user })}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          <span className="sr-only"> {fullName(user)}</span>
        </button>
        <button
          type="button"
          className={dangerGhostButton}
          disabled={self}
          aria-describedby={self ? 'admin-self-note' : undefined}
          onClick={() => setDialog({ kind: 'delete', user })}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
          <span className="sr-only"> {fullName(user)}</span>
        </button>
      </div>
    );
  };

  const name = (user: User) => (
    <p className="font-semibold text-cocoa">
      {fullName(user)}
      {user.id === admin.id && (
        <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-cocoa">You</span>
      )}
    </p>
  );

  return (
    <section aria-labelledby="users-title" className="space-y-5">
      <div>
        <h2 id="users-title" className="font-display text-2xl font-semibold sm:text-3xl">
          Users
        </h2>
        <p className="mt-1 text-sm text-muted">
          {users
            ? `${users.length} accounts, ${adminCount} with admin rights.`
            : 'Every account, newest first.'}{' '}
          <span id="admin-self-note">{SELF_NOTE}</span>
        </p>
      </div>

      <div className={`${panelClass} p-4`}>
        <div className="relative">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-muted"
            aria-hidden="true"
          />
          <input
            id="user-search"
            type="search"
            placeholder="Search by name, e-mail or phone"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={`${toolbarInput} pl-10`}
          />
        </div>
      </div>

      {loadError ? (
        <LoadFailed what="the users" onRetry={() => setReloads((n) => n + 1)} />
      ) : !users ? (
        <Spinner label="Loading users" className="py-16" />
      ) : shown.length === 0 ? (
        <EmptyState>{users.length === 0 ? 'No accounts yet.' : 'No accounts match the search.'}</EmptyState>
      ) : (
        <div className={`${panelClass} overflow-hidden`}>
          <table className="hidden w-full text-sm lg:table">
            <caption className="sr-only">Users</caption>
            <thead className="border-b border-beige bg-cream/70">
              <tr>
                <th scope="col" className={thClass}>
                  Name
                </th>
                <th scope="col" className={thClass}>
                  E-mail
                </th>
                <th scope="col" className={thClass}>
                  Phone
                </th>
                <th scope="col" className={thClass}>
                  Created
                </th>
                <th scope="col" className={thClass}>
                  Admin
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-beige">
              {shown.map((user) => (
                <tr key={user.id} data-testid="admin-user-row">
                  <td className={tdClass}>{name(user)}</td>
                  <td className={`${tdClass} break-all text-ink`}>{user.email}</td>
                  <td className={`${tdClass} whitespace-nowrap text-muted`}>
                    {user.phoneNumber ? formatPhone(user.phoneNumber) : '—'}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap text-muted`}>
                    {dateFormat.format(new Date(user.createdAt))}
                  </td>
                  <td className={tdClass}>{adminSwitch(user)}</td>
                  <td className={`${tdClass} text-right`}>{actions(user)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-beige lg:hidden">
            {shown.map((user) => (
              <li key={user.id} className="p-4">
                {name(user)}
                <p className="text-sm break-all text-ink">{user.email}</p>
                <p className="text-sm text-muted">
                  {user.phoneNumber ? formatPhone(user.phoneNumber) : 'No phone'} · Joined{' '}
                  {dateFormat.format(new Date(user.createdAt))}
                </p>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  {adminSwitch(user)}
                  <div className="-mr-2">{actions(user)}</div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}

      {dialog?.kind === 'edit' && (
        <UserEditDialog
          user={dialog.user}
          onSaved={(user) => {
            replace(user);
            show('success', `${fullName(user)}'s details were saved.`);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${fullName(dialog.user)}'s account?`}
          confirmLabel="Delete account"
          busyLabel="Deleting..."
          onConfirm={() => remove(dialog.user)}
          onClose={() => setDialog(null)}
        >
          {dialog.user.email} will no longer be able to sign in. This cannot be undone; their past orders are
          kept.
        </ConfirmDialog>
      )}
      {dialog?.kind === 'admin' && (
        <ConfirmDialog
          title={
            dialog.isAdmin
              ? `Make ${fullName(dialog.user)} an admin?`
              : `Remove ${fullName(dialog.user)}'s admin rights?`
          }
          confirmLabel={dialog.isAdmin ? 'Make admin' : 'Remove admin rights'}
          busyLabel="Saving..."
          tone={dialog.isAdmin ? 'primary' : 'danger'}
          onConfirm={() => setAdmin(dialog.user, dialog.isAdmin)}
          onClose={() => setDialog(null)}
        >
          {dialog.isAdmin
            ? 'Admins can change products, orders, users and recipes.'
            : 'They keep their account as a customer and are signed out on every device.'}
        </ConfirmDialog>
      )}
      <FlashMessage flash={flash} onDismiss={dismiss} />
    </section>
  );
}
