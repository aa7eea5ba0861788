import {
  arrayRemove,
  arrayUnion,
  collection,
  doc,
  documentId,
  getDocs,
  increment,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  Timestamp,
  where,
  writeBatch,
  type DocumentData,
  type QueryConstraint,
} from 'firebase/firestore';
import { creativeOfMonthRule, pickCreativeOfMonth } from '@domain/creative-of-month';
import { downloadFileName } from '@domain/download';
import { matchesFilters, type GalleryFilters } from '@domain/gallery-filters';
import { PAGE_SIZE } from '@domain/limits';
import { acceptedMedia, mediaProblem } from '@domain/media-rules';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import { adminCreativeInput, creativeInput } from '@domain/schemas/creative';
import { matchesSearch } from '@domain/search';
import { statusOnSubmit } from '@domain/transitions';
import type { Analysis, Creative, LikeState, Page, User } from '@domain/types';
import type { Gateway, GallerySort, UploadProgress } from '../types';
import { chunks, dataOf, guard, requireUid, requireViewer, uidOf, viewerOf, type FirebaseContext } from './context';
import { creativeFormDocuments, derivedFields, type IndexedFields } from './creative-document';
import { createCreative, newCreativeFields } from './creative-writes';
import {
  analysisRef,
  creativeRef,
  notFoundCreative,
  readCreativeDoc,
  readCreativeWithAnalysis,
  submitterNames,
  timestampParts,
} from './creatives-shared';
import { firebaseDiscovery } from './discovery';
import { firebaseFacetCounts } from './facet-counts';
import { dropFingerprint } from './fingerprints';
import { gatewayError, validate } from './errors';
import { toCreative } from './mappers';
import { byTimestamp, newestFirstReader } from './keyset';
import { favoritesPage, likeRef } from './likes';
import { collectPage, decodeCursor, encodeCursor, type ScanBatch, type ScanPosition } from './paging';
import { cappedCount, readQuery, readsSince } from './reads';
import { galleryFiltersOf, indexedParts, partIsWholeRequest, partLabel, pickPart, type IndexedPart } from './gallery-plan';
import type { StoredMedia } from './storage';
import { submissionPayload } from './webhooks';

/** Documents read per gallery query when the browser checks what is read (the first; then twice as many each time). */
export const SCAN_BATCH = 2 * PAGE_SIZE;
/**
 * Reads billed at most for one gallery page (documents, empty queries and the first page's counts):
 * past it the page ends early — short, even empty — with a cursor to go on.
 */
export const MAX_SCANNED_PER_PAGE = 200;
/**
 * A candidate index's count stops at this many: one billed read (Firestore bills a count one read
 * per 1,000 index entries). When every candidate reaches it, they are counted again with a cap that
 * keeps that second round within PART_RECOUNT_READS; past both caps the first candidate in
 * indexedParts' order is taken.
 */
export const PART_COUNT_LIMIT = 1000;
export const PART_RECOUNT_READS = 40;

/** Documents read per query while looking for the creative of the month. */
const MONTH_BATCH = 300;

/** Largest batch of writes we send at once (Firestore allows 500). */
const WRITE_BATCH = 450;

type Candidate = { id: string; data: DocumentData; creative: Creative };

/**
 * Approved creatives (with the extra constraints) in gallery order: newest first, or most liked
 * first then newest, the document id breaking ties. firestore.indexes.json has an index for each.
 */
