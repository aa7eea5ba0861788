import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import type { LikeState } from '@domain/types';
import type { Db } from '@server/db/client';
import { currentScope, outsideRequests, type RequestScope } from '@server/db/request-scope';
import { creativeLikes, creatives } from '@server/db/schema';
import { rowsOf } from '@server/db/sql-rows';

interface LikeChange {
  userId: string;
  creativeId: string;
  liked: boolean;
  /** The request it came from: over (deadline passed, client gone) before its batch starts, it is not written. */
  scope: RequestScope | undefined;
  /** Set when its batch's turn came after its request was over. */
  skipped?: boolean;
  resolve(state: LikeState): void;
  reject(err: unknown): void;
}

/** At most this many changes in one statement. */
const MAX_BATCH = 256;
/** A batch that deadlocks with another instance's is tried again this many times. */
const DEADLOCK_RETRIES = 3;
const DEADLOCK_DETECTED = '40P01';

/**
 * Likes and unlikes, written together when they arrive together (group commit): while one batch's
 * statement runs, the changes that arrive wait, then go in the next batch — one statement, one
 * commit and one update of each creative's counter for all of them. An idle server writes a like
 * at once, alone; a like storm on a popular creative no longer queues 50 transactions on its row
 * (each waiting for the previous one's commit, and each rewriting the row's indexes).
 *
 * Each statement keeps the rules of a single like: the like row and the counter change together,
 * the counter moves only by the rows really added or removed (likes == number of likers), and only
 * an approved creative can be (un)liked (else 404 'Créative non trouvée'). Two changes of one user
 * on one creative never share a batch, so they apply in the order they came.
 * The batch runs outside any request (request-scope.ts): one client leaving or timing out does not
 * cancel the others' likes; a change whose request is over when its batch gets the database is
 * left out (503, nothing written), as a single request's work would be.
 */
export class LikeWriter {
  private queue: LikeChange[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  set(userId: string, creativeId: string, liked: boolean): Promise<LikeState> {
    return new Promise((resolve, reject) => {
      this.queue.push({ userId, creativeId, liked, scope: currentScope(), resolve, reject });
      if (!this.running) {
        this.running = true;
        void outsideRequests(() => this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        try {
          const likes = await this.write(batch);
          for (const change of batch) {
            const count = likes?.get(change.creativeId);
            if (!likes || change.skipped) change.reject(new AppError('UNAVAILABLE'));
            else if (count === undefined) change.reject(new AppError('NOT_FOUND', { message: MSG.creativeNotFound }));
            else change.resolve({ likes: count, liked: change.liked });
          }
        } catch (err) {
          for (const change of batch) change.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** The oldest changes, at most one per user and creative (a later one waits for the next batch). */
  private takeBatch(): LikeChange[] {
    const batch: LikeChange[] = [];
    const rest: LikeChange[] = [];
    const pairs = new Set<string>();
    for (const change of this.queue) {
      const pair = `${change.userId} ${change.creativeId}`;
      if (batch.length < MAX_BATCH && !pairs.has(pair)) {
        pairs.add(pair);
        batch.push(change);
      } else {
        rest.push(change);
      }
    }
    this.queue = rest;
    return batch;
  }

  /**
   * The batch in one statement, in a transaction so that its turn on the database is known (PGlite
   * has one connection, taken in turn): changes whose request is over by then are marked `skipped`
   * and not written — a request answered 503 has changed nothing. Returns the like count of each
   * approved creative written to, or null when nothing was left to write.
   */
  private async write(batch: LikeChange[]): Promise<Map<string, number> | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          for (const change of batch) change.skipped = change.scope?.over ?? false;
          const live = batch.filter((change) => !change.skipped);
          if (live.length === 0) return null;
          const rows = await rowsOf<{ id: string; likes: number }>(tx, likeStatement(live));
          return new Map(rows.map((r) => [r.id, Number(r.likes)]));
        });
      } catch (err) {
        if ((err as { code?: unknown }).code !== DEADLOCK_DETECTED || attempt >= DEADLOCK_RETRIES) throw err;
      }
    }
  }
}

/**
 * Adds and removes the like rows of `changes` (on approved creatives only) and moves each
 * creative's counter by the rows really added or removed; returns each approved creative's count.
 */
function likeStatement(changes: LikeChange[]): SQL {
  const ops = sql.join(
    changes.map((c) => sql`(${c.creativeId}::text, ${c.userId}::text, ${c.liked}::boolean)`),
    sql`, `,
  );
  return sql`
    with ops (creative_id, user_id, liked) as (values ${ops}),
    target as (
      select o.creative_id, o.user_id, o.liked from ops o
       where exists (select 1 from ${creatives} c where c.id = o.creative_id and c.status = 'approved')
    ),
    added as (
      insert into ${creativeLikes} (creative_id, user_id)
      select creative_id, user_id from target where liked
      on conflict do nothing returning creative_id
    ),
    removed as (
      delete from ${creativeLikes} l using target t
       where not t.liked and l.creative_id = t.creative_id and l.user_id = t.user_id
      returning l.creative_id
    ),
    delta as (
      select creative_id, sum(n)::int as n
        from (select creative_id, 1 as n from added union all select creative_id, -1 from removed) d
       group by creative_id
    ),
    updated as (
      update ${creatives} c set likes = c.likes + delta.n from delta
       where c.id = delta.creative_id and c.status = 'approved'
      returning c.id, c.likes
    )
    select c.id, coalesce(u.likes, c.likes)::int as likes
      from ${creatives} c left join updated u on u.id = c.id
     where c.id in (select creative_id from target)`;
}
