import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Timestamp,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { asLength, asShape } from '@domain/media-shape';
import type { Analysis } from '@domain/types';
import { ANALYSIS_DOC, derivedFields, PRIVATE_COLLECTION, type IndexedFields } from '@/gateway/firebase/creative-document';
import { analysisFromDoc } from '@/gateway/firebase/mappers';

/**
 * The one-off migration of a Firebase project to the stored shape of issue 16
 * (src/gateway/firebase/creative-document.ts), with the Admin SDK (`npm run migrate:firebase`):
 *
 * - each creative's `analysis` moves to `creatives/{id}/private/analysis` (members only) and leaves
 *   the creative; a creative without any analysis gets an empty one (every creative has its document);
 * - the derived fields (`analysisPreview`, `hasAnalysis`, `facets`, `searchKeys`) are (re)written;
 * - each uid of `likedBy` gets its `users/{uid}/likes/{creativeId}`. The date of an old like is
 *   unknown: `likedAt` is the creative's `createdAt` (favourites of old likes then follow the
 *   creatives' order);
 * - each submitter gets `contributors/{uid}`, `since` their earliest creative.
 *
 * Idempotent: what is already in the new shape is not written again, so a second run changes
 * nothing. Resumable the same way: the writes of each page are committed before the next page is
 * read, and a run started again after an interruption writes only what is still missing. A creative
 * and its analysis are always in the same batch; batches hold at most WRITE_BATCH writes.
 */

/** Writes per batch (Firestore accepts 500). */
export const WRITE_BATCH = 400;
/** Creatives read per page, in document id order. */
export const PAGE_SIZE = 200;
/** Documents per `getAll` (existence checks of likes and contributors). */
const GET_ALL = 300;

export interface MigrationSummary {
  /** Creatives read. */
  creatives: number;
  /** Analyses moved from the creative to its private document. */
  analysesMoved: number;
  /** Empty analysis documents created for creatives that had none at all. */
  analysesCreated: number;
  /** Creatives whose derived fields were (re)written. */
  derivedRewritten: number;
  /** `users/{uid}/likes/{creativeId}` created. */
  likesCreated: number;
  /** `contributors/{uid}` created. */
  contributorsCreated: number;
  /** Existing `contributors/{uid}` whose `since` moved back to the submitter's earliest creative. */
  contributorsBackdated: number;
  /** Writes sent (or that would be, with dryRun) and batches committed. */
  writes: number;
  batches: number;
}

export interface MigrationOptions {
  /** Count and describe, write nothing. */
  dryRun?: boolean;
  pageSize?: number;
  /** One line per document changed (dry run) or per page (progress). */
  log?: (line: string) => void;
}

const emptySummary = (): MigrationSummary => ({
  creatives: 0,
  analysesMoved: 0,
  analysesCreated: 0,
  derivedRewritten: 0,
  likesCreated: 0,
  contributorsCreated: 0,
  contributorsBackdated: 0,
  writes: 0,
  batches: 0,
});

type Op = (batch: WriteBatch) => void;

/** Sends groups of writes in batches of at most WRITE_BATCH; a group is never split across two. */
class BatchWriter {
  private pending: Op[] = [];
  constructor(
    private readonly db: Firestore,
    private readonly summary: MigrationSummary,
    private readonly dryRun: boolean,
  ) {}

