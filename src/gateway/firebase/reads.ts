import {
  getCountFromServer,
  getDoc,
  getDocs,
  type AggregateQuerySnapshot,
  type AggregateSpec,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
  getAggregateFromServer,
  limit,
  query,
} from 'firebase/firestore';

/**
 * What this gateway asked Firestore for, counted the way Firestore bills reads: every document a
 * query or a get returns, one read for a query that returns none, and one per aggregation query
 * (per 1,000 index entries it counts, which the emulator cannot tell us). The benchmarks and the
 * tests read it to prove that a page or a view costs what docs/decisions/005 says.
 */
export interface ReadMeter {
  /** Documents returned by queries and gets. */
  documents: number;
  /** Queries (getDocs) that returned no document: Firestore bills each one read. */
  emptyQueries: number;
  /** Aggregation queries (count, sum) run. */
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

export async function countQuery(meter: ReadMeter, q: Query<DocumentData>): Promise<number> {
  const snap = await getCountFromServer(q);
  meter.aggregations += 1;
  return snap.data().count;
}

export async function aggregateQuery<T extends AggregateSpec>(
  meter: ReadMeter,
  q: Query<DocumentData>,
  spec: T,
): Promise<AggregateQuerySnapshot<T>> {
  const snap = await getAggregateFromServer(q, spec);
  meter.aggregations += 1;
  return snap;
}

/**
 * A count that stops at `cap` (a `limit`), billed as Firestore bills counts: one read per 1,000
 * index entries counted, at least one (countQuery bills one whatever the count). The count is the
 * number of entries, so the bill is exact here where the emulator cannot tell it.
 */
export async function cappedCount(meter: ReadMeter, q: Query<DocumentData>, cap: number): Promise<number> {
  const count = (await getCountFromServer(query(q, limit(cap)))).data().count;
  meter.aggregations += Math.max(1, Math.ceil(count / 1000));
  return count;
}
