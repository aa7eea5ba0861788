import { describe, expect, it } from 'vitest';
import { ACTIONS, can, PERMISSIONS } from './permissions';
import { ROLES } from './roles';

describe('can()', () => {
  it('lets a visitor only browse', () => {
    expect(ACTIONS.filter((a) => can(null, a))).toEqual(['creative:browse']);
  });

  it('gives every signed-in role the user actions', () => {
    for (const role of ROLES) {
      for (const action of PERMISSIONS.user) expect(can(role, action), `${role} ${action}`).toBe(true);
    }
  });

  it('keeps submission to agency and staff, auto-approval to staff', () => {
    expect(ROLES.filter((r) => can(r, 'creative:submit'))).toEqual(['agency', 'specialist', 'admin']);
    expect(ROLES.filter((r) => can(r, 'creative:auto-approve'))).toEqual(['specialist', 'admin']);
    expect(ROLES.filter((r) => can(r, 'creative:own-submissions'))).toEqual(['agency']);
  });

  it('gives validation, edit, delete, feature and analytics to specialists and admins', () => {
    for (const action of ['creative:review', 'creative:update', 'creative:delete', 'creative:feature', 'analytics:read'] as const) {
      expect(ROLES.filter((r) => can(r, action))).toEqual(['specialist', 'admin']);
    }
  });

  it('keeps user management, comment deletion and the simple form to admins', () => {
    for (const action of ['user:manage', 'comment:delete', 'creative:admin-form'] as const) {
      expect(ROLES.filter((r) => can(r, action))).toEqual(['admin']);
    }
  });
});