  async add(group: Op[]): Promise<void> {
    if (this.pending.length + group.length > WRITE_BATCH) await this.flush();
    this.pending.push(...group);
    this.summary.writes += group.length;
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const ops = this.pending;
    this.pending = [];
    if (this.dryRun) return;
    const batch = this.db.batch();
    for (const op of ops) op(batch);
    await batch.commit();
    this.summary.batches += 1;
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** JSON with every map's keys sorted: Firestore hands a map back in its own key order (`facetMap`). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The form values a stored creative is indexed by. */
function indexedFieldsOf(data: DocumentData): IndexedFields {
  return {
    name: str(data.name),
    advertiser: str(data.advertiser),
    format: str(data.format),
    objective: str(data.objective),
    type: str(data.type),
    sector: str(data.sector),
    platform: str(data.platform),
    isJuntoAngel: data.isJuntoAngel === true,
    testedAndApproved: data.testedAndApproved === true,
    // Indexed among the facets: kept, so the rewrite of stale derived fields does not drop them.
    shape: asShape(data.shape),
    lengthClass: asLength(data.lengthClass),
  };
}

async function getAllChunked(db: Firestore, refs: DocumentReference[]) {
  const snaps = [];
  for (let i = 0; i < refs.length; i += GET_ALL) snaps.push(...(await db.getAll(...refs.slice(i, i + GET_ALL))));
  return snaps;
}

const isTimestamp = (v: unknown): v is Timestamp => typeof v === 'object' && v !== null && typeof (v as Timestamp).toMillis === 'function';

export async function migrateFirestore(db: Firestore, options: MigrationOptions = {}): Promise<MigrationSummary> {
  const { dryRun = false, pageSize = PAGE_SIZE, log = () => {} } = options;
  const summary = emptySummary();
  const writer = new BatchWriter(db, summary, dryRun);
  /** Each submitter's earliest creative date, over the whole pass. */
  const earliest = new Map<string, Timestamp>();
  let after: string | null = null;

  for (;;) {
    let q = db.collection('creatives').orderBy(FieldPath.documentId()).limit(pageSize);
    if (after) q = q.startAfter(after);
    const page = await q.get();
    if (page.empty) break;
    const privateSnaps = await getAllChunked(
      db,
      page.docs.map((d) => d.ref.collection(PRIVATE_COLLECTION).doc(ANALYSIS_DOC)),
    );
    const likeRefs = page.docs.flatMap((d) => {
      const likedBy: unknown[] = Array.isArray(d.get('likedBy')) ? d.get('likedBy') : [];
      return likedBy
        .filter((u): u is string => typeof u === 'string' && u !== '' && !u.includes('/'))
        .map((uid) => ({
          creative: d,
          ref: db.collection('users').doc(uid).collection('likes').doc(d.id),
        }));
    });
    const likeSnaps = await getAllChunked(
      db,
      likeRefs.map((l) => l.ref),
    );

    for (const [i, creative] of page.docs.entries()) {
      summary.creatives += 1;
      const data = creative.data();
      const privateSnap = privateSnaps[i]!;
      // The creative's own field, when it still has one, is the analysis; else its private document.
      const held = data.analysis !== undefined;
      const analysis: Analysis = analysisFromDoc(held ? (data.analysis as DocumentData) : privateSnap.data());
      const derived = derivedFields(indexedFieldsOf(data), analysis);
      const derivedStale = (Object.keys(derived) as (keyof typeof derived)[]).some((key) =>
        key === 'hasAnalysis' ? data[key] !== derived[key] : !sameValue(data[key], derived[key]),
      );
      const writeAnalysis = held || !privateSnap.exists;
      const group: Op[] = [];
      if (writeAnalysis) group.push((b) => b.set(privateSnap.ref, analysis));
      if (held || derivedStale)
        group.push((b) => b.update(creative.ref, { ...derived, ...(held ? { analysis: FieldValue.delete() } : {}) }));
      if (group.length) {
        if (held) summary.analysesMoved += 1;
        else if (writeAnalysis) summary.analysesCreated += 1;
        if (derivedStale) summary.derivedRewritten += 1;
        if (dryRun) {
          const what = [
            held ? 'analysis → private/analysis' : writeAnalysis ? 'analyse vide créée' : '',
            derivedStale ? 'champs dérivés' : '',
          ];
          log(`creatives/${creative.id} : ${what.filter(Boolean).join(', ')}`);
        }
        await writer.add(group);
      }
      const submittedBy = data.submittedBy;
      if (typeof submittedBy === 'string' && submittedBy !== '' && !submittedBy.includes('/') && isTimestamp(data.createdAt)) {
        const known = earliest.get(submittedBy);
        if (!known || data.createdAt.toMillis() < known.toMillis()) earliest.set(submittedBy, data.createdAt);
      }
    }

    for (const [i, like] of likeRefs.entries()) {
      if (likeSnaps[i]!.exists) continue;
      // The like's real date is unknown: the creative's own date (else the migration's).
      const createdAt: unknown = like.creative.get('createdAt');
      const likedAt = isTimestamp(createdAt) ? createdAt : FieldValue.serverTimestamp();
      summary.likesCreated += 1;
      if (dryRun) log(`${like.ref.path} : like créé (date inconnue : celle de la créative)`);
      await writer.add([(b) => b.set(like.ref, { creativeId: like.creative.id, likedAt })]);
    }

    await writer.flush();
    after = page.docs[page.docs.length - 1]!.id;
    log(`… ${summary.creatives} créative(s) lue(s), jusqu'à ${after}`);
    if (page.size < pageSize) break;
  }

  const uids = [...earliest.keys()];
  const contributorSnaps = await getAllChunked(
    db,
    uids.map((uid) => db.collection('contributors').doc(uid)),
  );
  for (const [i, uid] of uids.entries()) {
    const snap = contributorSnaps[i]!;
    const since = earliest.get(uid)!;
    const current = snap.get('since') as unknown;
    if (snap.exists && isTimestamp(current) && current.toMillis() <= since.toMillis()) continue;
    if (snap.exists) summary.contributorsBackdated += 1;
    else summary.contributorsCreated += 1;
    if (dryRun) log(`contributors/${uid} : ${snap.exists ? 'date reculée' : 'créé'} (${since.toDate().toISOString()})`);
    await writer.add([(b) => b.set(snap.ref, { uid, since })]);
  }
  await writer.flush();
  return summary;
}

/** The summary in French, one line per kind of change. */
export function summaryLines(s: MigrationSummary, dryRun: boolean): string[] {
  const verb = dryRun ? 'prévue(s)' : 'faite(s)';
  return [
    `${s.creatives} créative(s) lue(s)`,
    `${s.analysesMoved} analyse(s) déplacée(s) vers private/analysis`,
    `${s.analysesCreated} analyse(s) vide(s) créée(s) (créatives sans analyse)`,
    `${s.derivedRewritten} créative(s) aux champs dérivés (ré)écrits (analysisPreview, hasAnalysis, facets, searchKeys)`,
    `${s.likesCreated} like(s) daté(s) créé(s) dans users/{uid}/likes (date inconnue : celle de la créative)`,
    `${s.contributorsCreated} contributeur(s) créé(s), ${s.contributorsBackdated} date(s) « since » reculée(s)`,
    `${s.writes} écriture(s) ${verb}${dryRun ? '' : ` en ${s.batches} lot(s)`}`,
  ];
}
