import { Search } from 'lucide-react';
import { useId } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@domain/roles';
import { ToggleChip } from '@/components/ui/chip';
import { Input } from '@/components/ui/field';

interface UserFiltersProps {
  term: string;
  onTermChange: (term: string) => void;
  roles: Role[];
  onRolesChange: (roles: Role[]) => void;
}

/** Search on 'first last' or e-mail, and role chips (several at once; none = every role). */
export function UserFilters({ term, onTermChange, roles, onRolesChange }: UserFiltersProps) {
  const id = useId();
  const toggle = (role: Role) => onRolesChange(roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex w-full flex-col gap-1.5 sm:max-w-sm">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Rechercher un utilisateur
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            id={id}
            type="search"
            value={term}
            onChange={(e) => onTermChange(e.target.value)}
            placeholder="Nom ou email"
            className="pl-9"
            autoComplete="off"
          />
        </div>
      </div>
      <div role="group" aria-label="Filtrer par rôle" className="flex flex-wrap items-center gap-2">
        {ROLES.map((role) => (
          <ToggleChip key={role} selected={roles.includes(role)} onClick={() => toggle(role)}>
            {ROLE_LABELS[role]}
          </ToggleChip>
        ))}
      </div>
    </div>
  );
}
