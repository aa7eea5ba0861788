import { and, asc, count, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { creatives } from '@server/db/schema';

/** The creatives the analysis has not read yet, among those with a media (the partial index of migration 0019). */
const unanalysed = and(isNull(creatives.mediaAnalysedAt), isNotNull(creatives.mediaId));

export async function countUnanalysed(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creatives).where(unanalysed);
  return row?.n ?? 0;
}

/**
 * The ids of the creatives without a result, `size` at a time, oldest first, each batch read after the
 * last one (created_at, id) — an index walk, never an offset. The set may change meanwhile: a creative
 * analysed leaves it, a new one is queued by its submission anyway.
 */
export async function* unanalysedBatches(db: Db, size: number): AsyncGenerator<string[]> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: { id: string; createdAt: Date }[] = await db
      .select({ id: creatives.id, createdAt: creatives.createdAt })
      .from(creatives)
      .where(
        and(
          unanalysed,
          after
            ? or(
                gt(creatives.createdAt, after.createdAt),
                and(sql`${creatives.createdAt} = ${after.createdAt}`, gt(creatives.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(creatives.createdAt), asc(creatives.id))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map((row) => row.id);
    after = rows.at(-1)!;
  }
}
