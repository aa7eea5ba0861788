import { eq, sql } from 'drizzle-orm';
import { canViewCreative } from '@domain/creative-access';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import type { Creative, LikeState, User } from '@domain/types';
import type { Db } from '@server/db/client';
import { creativeLikes, creatives, media } from '@server/db/schema';
import { rowsOf } from '@server/db/sql-rows';
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

/**
 * Like / unlike in ONE statement: the like row and the counter change together, the counter moves
 * only when the row was really added or removed (so likes == number of likers, even with 200
 * concurrent likes), and only an approved creative can be (un)liked. One statement means one round
 * trip and the creative's row is locked only while it runs, so a like storm on a popular creative
 * does not queue behind network round trips inside a transaction.
 */
export async function setLike(db: Db, viewer: User, id: string, liked: boolean): Promise<LikeState> {
  const isApproved = sql`exists (select 1 from ${creatives} where ${creatives.id} = ${id} and ${creatives.status} = 'approved')`;
  const change = liked
    ? sql`insert into ${creativeLikes} (creative_id, user_id)
            select ${id}, ${viewer.id} where ${isApproved}
            on conflict do nothing returning 1`
    : sql`delete from ${creativeLikes}
           where ${creativeLikes.creativeId} = ${id} and ${creativeLikes.userId} = ${viewer.id} and ${isApproved}
           returning 1`;
  const [row] = await rowsOf<{ likes: number }>(
    db,
    sql`with changed as (${change})
        update ${creatives} set likes = likes + ${liked ? 1 : -1} * (select count(*)::int from changed)
         where ${creatives.id} = ${id} and ${creatives.status} = 'approved'
        returning likes`,
  );
  if (!row) throw notFound();
  return { likes: Number(row.likes), liked };
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
