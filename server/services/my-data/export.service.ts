import { eq } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { myDataHeader } from '@domain/my-data';
import { user as userTable } from '../../db/schema';
import { EXPORT_SECTIONS, type ExportContext } from './my-data-sections';
import { StreamedObject } from './json-stream';

/**
 * The account's data as one JSON document (domain/my-data.ts): the profile — never the password
 * hash nor a session — then every section of EXPORT_SECTIONS, read in keyset batches as the
 * stream is pulled. The profile is read first, so a deleted account is a 404 before any byte.
 */
export async function myDataDocument(ctx: ExportContext, now = new Date()): Promise<StreamedObject> {
  const [row] = await ctx.db
    .select({
      id: userTable.id,
      email: userTable.email,
      firstName: userTable.firstName,
      lastName: userTable.lastName,
      role: userTable.role,
      createdAt: userTable.createdAt,
    })
    .from(userTable)
    .where(eq(userTable.id, ctx.userId));
  if (!row) throw new AppError('NOT_FOUND');
  const header = myDataHeader({ ...row, createdAt: row.createdAt.toISOString() }, now);
  return new StreamedObject(header, Object.fromEntries(EXPORT_SECTIONS.map((s) => [s.key, () => s.items(ctx)])));
}
