import type { Role } from './roles';

/** User admin search (spec §5): case-insensitive on 'first last' or the e-mail; no role chip = every role. */
export function matchesUser(
  user: { firstName: string; lastName: string; email: string; role: Role },
  term: string,
  roles: readonly Role[] = [],
): boolean {
  if (roles.length > 0 && !roles.includes(user.role)) return false;
  const q = term.trim().toLowerCase();
  if (!q) return true;
  return `${user.firstName} ${user.lastName}`.toLowerCase().includes(q) || user.email.toLowerCase().includes(q);
}
