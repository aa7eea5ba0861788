import { eq } from 'drizzle-orm';
import type { MediaType } from '@domain/vocabulary';
import type { Db } from '@server/db/client';
import { creatives, media } from '@server/db/schema';
import type { MediaStore } from '@server/media/store';
import type { AnalyseResult, MediaAnalyser } from '../media-analyser';
import { writeAnalysisResult } from './analysis-result';

export interface AnalyseCreativeDeps {
  db: Db;
  store: MediaStore;
  analyser: MediaAnalyser;
  /** The ffmpeg chosen at start-up (server/media/media-tools.ts); null: none. */
  ffmpeg: string | null;
}

/** How a job ended (all complete the job: none is worth a retry). */
export type AnalyseOutcome = 'written' | 'stale' | 'analysed already' | 'gone' | 'no media';

/** A stored media whose file is missing reads as nothing: analysed, without text, not retried for ever. */
const NOTHING_READ: AnalyseResult = { text: '', durationMs: null, frames: 0 };

/**
 * The media-analysis job of one creative: reads its media now (the latest one, whoever queued the job),
 * from a complete local file — the stored file itself on disk, a temp copy of an S3 object — and writes
 * the result if the creative still has that media and no result yet (analysis-result.ts). A creative
 * already analysed (a job run again after a crash, a text the staff wrote), deleted meanwhile, or
 * without a media (the admin form's image URL) ends the job without error. The analyser's failure (an
 * unreadable file, a worker that died) is thrown: the queue retries it.
 */
export async function analyseCreative(deps: AnalyseCreativeDeps, creativeId: string): Promise<AnalyseOutcome> {
  const [row] = await deps.db
    .select({ mediaId: creatives.mediaId, mediaType: creatives.mediaType, analysedAt: creatives.mediaAnalysedAt, mediaName: media.name })
    .from(creatives)
    .leftJoin(media, eq(media.id, creatives.mediaId))
    .where(eq(creatives.id, creativeId))
    .limit(1);
  if (!row) return 'gone';
  if (!row.mediaId || !row.mediaName) return 'no media';
  if (row.analysedAt) return 'analysed already';
  const mediaType: MediaType = row.mediaType === 'video' ? 'video' : 'image';
  const result =
    (await deps.store.withLocalCopy(row.mediaName, (file) => deps.analyser.analyse({ file, mediaType, ffmpeg: deps.ffmpeg }))) ??
    NOTHING_READ;
  const written = await writeAnalysisResult(deps.db, { creativeId, mediaId: row.mediaId, mediaType }, result);
  return written ? 'written' : 'stale';
}
