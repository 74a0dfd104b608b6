import { Pencil, Trash2 } from 'lucide-react';
import type { User } from '../../../../domain/accounts';
import { formatPhone } from '../../../../domain/phone';
import { DataTable, type Column } from '../shared/data-table';
import { dangerGhostButton, dateFormat, ghostButton } from '../shared/ui';
import { fullName } from './users';

/**
 * The accounts shown: a table on wide screens, cards on narrow ones, each with its admin switch, Edit
 * and Delete; `empty` when none are shown. The signed-in admin (`selfId`) can neither demote nor
 * delete themself.
 */
export function UserTable({
  shown,
  selfId,
  empty,
  onEdit,
  onDelete,
  onAdmin,
}: {
  shown: User[];
  selfId: number;
  empty: string;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onAdmin: (user: User, isAdmin: boolean) => void;
}) {
  const adminSwitch = (user: User) => {
    const self = user.id === selfId;
    return (
      <button
        type="button"
        role="switch"
        aria-checked={user.isAdmin}
        disabled={self}
        aria-describedby={self ? 'admin-self-note' : undefined}
        onClick={() => onAdmin(user, !user.isAdmin)}
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
    const self = user.id === selfId;
    return (
      <div className="flex flex-wrap items-center justify-end gap-1">
        <button type="button" className={ghostButton} onClick={() => onEdit(user)}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          <span className="sr-only"> {fullName(user)}</span>
        </button>
        <button
          type="button"
          className={dangerGhostButton}
          disabled={self}
          aria-describedby={self ? 'admin-self-note' : undefined}
          onClick={() => onDelete(user)}
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
      {user.id === selfId && (
        <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-cocoa">You</span>
      )}
    </p>
  );

  const phone = (user: User) => (user.phoneNumber ? formatPhone(user.phoneNumber) : null);
  const joined = (user: User) => dateFormat.format(new Date(user.createdAt));

  const columns: Column<User>[] = [
    { header: 'Name', cell: name },
    { header: 'E-mail', className: 'break-all text-ink', cell: (user) => user.email },
    { header: 'Phone', className: 'whitespace-nowrap text-muted', cell: (user) => phone(user) ?? '—' },
    { header: 'Created', className: 'whitespace-nowrap text-muted', cell: joined },
    { header: 'Admin', cell: adminSwitch },
    { header: 'Actions', hideHeader: true, align: 'right', cell: actions },
  ];

  return (
    <DataTable
      caption="Users"
      columns={columns}
      rows={shown}
      rowKey={(user) => user.id}
      rowTestId="admin-user-row"
      // Six columns with the switch and two buttons: cards up to laptop widths.
      wideFrom="lg"
      empty={empty}
      card={(user) => (
        <>
          {name(user)}
          <p className="text-sm break-all text-ink">{user.email}</p>
          <p className="text-sm text-muted">
            {phone(user) ?? 'No phone'} · Joined {joined(user)}
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            {adminSwitch(user)}
            <div className="-mr-2">{actions(user)}</div>
          </div>
        </>
      )}
    />
  );
}
