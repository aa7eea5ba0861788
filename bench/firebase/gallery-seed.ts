/**
 * A catalogue of creatives for the Firebase mode's benchmarks and tests, in the stored shape of
 * src/gateway/firebase/creative-document.ts (public fields, `facets`, `searchKeys`,
 * `analysisPreview`, `hasAnalysis`; the analysis itself only in `creatives/{id}/private/analysis`).
 *
 * Deterministic: the same seed gives the same creatives (ids, fields, dates relative to `now`).
 * Shaped like a real library: category values skewed towards the popular ones (bench/scale/words.ts
 * POPULAR), 1 to 3 values per group, formats following the media type, ~12 % / ~18 % flags, likes
 * mostly low, names and advertisers from small French word lists with one rare word
 * (RARE_WORD, ~1 creative in 1,000) for searches.
 *
 *   generateGalleryCreatives({ approved: 10_000, pending: 300 })   the documents, in memory
 *   seedGalleryCreatives(adminDb, options)                          written with firebase-admin (rules bypassed)
 */
import type { Firestore as AdminFirestore, WriteBatch } from 'firebase-admin/firestore';
import type { Analysis } from '@domain/types';
import { joinCategory } from '@domain/vocabulary';
import { ANALYSIS_DOC, derivedFields, PRIVATE_COLLECTION, type IndexedFields } from '@/gateway/firebase/creative-document';
import * as W from '../scale/words';

export interface GallerySeedOptions {
  /** Approved creatives (the gallery's). */
  approved: number;
  /** Pending ones: never in the gallery, whatever the filters. */
  pending?: number;
  /** PRNG seed; the same seed gives the same catalogue. */
  seed?: number;
  /** createdAt spreads over the year before this instant (default: today, 00:00 UTC). */
  now?: Date;
  /** Submitters' uids, picked with a skew (analytics' top contributors); default 20 made-up agencies. */
  submitters?: readonly string[];
  /** Also write `creatives/{id}/private/analysis` for those with an analysis (twice the writes). */
  withAnalysis?: boolean;
}

export interface SeededCreative {
  id: string;
  /** The creative document; `createdAt` is a Date (both SDKs store it as a Timestamp). */
  data: Record<string, unknown> &
    IndexedFields & { status: string; likes: number; createdAt: Date; submittedBy: string; hasAnalysis: boolean };
  /** The private analysis document's content. */
  analysis: Analysis;
}

/** mulberry32: small, fast, good enough for test data, and the same in every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const DEFAULT_SUBMITTERS = Array.from({ length: 20 }, (_, i) => `bench-agency-${String(i + 1).padStart(2, '0')}`);

/** Every this many creatives, one gets the rare word in front of its name. */
export const RARE_EVERY = 1000;

