import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { CoalescedLookups } from '@server/db/coalesced-lookups';
import { perDatabase } from '@server/db/per-database';
import { preparedVariants, textArray } from '@server/db/prepared';
import { creativeLikes } from '@server/db/schema';

/** At most this many (user, creative) pairs per query; a bigger batch is split. */
const MAX_PAIRS = 1_200;

const likedPairsStatement = preparedVariants('liked_pairs', (db, _parts: Record<string, never>, name) =>
  db
    .select({ userId: creativeLikes.userId, creativeId: creativeLikes.creativeId })
    .from(creativeLikes)
    .where(
      sql`(${creativeLikes.creativeId}, ${creativeLikes.userId}) in (select * from unnest(${textArray('creativeIds')}, ${textArray('userIds')}))`,
    )
    .prepare(name),
);

interface Lookup {
  userId: string;
  creativeIds: readonly string[];
}

/**
 * Which creatives of a page each signed-in member liked — the one query every member's gallery
 * request runs (server/cache/member-views.ts) — for a batch of lookups (CoalescedLookups), as one
 * statement over the (creative, user) pairs, on creative_likes' primary key.
 */
async function likedInBatch(db: Db, batch: Lookup[]): Promise<Set<string>[]> {
  const creativeIds: string[] = [];
  const userIds: string[] = [];
  for (const lookup of batch) {
    for (const id of lookup.creativeIds) {
      creativeIds.push(id);
      userIds.push(lookup.userId);
    }
  }
  const rows = await likedPairsStatement(db, {}).execute({ creativeIds, userIds });
  const likedBy = new Map<string, Set<string>>();
  for (const row of rows) {
    let liked = likedBy.get(row.userId);
    if (!liked) likedBy.set(row.userId, (liked = new Set()));
    liked.add(row.creativeId);
  }
  return batch.map((lookup) => {
    const liked = likedBy.get(lookup.userId);
    return new Set(lookup.creativeIds.filter((id) => liked?.has(id)));
  });
}

const lookupsOf = perDatabase(
  (db: Db) =>
    new CoalescedLookups<Lookup, Set<string>>(
      (batch) => likedInBatch(db, batch),
      (lookup) => lookup.creativeIds.length,
      MAX_PAIRS,
    ),
);

/** Which of these creatives the user liked (batched with the other requests of the moment). */
export function likedAmong(db: Db, userId: string, creativeIds: readonly string[]): Promise<Set<string>> {
  if (creativeIds.length === 0) return Promise.resolve(new Set());
  return lookupsOf(db).ask({ userId, creativeIds });
}
