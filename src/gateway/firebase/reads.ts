import {
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  query,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';

/**
 * What this gateway asked Firestore for, counted the way Firestore bills reads: every document a
 * query or a get returns, one read for a query that returns none, and one per 1,000 index entries
 * an aggregation counts (at least one). The benchmarks and the
 * tests read it to prove that a page or a view costs what docs/decisions/005 says.
 */
export interface ReadMeter {
  /** Documents returned by queries and gets. */
  documents: number;
  /** Queries (getDocs) that returned no document: Firestore bills each one read. */
  emptyQueries: number;
  /** Reads billed for count aggregations (one per 1,000 entries counted, at least one each). */
  aggregations: number;
}

export const newReadMeter = (): ReadMeter => ({ documents: 0, emptyQueries: 0, aggregations: 0 });

/** Reads Firestore bills for what the meter saw. */
export const billedReads = (m: ReadMeter): number => m.documents + m.emptyQueries + m.aggregations;

/** Reads billed between two copies of a meter (`{ ...gateway.reads }` before, the meter after). */
export const readsSince = (before: ReadMeter, after: ReadMeter): number => billedReads(after) - billedReads(before);

export async function readQuery(meter: ReadMeter, q: Query<DocumentData>): Promise<QuerySnapshot<DocumentData>> {
  const snap = await getDocs(q);
  if (snap.empty) meter.emptyQueries += 1;
  meter.documents += snap.size;
  return snap;
}

export async function readDocument(meter: ReadMeter, ref: DocumentReference<DocumentData>): Promise<DocumentSnapshot<DocumentData>> {
  const snap = await getDoc(ref);
  meter.documents += 1;
  return snap;
}

/**
 * A count aggregation, billed as Firestore bills it: one read per 1,000 index entries counted, at
 * least one. The count is the number of entries, so the bill is exact where the emulator cannot
 * tell it.
 */
export async function countQuery(meter: ReadMeter, q: Query<DocumentData>): Promise<number> {
  const count = (await getCountFromServer(q)).data().count;
  meter.aggregations += Math.max(1, Math.ceil(count / 1000));
  return count;
}

/** A count that stops at `cap` (a `limit`): bills at most cap / 1,000 reads however many match. */
export const cappedCount = (meter: ReadMeter, q: Query<DocumentData>, cap: number): Promise<number> =>
  countQuery(meter, query(q, limit(cap)));
