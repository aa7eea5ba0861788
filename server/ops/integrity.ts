import { eq, sql } from 'drizzle-orm';
import { analyticsDrift, rebuildAnalyticsRollups } from '../db/analytics-rollups';
import type { Db } from '../db/client';
import { comments, creatives, media } from '../db/schema';
import { rowsOf } from '../db/sql-rows';
import { baseOf } from '../media/derivatives';
import type { MediaStore } from '../media/store';
import { baseOfFile, deleteMedia, escapeLike, filesOf, recordedMediaFiles, removeFiles, type MediaRow } from '../services/media.service';

/**
 * `npm run check:integrity` (issue 14): after a crash, a bug or a manual edit, does what is stored
 * still agree with itself? Every counter equals its rows, every media row has its files, every file
 * has its row, every media row belongs to a creative, no temp file is left by a dead process.
 * `repairIntegrity` fixes what can be fixed; a row whose original is gone can only be reported.
 *
 * Written so that it can run beside a server on PostgreSQL: what looks wrong is checked again at
 * the end (a row deleted or stored while the media folder was walked is not a problem), files and
 * rows younger than `minAgeMs` are left alone (an upload writes its files before its row), and a
 * counter is repaired under the lock of its row (see repairCounter).
 */

/** The stored counters, each with the rows it counts. */
const COUNTERS = {
  'creatives.likes': { table: creatives, column: 'likes', counted: 'creative_likes', key: 'creative_id' },
  'creatives.comment_count': { table: creatives, column: 'comment_count', counted: 'comments', key: 'creative_id' },
  'comments.likes': { table: comments, column: 'likes', counted: 'comment_likes', key: 'comment_id' },
} as const;
export type CounterName = keyof typeof COUNTERS;

export interface CounterDrift {
  counter: CounterName;
  id: string;
  stored: number;
  actual: number;
}

export interface IntegrityReport {
  counterDrift: CounterDrift[];
  /** Rows of analytics_daily that differ from what the tables say (analytics_expected()). */
  analyticsDrift: number;
  /** Media rows whose files are not all in the store (name of each missing file). */
  missingFiles: { mediaId: string; file: string }[];
  /** Files of the store that no media row lists. */
  orphanFiles: string[];
  /** Media rows that no creative uses (a crash between storing the media and recording the creative). */
  orphanMedia: string[];
  /** Temp files left by interrupted writes of processes that are gone (removed by the store's sweep). */
  staleTempFiles: number;
}

export interface IntegrityOptions {
  /** Files and media rows younger than this are not judged (default one hour). */
  minAgeMs?: number;
}

const HOUR = 60 * 60 * 1000;

export function isClean(report: IntegrityReport): boolean {
  return (
    report.counterDrift.length === 0 &&
    report.analyticsDrift === 0 &&
    report.missingFiles.length === 0 &&
    report.orphanFiles.length === 0 &&
    report.orphanMedia.length === 0 &&
    report.staleTempFiles === 0
  );
}

export async function checkIntegrity(db: Db, store: MediaStore, options: IntegrityOptions = {}): Promise<IntegrityReport> {
  const minAgeMs = options.minAgeMs ?? HOUR;
  const counterDrift: CounterDrift[] = [];
  for (const name of Object.keys(COUNTERS) as CounterName[]) counterDrift.push(...(await driftOf(db, name)));
  const files = await checkMediaFiles(db, store, minAgeMs);
  return {
    counterDrift,
    analyticsDrift: await analyticsDrift(db),
    ...files,
    orphanMedia: await orphanMediaIds(db, minAgeMs),
    staleTempFiles: await store.sweepTemp({ dryRun: true, recorded: recordedMediaFiles(db) }),
  };
}

export interface RepairSummary {
  countersFixed: number;
  analyticsRebuilt: boolean;
  orphanFilesRemoved: number;
  orphanMediaRemoved: number;
  tempFilesRemoved: number;
}

/** Fixes what `report` found (each finding checked again under its lock); missing files stay reported. */
export async function repairIntegrity(db: Db, store: MediaStore, report: IntegrityReport): Promise<RepairSummary> {
  let countersFixed = 0;
  for (const drift of report.counterDrift) if (await repairCounter(db, drift.counter, drift.id)) countersFixed += 1;
  if (report.analyticsDrift > 0) await rebuildAnalyticsRollups(db);
  // Files first: an orphan media row's files are listed by it, so they are not orphan files.
  await removeFiles(store, report.orphanFiles);
  let orphanMediaRemoved = 0;
  for (const id of report.orphanMedia) {
    if (await isOrphanMedia(db, id)) {
      await deleteMedia(db, store, id);
      orphanMediaRemoved += 1;
    }
  }
  return {
    countersFixed,
    analyticsRebuilt: report.analyticsDrift > 0,
    orphanFilesRemoved: report.orphanFiles.length,
    orphanMediaRemoved,
    tempFilesRemoved: report.staleTempFiles ? await store.sweepTemp({ recorded: recordedMediaFiles(db) }) : 0,
  };
}

/* ── Counters ────────────────────────────────────────────────────────────────────────────── */

