export const ROLES = ['user', 'agency', 'specialist', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Utilisateur',
  agency: 'Agence',
  specialist: 'Spécialiste',
  admin: 'Administrateur',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
