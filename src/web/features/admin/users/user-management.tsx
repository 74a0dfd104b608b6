import { useMemo, useState } from 'react';
import type { User } from '../../../../domain/accounts';
import { messages } from '../../../../domain/messages';
import { Spinner } from '../../../components/spinner';
import { storeUser, type StoredUser } from '../../session/stored-session';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useFlash } from '../shared/flash';
import { FlashMessage } from '../shared/flash-message';
import { useReload } from '../shared/list-params';
import { SearchInput } from '../shared/search-input';
import { LoadFailed } from '../shared/states';
import { panelClass } from '../shared/ui';
import { useLocalCopy } from '../shared/use-local-copy';
import { UserEditDialog } from './user-edit-dialog';
import { UserTable } from './user-table';
import { deleteUserError, fullName, saveUserError } from './users';
import { deleteUser, updateUser, type UsersData } from './users-api';

type Dialog =
  | { kind: 'edit'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'admin'; user: User; isAdmin: boolean };

const SELF_NOTE = 'You cannot remove your own admin rights or delete your own account.';

/**
 * User Management (docs/product.md, Admin tools): accounts, editing, deleting, and admin rights.
 * The accounts are the route's clientLoader's (`data`, null while they first load).
 */
export function UserManagement({ admin, data }: { admin: StoredUser; data: UsersData | null }) {
  const { reload, reloading } = useReload();
  const [list, patchList] = useLocalCopy(data);
  const users = list?.ok ? list.value : null;
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { flash, show, dismiss } = useFlash();

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

  const patch = (change: (users: User[]) => User[]) =>
    patchList((current) => (current?.ok ? { ok: true, value: change(current.value) } : current));

  function replace(updated: User) {
    patch((all) => all.map((user) => (user.id === updated.id ? updated : user)));
    // The signed-in admin's own details also live in browser storage (the header reads them there).
    if (updated.id === admin.id) storeUser(updated);
  }

  async function setAdmin(user: User, isAdmin: boolean): Promise<string | null> {
    try {
      replace(await updateUser(user.id, { isAdmin }));
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
      await deleteUser(user.id);
      patch((all) => all.filter((u) => u.id !== user.id));
      show('success', `${fullName(user)}'s account was deleted.`);
      return null;
    } catch (error) {
      console.error(messages.deleteUserFailed, error);
      return deleteUserError(error);
    }
  }

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
          <SearchInput
            id="user-search"
            label="Search users"
            placeholder="Search by name, e-mail or phone"
            value={search}
            onChange={setSearch}
          />
        </div>
      </div>

      {list && !list.ok && !reloading ? (
        <LoadFailed what="the users" onRetry={reload} />
      ) : !users ? (
        <Spinner label="Loading users" className="py-16" />
      ) : (
        <UserTable
          shown={shown}
          selfId={admin.id}
          empty={users.length === 0 ? 'No accounts yet.' : 'No accounts match the search.'}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onDelete={(user) => setDialog({ kind: 'delete', user })}
          onAdmin={(user, isAdmin) => setDialog({ kind: 'admin', user, isAdmin })}
        />
      )}

      {dialog?.kind === 'edit' && (
        <UserEditDialog
          user={dialog.user}
          isSelf={dialog.user.id === admin.id}
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
