import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { User } from '../../domain/types';
import type { Db } from '../db/client';
import { user as userTable } from '../db/schema';
import { toUser } from '../auth/session';

export async function updateProfile(db: Db, userId: string, input: { firstName: string; lastName: string }): Promise<User> {
  const [row] = await db
    .update(userTable)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      updatedAt: new Date(),
    })
    .where(eq(userTable.id, userId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toUser(row);
}
