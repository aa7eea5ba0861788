import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { featuredFields, reviewedFields, UNFEATURED } from '@domain/featuring';
import { QUEUE_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { canTransition, type ReviewAction } from '@domain/transitions';
import type { Creative, Page, ReviewCounts, User } from '@domain/types';
import type { CreativeStatus } from '@domain/vocabulary';
import type { Db } from '@server/db/client';
import { libraryStatusCounts } from '../analytics.service';
import { creatives } from '@server/db/schema';
import type { Deps } from '@server/http/context';
import { afterTimeCursorPlaceholder, decodeTimeCursor, timeCursorValues, timeKey, toPage } from '../pagination';
import { preparedVariants } from '@server/db/prepared';
import { notifySubmitter } from '../notifications/notify';
import { getCreative } from './creative.service';
import { selectCreatives, toCreative } from './creative-row';

const notFound = () => new AppError('NOT_FOUND', { message: MSG.creativeNotFound });

export interface QueueQuery {
  status: Exclude<CreativeStatus, 'approved'>;
  /** Only this submitter's creatives ('Mes créas'). */
  submittedBy?: string;
  cursor?: string;
}

// Creatives that are not approved cannot be liked (LikeWriter requires 'approved', which is final:
// domain/transitions), so likedByMe is false for every row and a queue page is the same for every
// viewer allowed to see it (the staff's is shared through the response cache).
const queueStatement = preparedVariants('review_queue', (db, parts: { mine: boolean; after: boolean }, name) =>
  selectCreatives(db, null)
    .where(
      and(
        parts.mine ? eq(creatives.submittedBy, sql.placeholder('submittedBy')) : undefined,
        eq(creatives.status, sql.placeholder('status')),
        parts.after ? afterTimeCursorPlaceholder(creatives.createdAt, creatives.id) : undefined,
      ),
    )
    .orderBy(desc(creatives.createdAt), desc(creatives.id))
    .limit(QUEUE_PAGE_SIZE + 1)
    .prepare(name),
);

/**
 * A page of pending or rejected creatives, newest first (spec §9), of one submitter when
 * `submittedBy` is given; keyset on (created_at, id), answered by creatives_status_recent_idx or
 * creatives_submitter_idx in that order.
 */
export async function listByStatus(db: Db, query: QueueQuery): Promise<Page<Creative>> {
  const cursor = decodeTimeCursor(query.cursor);
  const rows = await queueStatement(db, { mine: query.submittedBy !== undefined, after: cursor !== null }).execute({
    submittedBy: query.submittedBy,
    status: query.status,
    ...timeCursorValues(cursor),
  });
  return toPage(
    rows,
    QUEUE_PAGE_SIZE,
    (r) => timeKey(r.creative.createdAt, r.creative.id),
    // The suspected original is the staff's: an agency's own list ('Mes créas') never names another creative.
    (r) => toCreative(r, { withAnalysis: true, withDuplicate: query.submittedBy === undefined }),
  );
}

/** The review tabs' counts: of the whole library (from the rollups), or of one submitter ('Mes créas'). */
export async function countByStatus(db: Db, submittedBy?: string): Promise<ReviewCounts> {
  if (!submittedBy) {
    const { pending, rejected } = await libraryStatusCounts(db);
    return { pending, rejected };
  }
  const rows = await db
    .select({ status: creatives.status, count: sql<number>`count(*)::int` })
    .from(creatives)
    .where(eq(creatives.submittedBy, submittedBy))
    .groupBy(creatives.status);
  const of = (s: string) => rows.find((r) => r.status === s)?.count ?? 0;
  return { pending: of('pending'), rejected: of('rejected') };
}

/**
 * Approve (pending or rejected) or reject (pending, with a reason), checked against spec §4 under a
 * row lock; the submitter's notification is written in the same transaction.
 */
export async function review(deps: Deps, viewer: User, id: string, action: ReviewAction, reason?: string): Promise<Creative> {
  const deliveries = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: creatives.status, submittedBy: creatives.submittedBy })
      .from(creatives)
      .where(eq(creatives.id, id))
      .for('update');
    if (!row) throw notFound();
    if (!canTransition(row.status as CreativeStatus, action)) {
      throw new AppError('CONFLICT', { message: MSG.reviewNotAllowed });
    }
    const fields = reviewedFields(action, reason);
    await tx
      .update(creatives)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(creatives.id, id));
    const type = action === 'approve' ? 'creative_approved' : 'creative_rejected';
    return notifySubmitter(tx, { id, submittedBy: row.submittedBy }, viewer.id, type, fields.rejectionReason ?? null);
  });
  await deps.events.pending.publish();
  await deps.events.notifier.deliver(deliveries);
  return getCreative(deps.db, viewer, id);
}

/** Features one approved creative; the previously featured one is cleared, and the submitter notified, in the same transaction. */
export async function feature(deps: Deps, viewer: User, id: string, input: { analyzedBy: string; rating: number }): Promise<Creative> {
  const deliveries = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: creatives.status, submittedBy: creatives.submittedBy, isFeatured: creatives.isFeatured })
      .from(creatives)
      .where(eq(creatives.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'approved') {
      throw new AppError('CONFLICT', { message: MSG.featureNotApproved });
    }
    await tx
      .update(creatives)
      .set(UNFEATURED)
      .where(and(eq(creatives.isFeatured, true), ne(creatives.id, id)));
    await tx.update(creatives).set(featuredFields(input)).where(eq(creatives.id, id));
    // Editing the analysis of the creative already featured is no news for its submitter.
    return row.isFeatured ? [] : notifySubmitter(tx, { id, submittedBy: row.submittedBy }, viewer.id, 'creative_featured');
  });
  await deps.events.notifier.deliver(deliveries);
  return getCreative(deps.db, viewer, id);
}
