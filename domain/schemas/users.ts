import { z } from 'zod';
import { MSG } from '../messages';
import { ROLES } from '../roles';
import { textField } from './fields';
import { cursorField } from './paging';

export const roleInput = z.object({ role: z.enum(ROLES, { error: MSG.unknownRole }) });

export const userListQuery = z.object({
  q: textField().trim().max(100).optional().default(''),
  role: z
    .union([z.enum(ROLES), z.array(z.enum(ROLES))])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  /** The next page of the same search (same `q` and `role`). */
  cursor: cursorField,
});
export type UserListQuery = z.output<typeof userListQuery>;
