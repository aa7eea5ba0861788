import { collection, getCountFromServer, getDocs, onSnapshot, query, Timestamp, where, type QueryConstraint } from 'firebase/firestore';
import { featuredFields, reviewedFields, UNFEATURED } from '@domain/featuring';
import { QUEUE_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { featureInput, rejectionInput, reviewStatusInput } from '@domain/schemas/creative';
import { canTransition, type ReviewAction } from '@domain/transitions';
import type { Creative, Page, ReviewCounts, User } from '@domain/types';
import type { CreativeStatus } from '@domain/vocabulary';
import type { Gateway } from '../types';
import { guard, requireViewer, type FirebaseContext } from './context';
import { creativeRef, notFoundCreative, readCreativeWithAnalysis, withSubmitters } from './creatives-shared';
import { gatewayError, validate } from './errors';
import { byTimestamp, newestFirstPage } from './keyset';
import { writeDecisionNotice } from './notification-writes';
import { transactOn } from './transactions';

/** The queue's status, checked with the schema the API uses for `?status=`. */
const queueStatus = (status: string) => validate(reviewStatusInput, { status }).status;

/** A page of a queue, newest first (spec §9): status (and submitter) equalities, then createdAt and the id. */
async function listQueue(
  ctx: FirebaseContext,
  uid: string,
  constraints: QueryConstraint[],
  cursor?: string | null,
): Promise<Page<Creative>> {
  const page = await newestFirstPage(ctx, 'creatives', constraints, byTimestamp('createdAt'), cursor, { pageSize: QUEUE_PAGE_SIZE });
  return { items: await withSubmitters(ctx, page.items, { uid }), nextCursor: page.nextCursor };
}

async function countQueues(ctx: FirebaseContext, constraints: QueryConstraint[]): Promise<ReviewCounts> {
  const col = collection(ctx.db, 'creatives');
  const [pending, rejected] = await guard(ctx, () =>
    Promise.all([
      getCountFromServer(query(col, ...constraints, where('status', '==', 'pending'))),
      getCountFromServer(query(col, ...constraints, where('status', '==', 'rejected'))),
    ]),
  );
  return { pending: pending.data().count, rejected: rejected.data().count };
}

const conflict = () => gatewayError('CONFLICT', MSG.reviewNotAllowed);

export function firebaseReview(ctx: FirebaseContext): Gateway['review'] {
  async function review(id: string, action: ReviewAction, reason?: string): Promise<Creative> {
    const viewer = await requireViewer(ctx, 'creative:review');
    const ref = creativeRef(ctx, id);
    await transactOn(
      ctx,
      ref,
      notFoundCreative,
      (tx, data) => {
        if (!canTransition(data.status as CreativeStatus, action)) throw conflict();
        const fields = reviewedFields(action, reason);
        tx.update(ref, { ...fields });
        const creative = { id, name: String(data.name ?? ''), submittedBy: data.submittedBy };
        const type = action === 'approve' ? 'creative_approved' : 'creative_rejected';
        writeDecisionNotice(tx, ctx, creative, viewer, type, fields.rejectionReason);
      },
      { notFoundMessage: MSG.creativeNotFound },
    );
    return readBack(id, viewer);
  }

  /** The reviewed creative as its detail page shows it (the page replaces its copy with it). */
  async function readBack(id: string, viewer: User): Promise<Creative> {
    const { data, analysis } = await readCreativeWithAnalysis(ctx, id, viewer);
    const [creative] = await withSubmitters(ctx, [{ id, data, analysis }], { uid: viewer.id });
    return creative!;
  }

  return {
    async list(status, page) {
      const viewer = await requireViewer(ctx, 'creative:review');
      return listQueue(ctx, viewer.id, [where('status', '==', queueStatus(status))], page?.cursor);
    },

    async counts() {
      await requireViewer(ctx, 'creative:review');
      return countQueues(ctx, []);
    },

    approve: (id) => review(id, 'approve'),

    async reject(id, reason) {
      const input = validate(rejectionInput, { reason });
      return review(id, 'reject', input.reason);
    },

    async feature(id, input) {
      const viewer = await requireViewer(ctx, 'creative:feature');
      const fields = featuredFields(validate(featureInput, input));
      const ref = creativeRef(ctx, id);
      // Queries cannot run inside a client transaction: find the featured ones first, then clear
      // them and feature this one in one transaction, so exactly one is featured afterwards.
      const featured = await guard(ctx, () => getDocs(query(collection(ctx.db, 'creatives'), where('isFeatured', '==', true))));
      await transactOn(
        ctx,
        ref,
        notFoundCreative,
        async (tx, data) => {
          const others = await Promise.all(featured.docs.filter((d) => d.id !== id).map((d) => tx.get(d.ref)));
          if (data.status !== 'approved') throw gatewayError('CONFLICT', MSG.featureNotApproved);
          for (const other of others) {
            if (other.exists() && other.data().isFeatured === true) tx.update(other.ref, { ...UNFEATURED });
          }
          // Editing the analysis of the creative already featured is no news for its submitter.
          if (data.isFeatured !== true) {
            writeDecisionNotice(tx, ctx, { id, name: String(data.name ?? ''), submittedBy: data.submittedBy }, viewer, 'creative_featured');
          }
          tx.update(ref, {
            isFeatured: true,
            featuredAt: Timestamp.fromDate(fields.featuredAt ?? new Date()),
            analyzedBy: fields.analyzedBy,
            rating: fields.rating,
          });
        },
        { notFoundMessage: MSG.creativeNotFound },
      );
      return readBack(id, viewer);
    },

    watchPendingCount(onCount) {
      // Spec §7: a live listener on the pending creatives (specialists and admins; the rules refuse others).
      return onSnapshot(
        query(collection(ctx.db, 'creatives'), where('status', '==', 'pending')),
        (snap) => onCount(snap.size),
        (err) => ctx.log('[firebase] pending creatives listener stopped', err),
      );
    },
  };
}

export function firebaseAgency(ctx: FirebaseContext): Gateway['agency'] {
  return {
    async list(status, page) {
      const viewer = await requireViewer(ctx, 'creative:own-submissions');
      return listQueue(ctx, viewer.id, [where('submittedBy', '==', viewer.id), where('status', '==', queueStatus(status))], page?.cursor);
    },
    async counts() {
      const viewer = await requireViewer(ctx, 'creative:own-submissions');
      return countQueues(ctx, [where('submittedBy', '==', viewer.id)]);
    },
  };
}