function approvedInOrder(sort: GallerySort, extra: QueryConstraint[]): QueryConstraint[] {
  const order =
    sort === 'likes'
      ? [orderBy('likes', 'desc'), orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')]
      : [orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')];
  return [where('status', '==', 'approved'), ...extra, ...order];
}

/**
 * A reader of approved creatives in gallery order — newest first, or most liked first (then
 * newest) — after a position, with the extra constraints of the index part serving the request.
 */
function approvedReader(ctx: FirebaseContext, sort: GallerySort, uid: string | null, extra: QueryConstraint[] = []) {
  return async (after: ScanPosition | null, size: number): Promise<ScanBatch<Candidate>> => {
    const constraints = approvedInOrder(sort, extra);
    if (after) {
      if (sort === 'likes') {
        const [likes, seconds, nanos, id] = after as [number, number, number, string];
        constraints.push(startAfter(likes, new Timestamp(seconds, nanos), id));
      } else {
        const [seconds, nanos, id] = after as [number, number, string];
        constraints.push(startAfter(new Timestamp(seconds, nanos), id));
      }
    }
    constraints.push(limit(size));
    const snap = await readQuery(ctx.reads, query(collection(ctx.db, 'creatives'), ...constraints));
    return {
      exhausted: snap.size < size,
      items: snap.docs.map((d) => {
        const data = dataOf(d);
        const [seconds, nanos] = timestampParts(data.createdAt);
        const position: ScanPosition = sort === 'likes' ? [Number(data.likes ?? 0), seconds, nanos, d.id] : [seconds, nanos, d.id];
        return { value: { id: d.id, data, creative: toCreative(d.id, data, { uid }) }, position };
      }),
    };
  };
}

const cursorShape = (sort: GallerySort): ('string' | 'number')[] =>
  sort === 'likes' ? ['number', 'number', 'number', 'string'] : ['number', 'number', 'string'];

interface ScanOptions {
  sort: GallerySort;
  uid: string | null;
  cursor?: string | null;
  extra?: QueryConstraint[];
  /**
   * Names the query in the cursor (the gallery's index part): a cursor made for another query is
   * not one of ours, and the scan starts from the beginning.
   */
  label?: string;
  /** The first query's size, the largest, and the documents read at most (defaults: SCAN_BATCH, fixed, MAX_SCANNED_PER_PAGE). */
  batchSize?: number;
  maxBatchSize?: number;
  maxScanned?: number;
}

/** The label a gallery cursor was made with, or null when it is not a labelled cursor of this sort. */
function cursorLabel(cursor: string | null | undefined, sort: GallerySort): string | null {
  const position = decodeCursor(cursor, ['string', ...cursorShape(sort)]);
  return position ? String(position[0]) : null;
}

async function scanApproved(ctx: FirebaseContext, options: ScanOptions, matches: (c: Creative) => boolean): Promise<Page<Creative>> {
  const { label } = options;
  let start = decodeCursor(options.cursor, label === undefined ? cursorShape(options.sort) : ['string', ...cursorShape(options.sort)]);
  if (label !== undefined) start = start && start[0] === label ? start.slice(1) : null;
  const page = await guard(ctx, () =>
    collectPage(approvedReader(ctx, options.sort, options.uid, options.extra), (c) => matches(c.creative), start, {
      pageSize: PAGE_SIZE,
      batchSize: options.batchSize ?? SCAN_BATCH,
      maxBatchSize: options.maxBatchSize,
      maxScanned: options.maxScanned ?? MAX_SCANNED_PER_PAGE,
    }),
  );
  const next = page.next && label !== undefined ? [label, ...page.next] : page.next;
  return { items: page.items.map((c) => c.creative), nextCursor: encodeCursor(next) };
}

/** The query constraint that reads the creatives matching one index part (gallery-plan.ts). */
function partConstraint(part: IndexedPart): QueryConstraint {
  if (part.kind === 'search') return where('searchKeys', 'array-contains', part.key);
  if (part.kind === 'group') return where('facets', 'array-contains-any', part.keys);
  return where('facets', 'array-contains', part.key);
}

/**
 * The gallery page: served by the index of the request's most selective part (gallery-plan.ts),
 * the rest checked in the browser. On the first page, when several parts could serve it, each is
 * counted (PART_COUNT_LIMIT, PART_RECOUNT_READS) and the smallest wins; the choice travels in the
 * cursor, so the next pages neither count again nor change index.
 * Every page stays within MAX_SCANNED_PER_PAGE billed reads, the counts included.
 */
async function galleryPage(
  ctx: FirebaseContext,
  request: { sort: GallerySort; uid: string | null; filters: GalleryFilters; term: string; cursor?: string | null },
): Promise<Page<Creative>> {
  const { sort, filters, term } = request;
  const parts = indexedParts(filters, term);
  const resumed = cursorLabel(request.cursor, sort);
  let part = parts.find((p) => partLabel(p) === resumed) ?? null;
  const before = { ...ctx.reads };
  if (!part && parts.length === 1) part = parts[0]!;
  else if (!part && parts.length > 1) {
    const count = (candidates: IndexedPart[], cap: number) =>
      guard(ctx, () =>
        Promise.all(
          candidates.map((p) =>
            cappedCount(ctx.reads, query(collection(ctx.db, 'creatives'), ...approvedInOrder(sort, [partConstraint(p)])), cap),
          ),
        ),
      );
    let counts = await count(parts, PART_COUNT_LIMIT);
    // A part nothing matches: neither does the request.
    if (counts.includes(0)) return { items: [], nextCursor: null };
    // Every part reached the cap: count them further, within PART_RECOUNT_READS, to tell them apart.
    if (Math.min(...counts) === PART_COUNT_LIMIT) {
      const cap = Math.max(PART_COUNT_LIMIT, Math.floor(PART_RECOUNT_READS / parts.length) * 1000);
      if (cap > PART_COUNT_LIMIT) counts = await count(parts, cap);
    }
    part = pickPart(parts, counts);
  }
  const counted = readsSince(before, ctx.reads);
  const exact = partIsWholeRequest(part, filters, term);
  return scanApproved(
    ctx,
    {
      sort,
      uid: request.uid,
      cursor: request.cursor,
      extra: part ? [partConstraint(part)] : [],
      label: part ? partLabel(part) : '',
      // Nothing left to check: a page and one more document prove the next page exists.
      batchSize: exact ? PAGE_SIZE + 1 : SCAN_BATCH,
      maxBatchSize: exact ? PAGE_SIZE + 1 : MAX_SCANNED_PER_PAGE,
      maxScanned: MAX_SCANNED_PER_PAGE - counted,
    },
    (c) => matchesFilters(c, filters) && matchesSearch(c, term),
  );
}

/** The picked file against spec §5 (type, size), with the server's error codes. */
export function checkMedia(file: (Blob & { name?: string }) | null | undefined): void {
  if (!file) throw gatewayError('VALIDATION', MSG.mediaRequired, { media: MSG.mediaRequired });
  const problem = mediaProblem({ type: file.type.toLowerCase(), size: file.size });
  if (!problem) return;
  const code = acceptedMedia(file.type) ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA';
  throw gatewayError(code, problem, { media: problem });
}

/** Intrinsic size of an image, where the browser can tell (reserves the card's aspect ratio). */
async function imageSize(file: Blob, kind: string): Promise<{ width: number | null; height: number | null }> {
  if (kind !== 'image' || typeof createImageBitmap !== 'function') return { width: null, height: null };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: null, height: null };
  }
}

