import { Trash2 } from 'lucide-react';
import { MSG } from '@domain/messages';
import { ROLE_LABELS, ROLES, isRole, type Role } from '@domain/roles';
import type { User } from '@domain/types';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { fullName } from '../user-name';

interface UserRowProps {
  user: User;
  isSelf: boolean;
  onRoleChange: (user: User, role: Role) => void;
  onDelete: (user: User) => void;
}

/** A row of the user table; the admin's own row cannot change its role nor be deleted (the server refuses too). */
export function UserRow({ user, isSelf, onRoleChange, onDelete }: UserRowProps) {
  const name = fullName(user);
  const selfHintId = `self-hint-${user.id}`;
  return (
    <tr className={cn('align-middle', isSelf && 'bg-brand-50/40')}>
      <td className="px-3 py-3 sm:px-4">
        <p className="font-medium text-slate-900">
          {name}
          {isSelf ? <span className="ml-1.5 text-sm font-normal text-slate-500">(vous)</span> : null}
        </p>
        <p className="text-xs text-slate-500 [overflow-wrap:anywhere] sm:hidden">
          <Email address={user.email} />
        </p>
      </td>
      <td className="hidden px-3 py-3 text-slate-700 [overflow-wrap:anywhere] sm:table-cell sm:px-4">
        <Email address={user.email} />
      </td>
      <td className="px-3 py-3 sm:px-4">
        <select
          aria-label={`Rôle de ${name}`}
          aria-describedby={isSelf ? selfHintId : undefined}
          value={user.role}
          disabled={isSelf}
          title={isSelf ? MSG.cannotChangeOwnRole : undefined}
          onChange={(e) => {
            if (isRole(e.target.value)) onRoleChange(user, e.target.value);
          }}
          className={cn(inputClass, 'w-full min-w-[9.5rem] py-1.5 pl-2 pr-1 sm:w-auto sm:min-w-36 sm:pl-3 sm:pr-8')}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        {isSelf ? (
          <p id={selfHintId} className="mt-1 max-w-48 text-xs text-slate-500">
            {MSG.cannotChangeOwnRole}
          </p>
        ) : null}
      </td>
      <td className="py-3 pl-1 pr-2 text-right sm:px-4">
        <span title={isSelf ? MSG.cannotDeleteSelf : undefined} className="inline-flex">
          <Button
            variant="ghost"
            size="sm"
            disabled={isSelf}
            aria-label={`Supprimer ${name}`}
            aria-describedby={isSelf ? `${selfHintId}-delete` : undefined}
            className="text-red-600 hover:bg-red-50 hover:text-red-700"
            onClick={() => onDelete(user)}
          >
            <Trash2 aria-hidden />
            <span className="hidden sm:inline">Supprimer</span>
          </Button>
        </span>
        {isSelf ? (
          <span id={`${selfHintId}-delete`} className="sr-only">
            {MSG.cannotDeleteSelf}
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** An e-mail that wraps after its '@' first, then anywhere if a part is still too long. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
