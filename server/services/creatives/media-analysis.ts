import { AppError } from '@domain/errors';
import { mayCorrectMediaText } from '@domain/media-text';
import { MSG } from '@domain/messages';
import type { User } from '@domain/types';
import { outsideRequests } from '@server/db/request-scope';
import type { creatives } from '@server/db/schema';
import type { Deps } from '@server/http/context';
import { logger } from '@server/log';

/**
 * Queues the analysis of a creative's media, once the transaction that stored it has committed. Not
 * part of the request: a client gone after the commit does not cancel it. A queue that cannot be
 * reached does not fail the submission (the creative is stored): the creative stays without a result,
 * where `npm run media:analyse` finds it.
 */
export async function queueAnalysis(deps: Pick<Deps, 'analysis'>, creativeId: string): Promise<void> {
  const queue = deps.analysis;
  if (!queue) return;
  try {
    await outsideRequests(() => queue.enqueue(creativeId));
  } catch (err) {
    logger.warn({ err, creativeId }, 'analyse du média : mise en file impossible (npm run media:analyse la rattrapera)');
  }
}

/** Refuses (403) a text sent by someone who may not correct it, before anything is stored. */
export function checkMayCorrectMediaText(viewer: User, sent: string | undefined): void {
  if (sent !== undefined && !mayCorrectMediaText(viewer.role)) throw new AppError('FORBIDDEN', { message: MSG.mediaTextStaffOnly });
}

/**
 * The columns of a text the staff wrote, when it differs from the stored one: it becomes the creative's
 * analysed text (media_analysed_at set: neither a job nor the backfill overwrites it). The edit form
 * sends the field unchanged with every save: that is no correction, and leaves a pending analysis alone.
 */
export function correctedTextColumns(sent: string | undefined, stored: string): Partial<typeof creatives.$inferInsert> {
  if (sent === undefined || sent === stored) return {};
  return { mediaText: sent, mediaAnalysedAt: new Date() };
}

/** A new media: the previous one's analysis no longer holds; its job reads the new one. */
export const newMediaAnalysisColumns: Partial<typeof creatives.$inferInsert> = { mediaText: '', mediaAnalysedAt: null, lengthClass: null };
