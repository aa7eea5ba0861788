import { collection, limit, query, where, type DocumentData, type QueryConstraint } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import { can } from '@domain/permissions';
import { fingerprintMatch, type IndexedFingerprint } from '@domain/fingerprints';
import type { DuplicateCheck, DuplicateMatch, User } from '@domain/types';
import { GatewayError } from '../types';
import { dataOf, guard, requireViewer, type FirebaseContext } from './context';
import { checkMedia } from './creatives/media';
import { timestampParts } from './keyset';
import { FINGERPRINTS } from './fingerprints';
import { toCreative } from './mappers';
import { readQuery } from './reads';

/**
 * 'Cette créative semble déjà présente' before sending, in Firebase mode (docs/decisions/025): the
 * chosen file's fingerprint (computed in the browser) looked up in the fingerprint index
 * (fingerprints.ts) by SHA-256 and by dHash band, the distance checked here; then the matching
 * creatives the viewer may read, found by their `fingerprintKey`. A match the viewer may not read
 * (another agency's pending or rejected creative) only sets `hiddenMatch`, as in the self-hosted mode.
 * Loaded on demand with the browser hashing: the gallery never fetches it.
 */

/** Index documents read at most by exact hash, and by band (at N creatives ~6 × N / 2,048 share a band value). */
export const EXACT_SCAN = 20;
export const BAND_SCAN = 300;
/** Matches looked up (one `in` query each way: Firestore takes 30 values), and shown: as the server does. */
const LOOKUP_LIMIT = 20;
const SHOWN_MATCHES = 3;

interface Found {
  key: string;
  exact: boolean;
  distance: number;
}

/** Index entries within the threshold of `probe`, best first (exact, then nearest). */
async function matchingKeys(ctx: FirebaseContext, probe: IndexedFingerprint): Promise<Found[]> {
  const index = collection(ctx.db, FINGERPRINTS);
  const [exact, near] = await Promise.all([
    readQuery(ctx.reads, query(index, where('sha256', '==', probe.sha256), limit(EXACT_SCAN))),
    probe.bands.length ? readQuery(ctx.reads, query(index, where('bands', 'array-contains-any', probe.bands), limit(BAND_SCAN))) : null,
  ]);
  const found = new Map<string, Found>();
  for (const d of [...exact.docs, ...(near?.docs ?? [])]) {
    const data = d.data();
    const stored = { sha256: String(data.sha256), dhash: typeof data.dhash === 'string' ? data.dhash : null };
    const match = fingerprintMatch(probe, stored);
    if (match) found.set(d.id, { key: d.id, ...match });
  }
  return [...found.values()].sort((a, b) => Number(b.exact) - Number(a.exact) || a.distance - b.distance).slice(0, LOOKUP_LIMIT);
}

/** The creatives behind these keys that the viewer may read: every one for staff; approved and own ones for an agency. */
async function readableByKey(ctx: FirebaseContext, viewer: User, keys: string[]): Promise<Map<string, { id: string; data: DocumentData }>> {
  const scopes: QueryConstraint[][] = can(viewer.role, 'creative:review')
    ? [[]]
    : [[where('status', '==', 'approved')], [where('submittedBy', '==', viewer.id)]];
  const snaps = await Promise.all(
    scopes.map((scope) => readQuery(ctx.reads, query(collection(ctx.db, 'creatives'), ...scope, where('fingerprintKey', 'in', keys)))),
  );
  const readable = new Map<string, { id: string; data: DocumentData }>();
  for (const d of snaps.flatMap((s) => s.docs)) readable.set(String(d.get('fingerprintKey')), { id: d.id, data: dataOf(d) });
  return readable;
}

export async function checkDuplicates(ctx: FirebaseContext, file: File): Promise<DuplicateCheck> {
  const viewer = await requireViewer(ctx, 'creative:submit', { unauthenticated: MSG.mustBeLoggedToSubmit });
  checkMedia(file);
  const probe = await ctx.fingerprint(file);
  if (!probe) throw new GatewayError('INTERNAL', MSG.duplicateCheckUnavailable, 501);
  const found = await guard(ctx, () => matchingKeys(ctx, probe));
  if (!found.length) return { matches: [], hiddenMatch: false };
  const readable = await guard(ctx, () =>
    readableByKey(
      ctx,
      viewer,
      found.map((f) => f.key),
    ),
  );
  const createdAt = (data: DocumentData) => {
    const [seconds, nanos] = timestampParts(data.createdAt);
    return seconds + nanos / 1e9;
  };
  const visible = found
    .flatMap((f) => {
      const creative = readable.get(f.key);
      return creative ? [{ ...f, ...creative }] : [];
    })
    // Among equals, the oldest first: the original.
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.distance - b.distance || createdAt(a.data) - createdAt(b.data));
  const matches: DuplicateMatch[] = visible
    .slice(0, SHOWN_MATCHES)
    .map(({ exact, id, data }) => ({ exact, creative: toCreative(id, data, { uid: viewer.id }) }));
  return { matches, hiddenMatch: found.some((f) => !readable.has(f.key)) };
}
