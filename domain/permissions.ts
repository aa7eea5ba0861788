import type { Role } from './roles';

/**
 * The permission matrix of spec §6. The server checks it on every route; the UI uses the same
 * function only to decide what to show. `null` is the anonymous visitor.
 */
export const ACTIONS = [
  'creative:browse',
  'creative:read-analysis',
  'creative:like',
  'creative:download',
  'comment:create',
  'comment:like',
  'comment:delete',
  'favorites:read',
  'folder:manage',
  'account:manage',
  'notification:read',
  'creative:submit',
  'creative:auto-approve',
  'creative:own-submissions',
  'creative:review',
  'creative:update',
  'creative:delete',
  'creative:feature',
  'creative:admin-form',
  'analytics:read',
  'user:manage',
] as const;
export type Action = (typeof ACTIONS)[number];

const SIGNED_IN: Action[] = [
  'creative:browse',
  'creative:read-analysis',
  'creative:like',
  'creative:download',
  'comment:create',
  'comment:like',
  'favorites:read',
  'folder:manage',
  'account:manage',
  'notification:read',
];

const STAFF: Action[] = [
  ...SIGNED_IN,
  'creative:submit',
  'creative:auto-approve',
  'creative:review',
  'creative:update',
  'creative:delete',
  'creative:feature',
  'analytics:read',
];

export const PERMISSIONS = {
  anonymous: ['creative:browse'],
  user: SIGNED_IN,
  agency: [...SIGNED_IN, 'creative:submit', 'creative:own-submissions'],
  specialist: STAFF,
  admin: [...STAFF, 'comment:delete', 'creative:admin-form', 'user:manage'],
} satisfies Record<Role | 'anonymous', Action[]>;

export function can(role: Role | null | undefined, action: Action): boolean {
  const granted: readonly Action[] = PERMISSIONS[role ?? 'anonymous'];
  return granted.includes(action);
}
