import { and, eq, isNull, sql } from 'drizzle-orm';
import { lengthOf } from '@domain/media-shape';
import { mergeReadText } from '@domain/media-text';
import type { MediaType } from '@domain/vocabulary';
import type { Db } from '@server/db/client';
import { creatives, media } from '@server/db/schema';
import type { AnalyseResult } from '../media-analyser';

/** What was analysed: the creative and the media it had when its job read it. */
export interface AnalysedMedia {
  creativeId: string;
  mediaId: string;
  mediaType: MediaType;
}

/**
 * Writes what the analysis read, in one transaction: the creative's text (normalised again by
 * mergeReadText, whatever the analyser), the time of the analysis, and for a video its duration on the
 * media row and its duration class on the creative. Only while the creative still has that media and
 * no result: a media replaced (or a creative deleted) during the analysis makes the result stale — the
 * replacement queued its own job — and a text the staff wrote meanwhile wins; the result is then
 * dropped. Returns whether it was written.
 */
export async function writeAnalysisResult(db: Db, analysed: AnalysedMedia, result: AnalyseResult): Promise<boolean> {
  const video = analysed.mediaType === 'video';
  return db.transaction(async (tx) => {
    const [written] = await tx
      .update(creatives)
      .set({
        mediaText: mergeReadText([result.text]),
        mediaAnalysedAt: sql`now()`,
        ...(video ? { lengthClass: lengthOf(result.durationMs) } : {}),
      })
      .where(and(eq(creatives.id, analysed.creativeId), eq(creatives.mediaId, analysed.mediaId), isNull(creatives.mediaAnalysedAt)))
      .returning({ id: creatives.id });
    if (!written) return false;
    const durationMs = result.durationMs === null ? null : Math.round(result.durationMs);
    if (video) await tx.update(media).set({ durationMs }).where(eq(media.id, analysed.mediaId));
    return true;
  });
}
