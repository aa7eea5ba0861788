import { eq, sql } from 'drizzle-orm';
import { ACCEPTED_MEDIA } from '@domain/media-rules';
import type { Db } from '../db/client';
import { preparedVariants, textArray } from '../db/prepared';
import { creatives, media } from '../db/schema';
import { parseStoredName } from '../media/derivatives';

/** The creatives showing a stored file: whoever may see one of them may have the file. */
export type MediaAudience = { status: string; submittedBy: string | null }[];

/** Extensions an original can have, to find the original of a derivative (`…-card.webp` → `….png`). */
const ORIGINAL_EXTENSIONS = [...new Set(Object.values(ACCEPTED_MEDIA).map((m) => m.ext))];

/**
 * One statement on two indexes: the media row by its unique `name` (= any of at most six
 * candidates), then its creative by `creatives_media_idx`.
 */
const audienceStatement = preparedVariants('media_audience', (db, _parts: Record<string, never>, name) =>
  db
    .select({ status: creatives.status, submittedBy: creatives.submittedBy })
    .from(media)
    .innerJoin(creatives, eq(creatives.mediaId, media.id))
    .where(sql`${media.name} = any(${textArray('names')})`)
    .prepare(name),
);

/**
 * Who may have the stored file `name` (an original, card, poster or variant): the creatives whose
 * media it belongs to. An empty list — a name we did not make, a media row no creative uses (yet,
 * or any more) — means nobody.
 */
export async function mediaAudience(db: Db, name: string): Promise<MediaAudience> {
  const parsed = parseStoredName(name);
  if (!parsed) return [];
  const names = parsed.ext ? [name] : ORIGINAL_EXTENSIONS.map((ext) => `${parsed.base}.${ext}`);
  return audienceStatement(db, {}).execute({ names });
}
