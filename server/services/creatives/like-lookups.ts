import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
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
  creativeIds: string[];
  resolve: (liked: Set<string>) => void;
  reject: (err: unknown) => void;
}

/**
 * Which creatives of a page each signed-in member liked — the one query every member's gallery
 * request runs (server/cache/member-views.ts). Lookups asked while the server reads a burst of
 * requests are answered together: they queue until the event loop's check phase (setImmediate,
 * after the pending socket reads) and go to PostgreSQL as one statement over the (creative, user)
 * pairs, on creative_likes' primary key. Alone, a lookup waits one loop turn; under load, one round
 * trip serves many requests instead of one each (docs/benchmarks.md).
 */
export class LikeLookups {
  private queue: Lookup[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  likedAmong(userId: string, creativeIds: string[]): Promise<Set<string>> {
    if (creativeIds.length === 0) return Promise.resolve(new Set());
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, creativeIds, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const queue = this.queue;
    this.queue = [];
    this.scheduled = false;
    let batch: Lookup[] = [];
    let pairs = 0;
    for (const lookup of queue) {
      if (batch.length && pairs + lookup.creativeIds.length > MAX_PAIRS) {
        void this.run(batch);
        batch = [];
        pairs = 0;
      }
      batch.push(lookup);
      pairs += lookup.creativeIds.length;
    }
    if (batch.length) void this.run(batch);
  }

  private async run(batch: Lookup[]): Promise<void> {
    const creativeIds: string[] = [];
    const userIds: string[] = [];
    for (const lookup of batch) {
      for (const id of lookup.creativeIds) {
        creativeIds.push(id);
        userIds.push(lookup.userId);
      }
    }
    try {
      const rows = await likedPairsStatement(this.db, {}).execute({ creativeIds, userIds });
      const likedBy = new Map<string, Set<string>>();
      for (const row of rows) {
        let liked = likedBy.get(row.userId);
        if (!liked) likedBy.set(row.userId, (liked = new Set()));
        liked.add(row.creativeId);
      }
      for (const lookup of batch) {
        const liked = likedBy.get(lookup.userId);
        lookup.resolve(new Set(lookup.creativeIds.filter((id) => liked?.has(id))));
      }
    } catch (err) {
      for (const lookup of batch) lookup.reject(err);
    }
  }
}

const byDb = new WeakMap<Db, LikeLookups>();

/** Which of these creatives the user liked (batched with the other requests of the moment, see LikeLookups). */
export function likedAmong(db: Db, userId: string, creativeIds: string[]): Promise<Set<string>> {
  let lookups = byDb.get(db);
  if (!lookups) byDb.set(db, (lookups = new LikeLookups(db)));
  return lookups.likedAmong(userId, creativeIds);
}
