/** What a backfill did: rows given what they lacked, and rows left as they are (no usable file). */
export interface BackfillSummary {
  /** Rows given what they lacked. */
  made: number;
  /**
   * Rows without a usable picture (a video without poster, a lost file, a picture sharp refuses:
   * corrupt, or over IMAGE_MAX_PIXELS — accepted before uploads were checked): left as they are.
   */
  missing: number;
}

export interface BackfillOptions {
  batch?: number;
  onProgress?: (summary: BackfillSummary) => void;
}

/**
 * The loop every backfill runs: rows still lacking something, read `batch` at a time in id order after
 * the last one seen (`next(after, limit)`), each handled by `each` ('made' or 'missing'), progress
 * reported after every batch. Interrupted, a run goes on with what is left; a second run finds
 * nothing to do but what stays missing.
 */
export async function backfillInBatches<Row extends { id: string }>(
  next: (after: string, limit: number) => Promise<Row[]>,
  each: (row: Row) => Promise<'made' | 'missing'>,
  options: BackfillOptions = {},
): Promise<BackfillSummary> {
  const summary: BackfillSummary = { made: 0, missing: 0 };
  const batch = options.batch ?? 50;
  let after = '';
  for (;;) {
    const rows = await next(after, batch);
    if (rows.length === 0) return summary;
    for (const row of rows) {
      after = row.id;
      summary[await each(row)] += 1;
    }
    options.onProgress?.({ ...summary });
  }
}
