import { eq, sql } from 'drizzle-orm';
import { canViewCreative } from '@domain/creative-access';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import type { Creative, User } from '@domain/types';
import type { Db } from '@server/db/client';
import { preparedVariants } from '@server/db/prepared';
import { creatives, media } from '@server/db/schema';
import { selectCreativeDetail, toCreative } from './creative-row';

const notFound = () => new AppError('NOT_FOUND', { message: MSG.creativeNotFound });

/** A creative's page, for a visitor (no like) or a signed-in viewer whose like is marked. */
const detailStatement = preparedVariants('creative-detail', (db, parts: { viewer: boolean }, name) =>
  selectCreativeDetail(db, parts.viewer ? sql.placeholder('viewerId') : null)
    .where(eq(creatives.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);

/** One creative as the viewer may see it, with the text read in its media, or 'Créative non trouvée'. */
export async function getCreative(db: Db, viewer: User | null, id: string): Promise<Creative> {
  const [row] = await detailStatement(db, { viewer: viewer !== null }).execute({ id, ...(viewer ? { viewerId: viewer.id } : {}) });
  if (!row || !canViewCreative(row.creative, viewer)) throw notFound();
  return { ...toCreative(row, { withAnalysis: can(viewer?.role, 'creative:read-analysis') }), mediaText: row.mediaText };
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