async function storeMedia(
  ctx: FirebaseContext,
  file: Blob & { name?: string },
  viewer: User,
  onProgress?: (p: UploadProgress) => void,
): Promise<StoredMedia & { width: number | null; height: number | null }> {
  const stored = await guard(ctx, () => ctx.media.upload(file, { uploadedBy: viewer.id, onProgress }));
  return { ...stored, ...(await imageSize(file, stored.kind)) };
}

function removeMedia(ctx: FirebaseContext, path: unknown): Promise<void> {
  if (typeof path !== 'string' || !path) return Promise.resolve();
  return ctx.media.remove(path).catch((err: unknown) => ctx.log(`[firebase] could not delete ${path}`, err));
}

const EMPTY_ANALYSIS: Analysis = { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };

export function firebaseCreatives(ctx: FirebaseContext): Gateway['creatives'] {
  const col = () => collection(ctx.db, 'creatives');

  /** The creative just written, as its author sees it (with the analysis that was written with it). */
  async function readBack(id: string, viewer: User, analysis: Analysis): Promise<Creative> {
    const data = await readCreativeDoc(ctx, id);
    const names = await submitterNames(ctx, [typeof data.submittedBy === 'string' ? data.submittedBy : null]);
    return toCreative(id, data, { uid: viewer.id }, names.get(data.submittedBy as string) ?? null, analysis);
  }

  async function setLike(id: string, liked: boolean): Promise<LikeState> {
    const uid = await requireUid(ctx);
    const ref = creativeRef(ctx, id);
    return guard(
      ctx,
      () =>
        runTransaction(ctx.db, async (tx) => {
          const snap = await tx.get(ref);
          const data = snap.data();
          if (!data || data.status !== 'approved') throw notFoundCreative();
          const likedBy: string[] = Array.isArray(data.likedBy) ? data.likedBy : [];
          const likes = typeof data.likes === 'number' ? data.likes : 0;
          // Idempotent: liking twice (or unliking twice) changes nothing.
          if (likedBy.includes(uid) === liked) return { likes, liked };
          // The creative's counter and the dated like document change together (the rules tie them).
          tx.update(ref, { likes: increment(liked ? 1 : -1), likedBy: liked ? arrayUnion(uid) : arrayRemove(uid) });
          if (liked) tx.set(likeRef(ctx, uid, id), { creativeId: id, likedAt: serverTimestamp() });
          else tx.delete(likeRef(ctx, uid, id));
          return { likes: likes + (liked ? 1 : -1), liked };
        }),
      { deniedIsNotFound: true, notFoundMessage: MSG.creativeNotFound },
    );
  }

  return {
    ...firebaseDiscovery(ctx),

    facets: firebaseFacetCounts(ctx),
    // The browser hashes the file (duplicates.ts, loaded on demand with the hashing code).
    checkDuplicates: async (file) => (await import('./duplicates')).checkDuplicates(ctx, file),

    async list(q) {
      const uid = await uidOf(ctx);
      const sort: GallerySort = q.sort === 'likes' ? 'likes' : 'recent';
      return galleryPage(ctx, { sort, uid, filters: galleryFiltersOf(q), term: q.q?.trim() ?? '', cursor: q.cursor });
    },

    async highlights() {
      const uid = await uidOf(ctx);
      const { start, end } = creativeOfMonthRule.window(new Date());
      // Every approved creative of this month is a candidate: read them all, batch after batch.
      const monthReader = newestFirstReader(
        ctx,
        'creatives',
        [
          where('status', '==', 'approved'),
          where('createdAt', '>=', Timestamp.fromDate(start)),
          where('createdAt', '<', Timestamp.fromDate(end)),
        ],
        byTimestamp('createdAt'),
      );
      const pickMonth = async () => {
        let best: Creative | null = null;
        let after: ScanPosition | null = null;
        for (;;) {
          const batch = await monthReader(after, MONTH_BATCH);
          best = pickCreativeOfMonth([...(best ? [best] : []), ...batch.items.map((c) => toCreative(c.value.id, c.value.data, { uid }))]);
          if (batch.exhausted || batch.items.length === 0) return best;
          after = batch.items[batch.items.length - 1]!.position;
        }
      };
      const [creativeOfMonth, featured] = await guard(ctx, () =>
        Promise.all([
          pickMonth(),
          getDocs(
            query(col(), where('status', '==', 'approved'), where('isFeatured', '==', true), orderBy('featuredAt', 'desc'), limit(1)),
          ),
        ]),
      );
      const top = featured.docs[0];
      return {
        creativeOfMonth,
        featured: top ? toCreative(top.id, dataOf(top), { uid }) : null,
      };
    },

    async get(id) {
      const viewer = await viewerOf(ctx);
      const { data, analysis } = await readCreativeWithAnalysis(ctx, id, viewer);
      const submittedBy = typeof data.submittedBy === 'string' ? data.submittedBy : null;
      // The submitter's name for those who may read that profile: staff, and the submitter.
      let submitter: { firstName: string; lastName: string } | null = null;
      if (viewer && submittedBy === viewer.id) submitter = { firstName: viewer.firstName, lastName: viewer.lastName };
      else if (viewer && submittedBy && can(viewer.role, 'creative:review')) {
        submitter = (await submitterNames(ctx, [submittedBy])).get(submittedBy) ?? null;
      }
      return toCreative(id, data, { uid: viewer?.id ?? (await uidOf(ctx)) }, submitter, analysis);
    },

    like: (id) => setLike(id, true),
    unlike: (id) => setLike(id, false),

    async favorites(q) {
      const uid = await requireUid(ctx);
      return favoritesPage(ctx, uid, q.q?.trim() ?? '', q.cursor);
    },

    async download(creative) {
      await requireUid(ctx);
      const url = creative.mediaUrl ?? creative.image;
      if (!url) throw gatewayError('NOT_FOUND', MSG.mediaUnavailable);
      let res: Response;
      try {
        res = await fetch(url);
      } catch (err) {
        ctx.log('[firebase] download failed', err);
        throw gatewayError('INTERNAL', MSG.downloadError);
      }
      if (!res.ok) throw gatewayError(res.status === 404 ? 'NOT_FOUND' : 'INTERNAL', MSG.downloadError);
      const blob = await res.blob();
      return { blob, fileName: downloadFileName(creative.name, blob.type || res.headers.get('content-type')) };
    },

    async submit(input, file, onProgress) {
      const viewer = await requireViewer(ctx, 'creative:submit', { unauthenticated: MSG.mustBeLoggedToSubmit });
      const data = validate(creativeInput, input);
      checkMedia(file);
      const status = statusOnSubmit(viewer.role) === 'approved' ? 'approved' : 'pending';
      const { creative, analysis } = creativeFormDocuments(data);
      const fingerprint = await ctx.fingerprint(file);
      const stored = await storeMedia(ctx, file, viewer, onProgress);
      const ref = doc(col());
      try {
        await guard(ctx, () =>
          createCreative(
            ctx,
            ref,
            {
              ...creative,
              mediaUrl: stored.url,
              mediaPath: stored.path,
              mediaType: stored.kind,
              image: null,
              posterUrl: null,
              width: stored.width,
              height: stored.height,
              ...newCreativeFields(viewer, status),
            },
            analysis,
            viewer.id,
            fingerprint,
          ),
        );
      } catch (err) {
        await removeMedia(ctx, stored.path);
        throw err;
      }
      const created = await readBack(ref.id, viewer, analysis);
      ctx.webhook(ctx.webhooks.submission, submissionPayload(created, viewer));
      return created;
    },

    async update(id, input, file, onProgress) {
      const viewer = await requireViewer(ctx, 'creative:update');
      const data = validate(creativeInput, input);
      if (file) checkMedia(file);
      const existing = await readCreativeDoc(ctx, id);
      const { creative, analysis } = creativeFormDocuments(data);
      const stored = file ? await storeMedia(ctx, file, viewer, onProgress) : null;
      const media = stored
        ? {
            mediaUrl: stored.url,
            mediaPath: stored.path,
            mediaType: stored.kind,
            posterUrl: null,
            width: stored.width,
            height: stored.height,
          }
        : {};
      try {
        await guard(ctx, () => {
          // The public fields and the analysis change together: the rules check that they agree.
          const batch = writeBatch(ctx.db);
          batch.update(creativeRef(ctx, id), { ...creative, ...media });
          batch.set(analysisRef(ctx, id), analysis);
          return batch.commit();
        });
      } catch (err) {
        if (stored) await removeMedia(ctx, stored.path);
        throw err;
      }
      if (stored) await removeMedia(ctx, existing.mediaPath);
      return readBack(id, viewer, analysis);
    },

    async remove(id) {
      await requireViewer(ctx, 'creative:delete');
      const existing = await readCreativeDoc(ctx, id);
      const ref = creativeRef(ctx, id);
      const comments = await guard(ctx, () => getDocs(query(collection(ctx.db, 'comments'), where('creativeId', '==', id))));
      // The creative and its analysis first, then its comments (spec §4), in batches Firestore accepts.
      const groups = chunks(comments.docs, WRITE_BATCH);
      await guard(ctx, async () => {
        const first = writeBatch(ctx.db);
        first.delete(ref);
        first.delete(analysisRef(ctx, id));
        dropFingerprint(ctx, first, existing);
        for (const c of groups[0] ?? []) first.delete(c.ref);
        await first.commit();
        for (const group of groups.slice(1)) {
          const batch = writeBatch(ctx.db);
          for (const c of group) batch.delete(c.ref);
          await batch.commit();
        }
      });
      await removeMedia(ctx, existing.mediaPath);
    },

    async adminCreate(input) {
      const viewer = await requireViewer(ctx, 'creative:admin-form');
      const data = validate(adminCreativeInput, input);
      const ref = doc(col());
      const fields: IndexedFields = {
        name: data.name,
        advertiser: data.advertiser,
        format: data.format,
        objective: data.objective,
        type: data.type,
        sector: data.sector,
        platform: data.platform,
        isJuntoAngel: false,
        testedAndApproved: false,
      };
      // The admin form has no analysis: an empty one, so that every creative has its document.
      await guard(ctx, () =>
        createCreative(
          ctx,
          ref,
          {
            ...fields,
            ...derivedFields(fields, EMPTY_ANALYSIS),
            mediaUrl: null,
            mediaPath: null,
            mediaType: 'image',
            image: data.image,
            posterUrl: null,
            width: null,
            height: null,
            ...newCreativeFields(viewer, 'approved'),
          },
          EMPTY_ANALYSIS,
          viewer.id,
        ),
      );
      return readBack(ref.id, viewer, EMPTY_ANALYSIS);
    },
  };
}
