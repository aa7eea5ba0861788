import { and, eq, sql } from 'drizzle-orm';
import { canViewCreative } from '@domain/creative-access';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import type { Creative, LikeState, User } from '@domain/types';
import type { Db } from '@server/db/client';
import { creativeLikes, creatives, media } from '@server/db/schema';
import { selectCreatives, toCreative } from './creative-row';

const notFound = () => new AppError('NOT_FOUND', { message: MSG.creativeNotFound });

/** One creative as the viewer may see it, or 'Créative non trouvée'. */
export async function getCreative(db: Db, viewer: User | null, id: string): Promise<Creative> {
  const [row] = await selectCreatives(db, viewer?.id ?? null)
    .where(eq(creatives.id, id))
    .limit(1);
  if (!row || !canViewCreative(row.creative, viewer)) throw notFound();
  return toCreative(row, { withAnalysis: can(viewer?.role, 'creative:read-analysis') });
}

async function requireApproved(db: Db, id: string): Promise<void> {
  const [row] = await db.select({ status: creatives.status }).from(creatives).where(eq(creatives.id, id)).limit(1);
  if (!row || row.status !== 'approved') throw notFound();
}

/**
 * Like / unlike in one transaction: the like row and the counter change together, and the
 * counter moves only when the row was really added or removed, so likes == number of likers.
 */
export async function setLike(db: Db, viewer: User, id: string, liked: boolean): Promise<LikeState> {
  await requireApproved(db, id);
  return db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(creativeLikes).values({ creativeId: id, userId: viewer.id }).onConflictDoNothing().returning()
      : await tx
          .delete(creativeLikes)
          .where(and(eq(creativeLikes.creativeId, id), eq(creativeLikes.userId, viewer.id)))
          .returning();
    if (changed.length > 0) {
      const [row] = await tx
        .update(creatives)
        .set({ likes: sql`${creatives.likes} + ${liked ? 1 : -1}` })
        .where(eq(creatives.id, id))
        .returning({ likes: creatives.likes });
      return { likes: row?.likes ?? 0, liked };
    }
    const [row] = await tx.select({ likes: creatives.likes }).from(creatives).where(eq(creatives.id, id));
    return { likes: row?.likes ?? 0, liked };
  });
}

/** The stored original of a creative the viewer may download. */
export async function getDownload(db: Db, viewer: User, id: string) {
  const [row] = await db
    .select({ creative: creatives, mediaName: media.name, contentType: media.contentType })
    .from(creatives)
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .where(eq(creatives.id, id))
    .limit(1);
  if (!row || !canViewCreative(row.creative, viewer)) throw notFound();
  if (!row.mediaName || !row.contentType) throw new AppError('NOT_FOUND', { message: MSG.mediaUnavailable });
  return { name: row.creative.name, mediaName: row.mediaName, contentType: row.contentType };
}