async function driftOf(db: Db, name: CounterName): Promise<CounterDrift[]> {
  const c = COUNTERS[name];
  const rows = await rowsOf<{ id: string; stored: number; actual: number }>(
    db,
    sql`SELECT t.id, t.${sql.identifier(c.column)} AS stored, coalesce(n.count, 0)::int AS actual
          FROM ${c.table} t
          LEFT JOIN (SELECT ${sql.identifier(c.key)} AS id, count(*) AS count FROM ${sql.identifier(c.counted)} GROUP BY 1) n
            ON n.id = t.id
         WHERE t.${sql.identifier(c.column)} <> coalesce(n.count, 0)
         ORDER BY t.id`,
  );
  return rows.map((r) => ({ counter: name, id: r.id, stored: Number(r.stored), actual: Number(r.actual) }));
}

/**
 * Sets one counter to the number of its rows. The row is locked first: a like or a comment updates
 * the same row in its own transaction, so none is half-way while the rows are counted (a writer that
 * inserted its row but waits for the lock adds its +1 after this commit, on top of a count without it).
 */
async function repairCounter(db: Db, name: CounterName, id: string): Promise<boolean> {
  const c = COUNTERS[name];
  const column = sql.identifier(c.column);
  return db.transaction(async (tx) => {
    const locked = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM ${c.table} WHERE id = ${id} FOR UPDATE`);
    if (locked.length === 0) return false;
    const changed = await rowsOf<{ id: string }>(
      tx,
      sql`UPDATE ${c.table} SET ${column} = (SELECT count(*) FROM ${sql.identifier(c.counted)} WHERE ${sql.identifier(c.key)} = ${id})
           WHERE id = ${id} AND ${column} <> (SELECT count(*) FROM ${sql.identifier(c.counted)} WHERE ${sql.identifier(c.key)} = ${id})
           RETURNING id`,
    );
    return changed.length > 0;
  });
}

/* ── Media rows and files ────────────────────────────────────────────────────────────────── */

type StoredMedia = Pick<MediaRow, 'id' | 'name' | 'thumbName' | 'posterName' | 'variantWidths' | 'ogWidth'> & { createdAt: Date };

/**
 * One walk of the media folder against the media rows, grouped by the base name every file of a
 * row shares (server/media/derivatives.ts baseOf): a file is an orphan when no row of its base lists
 * it; a row misses files when fewer of its files were seen than it lists. Memory: one small entry
 * per media row (a million rows ≈ 150 MB), never one per file.
 */
async function checkMediaFiles(db: Db, store: MediaStore, minAgeMs: number) {
  const rows = await db
    .select({
      id: media.id,
      name: media.name,
      thumbName: media.thumbName,
      posterName: media.posterName,
      variantWidths: media.variantWidths,
      ogWidth: media.ogWidth,
      createdAt: media.createdAt,
    })
    .from(media);
  const byBase = new Map<string, { row: StoredMedia; seen: number }>();
  for (const row of rows) byBase.set(baseOf(row.name), { row, seen: 0 });
  rows.length = 0;

  const cutoff = Date.now() - minAgeMs;
  const orphanCandidates: string[] = [];
  for await (const file of store.list()) {
    const entry = byBase.get(baseOfFile(file));
    if (entry && filesOf(entry.row).includes(file)) entry.seen += 1;
    else if ((await modifiedAt(store, file)) <= cutoff) orphanCandidates.push(file);
  }

  const missingFiles: { mediaId: string; file: string }[] = [];
  for (const { row, seen } of byBase.values()) {
    if (seen === filesOf(row).length || row.createdAt.getTime() > cutoff) continue;
    // Checked again now: the row may have been deleted (with its files) during the walk.
    if (!(await mediaExists(db, row.id))) continue;
    for (const file of filesOf(row)) if (!(await store.exists(file))) missingFiles.push({ mediaId: row.id, file });
  }

  // Checked again now: a row stored during the walk may list a file that looked orphan.
  const orphanFiles: string[] = [];
  for (const file of orphanCandidates) {
    const rows = await db
      .select()
      .from(media)
      .where(sql`${media.name} LIKE ${`${escapeLike(baseOfFile(file))}.%`}`);
    if (!rows.some((row) => filesOf(row).includes(file))) orphanFiles.push(file);
  }
  return { missingFiles, orphanFiles };
}

async function modifiedAt(store: MediaStore, file: string): Promise<number> {
  const stat = await store.stat(file).catch(() => null);
  return stat?.modifiedMs ?? Number.POSITIVE_INFINITY;
}

async function mediaExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, id));
  return Boolean(row);
}

async function orphanMediaIds(db: Db, minAgeMs: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT m.id FROM media m
         WHERE m.created_at < ${new Date(Date.now() - minAgeMs).toISOString()}::timestamptz
           AND NOT EXISTS (SELECT 1 FROM creatives c WHERE c.media_id = m.id)
         ORDER BY m.id`,
  );
  return rows.map((r) => r.id);
}

async function isOrphanMedia(db: Db, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT m.id FROM media m WHERE m.id = ${id} AND NOT EXISTS (SELECT 1 FROM creatives c WHERE c.media_id = m.id)`,
  );
  return rows.length > 0;
}