export function generateGalleryCreatives(options: GallerySeedOptions): SeededCreative[] {
  const random = prng(options.seed ?? 20_261_125);
  const now = options.now ?? new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const submitters = options.submitters ?? DEFAULT_SUBMITTERS;
  /** An index in [0, n), skewed towards 0 (the popular end of a list) as `power` grows. */
  const skewed = (n: number, power = 1) => Math.min(n - 1, Math.floor(n * random() ** power));
  const pick = <T>(list: readonly T[], power = 1): T => list[skewed(list.length, power)]!;
  /** 1 value (70 %), 2 (22 %) or 3 (8 %), distinct, each skewed towards the popular ones. */
  const some = (list: readonly string[], power: number): string[] => {
    const r = random();
    const wanted = r < 0.7 ? 1 : r < 0.92 ? 2 : 3;
    const values = new Set<string>();
    while (values.size < Math.min(wanted, list.length)) values.add(pick(list, power));
    return [...values];
  };
  const id = () => Array.from({ length: 20 }, () => ID_CHARS[Math.floor(random() * ID_CHARS.length)]).join('');

  const total = options.approved + (options.pending ?? 0);
  const out: SeededCreative[] = [];
  for (let i = 0; i < total; i++) {
    const status = i < options.approved ? 'approved' : 'pending';
    const video = random() < 0.2;
    const rf = random();
    const format = video
      ? rf < 0.7
        ? ['Vidéo']
        : ['Vidéo', 'Motion']
      : rf < 0.6
        ? ['Statique']
        : rf < 0.82
          ? ['Carrousel']
          : rf < 0.92
            ? ['GIF']
            : rf < 0.97
              ? ['Motion']
              : ['Statique', 'Carrousel', 'GIF'];
    const audience = pick(W.AUDIENCES);
    const base = `${pick(W.PRODUCTS, 2)} ${pick(W.QUALIFIERS, 1.3)}`;
    const name = i % RARE_EVERY === 7 ? `${W.RARE_WORD} ${base}` : audience ? `${base} ${audience}` : base;
    const fields: IndexedFields = {
      name,
      advertiser: `${pick(W.BRAND_ROOTS, 1.5)} ${pick(W.BRAND_SUFFIXES)}`,
      format: joinCategory(format),
      objective: joinCategory(some(W.POPULAR.objective, 1.5)),
      type: joinCategory(some(W.POPULAR.type, 2)),
      sector: joinCategory(some(W.POPULAR.sector, 1.7)),
      platform: joinCategory(some(W.POPULAR.platform, 2)),
      isJuntoAngel: random() < 0.12,
      testedAndApproved: random() < 0.18,
    };
    const analysed = random() < 0.35;
    const analysis: Analysis = analysed
      ? {
          attention: pick(W.ATTENTION),
          interest: pick(W.INTEREST),
          desire: pick(W.DESIRE),
          bestPractices: [...new Set([pick(W.BEST_PRACTICES), pick(W.BEST_PRACTICES)])],
          actions: [pick(W.ACTIONS)],
        }
      : { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };
    const approved = status === 'approved';
    out.push({
      id: id(),
      analysis,
      data: {
        ...fields,
        ...derivedFields(fields, analysis),
        mediaUrl: null,
        mediaPath: null,
        mediaType: video ? 'video' : 'image',
        image: null,
        posterUrl: null,
        width: null,
        height: null,
        // Mostly a handful of likes, a few hundred for the most liked.
        likes: approved ? Math.floor(500 * random() ** 4) : 0,
        likedBy: [],
        comments: 0,
        createdAt: new Date(now.getTime() - Math.floor(random() * 365 * DAY_MS)),
        validated: approved,
        status,
        submittedBy: pick(submitters, 1.5),
        isFeatured: false,
        featuredAt: null,
        analyzedBy: null,
        rating: null,
        rejectionReason: null,
      },
    });
  }
  return out;
}

/** Firestore allows 500 writes a batch; we stay well under. */
export const SEED_BATCH = 400;

/**
 * Writes the catalogue with firebase-admin (rules bypassed), SEED_BATCH writes a batch, plus the
 * `contributors/{uid}` registry of its submitters. Returns what was written.
 */
export async function seedGalleryCreatives(db: AdminFirestore, options: GallerySeedOptions): Promise<SeededCreative[]> {
  const creatives = generateGalleryCreatives(options);
  const writes: ((batch: WriteBatch) => void)[] = [];
  for (const c of creatives) {
    const ref = db.collection('creatives').doc(c.id);
    writes.push((b) => b.set(ref, c.data));
    if (options.withAnalysis && c.data.hasAnalysis) {
      writes.push((b) => b.set(ref.collection(PRIVATE_COLLECTION).doc(ANALYSIS_DOC), c.analysis));
    }
  }
  const since = new Map<string, Date>();
  for (const c of creatives) {
    const first = since.get(c.data.submittedBy);
    if (!first || c.data.createdAt < first) since.set(c.data.submittedBy, c.data.createdAt);
  }
  for (const [uid, date] of since) writes.push((b) => b.set(db.collection('contributors').doc(uid), { uid, since: date }));

  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < writes.length; i += SEED_BATCH) {
    const batch = db.batch();
    for (const write of writes.slice(i, i + SEED_BATCH)) write(batch);
    pending.push(batch.commit());
    // A few batches in flight at once: faster than one by one, gentle on the emulator.
    if (pending.length >= 4) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  return creatives;
}
