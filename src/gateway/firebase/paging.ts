/**
 * Gallery and favourites pages on Firestore, which cannot combine the gallery's filter groups
 * ('any of' within a group, 'all of' across groups) nor search inside a string: the adapter pages
 * through the approved creatives in the requested order and keeps those that match the domain
 * rules (`matchesFilters`, `matchesSearch`) until a page is full. Pure: the reader is injected.
 */

/** Where a scan stopped: the sort values of the last document read, then its id. */
export type ScanPosition = (string | number)[];

export interface ScanBatch<T> {
  items: { value: T; position: ScanPosition }[];
  /** True when the ordered source has nothing after this batch. */
  exhausted: boolean;
}

export interface CollectOptions {
  pageSize: number;
  /** Documents read by the first query (and every query unless `maxBatchSize` is larger). */
  batchSize: number;
  /**
   * When larger than `batchSize`, each further query reads twice as many, up to this: a rare match
   * needs few queries, a common one reads little past the page.
   */
  maxBatchSize?: number;
  /** Upper bound of documents read for one page; past it the page ends early with a cursor. */
  maxScanned: number;
}

export interface CollectedPage<T> {
  items: T[];
  /** Where the next page starts (after the last item returned or the last document read), or null at the end. */
  next: ScanPosition | null;
  scanned: number;
}

/**
 * Reads batches after `start` until `pageSize` matching items are found and one more is known to
 * exist (so the last page has no cursor), the source is exhausted, or `maxScanned` is reached.
 */
export async function collectPage<T>(
  read: (after: ScanPosition | null, limit: number) => Promise<ScanBatch<T>>,
  matches: (value: T) => boolean,
  start: ScanPosition | null,
  options: CollectOptions,
): Promise<CollectedPage<T>> {
  const kept: { value: T; position: ScanPosition }[] = [];
  let after = start;
  let scanned = 0;
  let size = options.batchSize;
  for (;;) {
    // Never past maxScanned: the bound is on documents read, not on queries.
    const batch = await read(after, Math.max(1, Math.min(size, options.maxScanned - scanned)));
    size = Math.min(size * 2, Math.max(options.batchSize, options.maxBatchSize ?? 0));
    for (const item of batch.items) {
      scanned++;
      after = item.position;
      if (!matches(item.value)) continue;
      kept.push(item);
      if (kept.length > options.pageSize) {
        const page = kept.slice(0, options.pageSize);
        return { items: page.map((k) => k.value), next: page[page.length - 1]!.position, scanned };
      }
    }
    if (batch.exhausted || batch.items.length === 0) {
      return { items: kept.map((k) => k.value), next: null, scanned };
    }
    if (scanned >= options.maxScanned) {
      // Stop reading: what was kept is this page, and the next one resumes after the last document read.
      return { items: kept.map((k) => k.value), next: after, scanned };
    }
  }
}

/** Opaque cursor: base64url of the JSON position. */
export function encodeCursor(position: ScanPosition | null): string | null {
  if (!position) return null;
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The position in a cursor, or null when it is absent or not one of ours (the first page then). */
export function decodeCursor(cursor: string | null | undefined, shape: ('string' | 'number')[]): ScanPosition | null {
  if (!cursor || cursor.length > 500) return null;
  try {
    const b64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!Array.isArray(value) || value.length !== shape.length) return null;
    return value.every((v, i) => typeof v === shape[i]) ? (value as ScanPosition) : null;
  } catch {
    return null;
  }
}
