import { Pencil, Trash2 } from 'lucide-react';
import type { User } from '../../../../domain/accounts';
import { formatPhone } from '../../../../domain/phone';
import { dangerGhostButton, dateFormat, ghostButton, panelClass, tdClass, thClass } from '../shared/ui';
import { fullName } from './users';

/**
 * The accounts shown: a table on wide screens, cards on narrow ones, each with its admin switch, Edit
 * and Delete. The signed-in admin (`selfId`) can neither demote nor delete themself.
 */
export function UserTable({
  shown,
  selfId,
  onEdit,
  onDelete,
  onAdmin,
}: {
  shown: User[];
  selfId: number;
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

  return (
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
  );
}
