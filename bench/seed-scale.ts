/**
 * Scale data generator: fills the app's database with a realistic library (1M creatives, ~10M
 * likes…) for measuring. PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/creatheque_bench \
 *     npm run bench:seed -- --creatives 1000000 [--users 100000] [--reset]
 *   DATA_DIR=/tmp/bench-pglite npm run bench:seed -- --creatives 100000
 *
 * Bench accounts (password demo1234): bench-user@, bench-admin@, bench-agency@,
 * bench-specialist@example.com, and bench-u-<n>@example.com for n < 100 (n 4–23 specialists,
 * 24–27 admins, the others plain users). Details in docs/benchmarks.md.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { searchTextOf } from '@domain/search';
import { openDatabase } from '@server/db/client';
import { lockDataDir } from '@server/db/data-lock';
import { createKnownAccounts, isEmpty, resetAll, storeBenchMedia } from './scale/app-side';
import { openSession, type SqlSession } from './scale/connection';
import * as G from './scale/generate';
import { dropBulkIndexes, restoreSavedDdl } from './scale/indexes';
import { benchTarget } from './scale/target';
import { checkPermutations } from './scale/words';

const { values: opts } = parseArgs({
  options: {
    creatives: { type: 'string', default: '100000' },
    users: { type: 'string' },
    reset: { type: 'boolean', default: false },
    chunk: { type: 'string', default: '250000' },
  },
});

const int = (v: string | undefined, name: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
  return n;
};

const timings: { step: string; ms: number; rows?: number }[] = [];

async function step<T>(name: string, fn: () => Promise<T>, rows?: (result: T) => number | undefined): Promise<T> {
  const started = Date.now();
  process.stdout.write(`… ${name}\n`);
  const result = await fn();
  const ms = Date.now() - started;
  const n = rows?.(result);
  timings.push({ step: name, ms, rows: n });
  process.stdout.write(`✓ ${name}: ${(ms / 1000).toFixed(1)} s${n !== undefined ? ` (${n.toLocaleString('en')} rows)` : ''}\n`);
  return result;
}

async function count(session: SqlSession, table: string): Promise<number> {
  const [row] = await session.rows<{ n: string }>(`select count(*) as n from "${table}"`);
  return Number(row?.n ?? 0);
}

async function main() {
  checkPermutations();
  const creatives = int(opts.creatives, 'creatives');
  const users = opts.users ? int(opts.users, 'users') : Math.max(1000, Math.round(creatives / 10));
  const chunk = int(opts.chunk, 'chunk');
  const target = benchTarget();
  fs.mkdirSync(target.dataDir, { recursive: true });
  // PGlite has one writer: refuse to run beside a server on the same DATA_DIR.
  const unlock = target.databaseUrl ? () => {} : lockDataDir(target.dataDir);
  process.on('exit', unlock);
  console.log(
    `Scale seed → ${target.label} (media in ${target.dataDir}/media): ${creatives.toLocaleString('en')} creatives, ${users.toLocaleString('en')} users`,
  );
  const total = Date.now();

  // 1. App side: schema, accounts with real hashes, media files.
  const app = await step('migrations (openDatabase)', () => openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.pgliteDir }));
  if (!(await isEmpty(app.db))) {
    if (!opts.reset) throw new Error('The database already holds users or creatives: pass --reset to empty it first.');
    await step('reset (truncate)', () => resetAll(app.db, target.dataDir));
  }
  const { known, passwordHash } = await step('bench accounts (better-auth sign-up)', () => createKnownAccounts(app.db));
  const mediaIds = await step('media files (storeMedia)', () => storeBenchMedia(app.db, target.dataDir));
  await app.close();

  // 2. Bulk side: one raw session.
  const session = await openSession(target);
  const params: G.ScaleParams = { creatives, users, known, imageMediaIds: mediaIds.images, videoMediaIds: mediaIds.videos };
  try {
    await session.run(`set synchronous_commit = off`);
    await session.run(`set work_mem = '${session.kind === 'postgres' ? '256MB' : '64MB'}'`);
    await session.run(`set maintenance_work_mem = '${session.kind === 'postgres' ? '1GB' : '256MB'}'`);
    // Foreign keys are dropped during the load anyway; replica mode also skips any trigger, the
    // analytics rollups' included: they are rebuilt once, set-based, at the end.
    await session.run(`set session_replication_role = replica`);
    await session.run(`select setseed(0.42)`);
    // A crashed earlier run may have left its saved DDL: put the schema back first.
    await restoreSavedDdl(session);
    for (const t of G.SCRATCH_TABLES) await session.run(`drop table if exists ${t}`);
    await step('drop keys and indexes of bulk tables', () => dropBulkIndexes(session));

    await step(
      'users',
      async () => {
        for (const s of G.usersSql(params)) await session.run(s);
        return count(session, 'user');
      },
      (n) => n,
    );
    await step(
      'accounts (shared password hash)',
      async () => {
        await session.run(G.accountsSql(params, passwordHash));
        return count(session, 'account');
      },
      (n) => n,
    );
    for (const s of G.submittersSql()) await session.run(s);
    const [sub] = await session.rows<{ staff: string; agencies: string }>(
      `select count(*) filter (where staff) as staff, count(*) filter (where not staff) as agencies from bench_submitters`,
    );
    const counts = { staff: Number(sub!.staff), agencies: Number(sub!.agencies) };

    await step(
      'creatives',
      async () => {
        for (let from = 1; from <= creatives; from += chunk) {
          const to = Math.min(creatives, from + chunk - 1);
          await session.run(G.creativesSql(params, from, to, counts));
          process.stdout.write(`  creatives ${to.toLocaleString('en')} / ${creatives.toLocaleString('en')}\n`);
        }
        await session.run(G.featuredSql());
        await session.run('select search_words_rebuild()');
        // Triggers are off in replica mode: a new facet version, so no running server keeps older cells.
        await session.run(`insert into facet_state (id) values (1) on conflict (id) do update set version = gen_random_uuid()::text`);
        // …and a new catalogue epoch: no server resumes from a catalogue it saved before the seed.
        await session.run('select new_catalogue_epoch()');
        return count(session, 'creatives');
      },
      (n) => n,
    );
    await step(
      'creative_likes',
      async () => {
        await session.run(G.likesSql(params));
        return count(session, 'creative_likes');
      },
      (n) => n,
    );
    await step(
      'comments',
      async () => {
        await session.run(G.commentsSql(params));
        return count(session, 'comments');
      },
      (n) => n,
    );
    await step(
      'comment_likes',
      async () => {
        await session.run(G.commentLikesSql(params));
        return count(session, 'comment_likes');
      },
      (n) => n,
    );
    await step(
      'folders + folder_creatives',
      async () => {
        for (const s of G.foldersSql(params)) await session.run(s);
        return count(session, 'folder_creatives');
      },
      (n) => n,
    );

    await step('rebuild keys, indexes and foreign keys', () =>
      restoreSavedDdl(session, (ddl, ms) => console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${ddl.slice(0, 110)}`)),
    );
    await session.run(`set session_replication_role = origin`);
    for (const t of G.SCRATCH_TABLES) await session.run(`drop table if exists ${t}`);
    await step(
      'analytics rollups (analytics_rebuild)',
      async () => {
        await session.run('select analytics_rebuild()');
        return count(session, 'analytics_daily');
      },
      (n) => n,
    );
    await step(
      'suggestion terms (suggestion_terms_rebuild)',
      async () => {
        await session.run('select suggestion_terms_rebuild()');
        return count(session, 'suggestion_terms');
      },
      (n) => n,
    );
    await step('analyze', () => session.run('analyze'));
    await step('vacuum (visibility map, for index-only scans)', () => session.run('vacuum'));
    await verify(session);
    await report(session, target.label, Date.now() - total);
  } finally {
    await session.close();
  }
}

/** The invariants the app relies on: counters equal the join tables, search text as the app computes it. */
async function verify(session: SqlSession): Promise<void> {
  const [c] = await session.rows<Record<string, string | number>>(`
    select (select coalesce(sum(likes), 0) from creatives) as likes_counter,
           (select count(*) from creative_likes) as likes_rows,
           (select coalesce(sum(comment_count), 0) from creatives) as comments_counter,
           (select count(*) from comments) as comments_rows,
           (select coalesce(sum(likes), 0) from comments) as comment_likes_counter,
           (select count(*) from comment_likes) as comment_likes_rows,
           (select count(*) from creatives where is_featured) as featured,
           (select count(*) from creatives) as creatives_rows,
           (select coalesce(sum(n), 0) from analytics_daily where kind = 'status' and day = '-infinity') as rollup_creatives,
           (select coalesce(sum(n), 0) from analytics_daily where kind = 'likes' and day = '-infinity') as rollup_likes`);
  // Drivers differ (pg returns bigint as text, PGlite as number): compare as numbers.
  const n = (key: string) => Number(c![key]);
  const problems: string[] = [];
  if (n('likes_counter') !== n('likes_rows')) problems.push(`likes ${n('likes_counter')} ≠ ${n('likes_rows')}`);
  if (n('comments_counter') !== n('comments_rows')) problems.push(`comments ${n('comments_counter')} ≠ ${n('comments_rows')}`);
  if (n('comment_likes_counter') !== n('comment_likes_rows'))
    problems.push(`comment likes ${n('comment_likes_counter')} ≠ ${n('comment_likes_rows')}`);
  if (n('featured') !== 1) problems.push(`${n('featured')} featured creatives`);
  if (n('rollup_creatives') !== n('creatives_rows') || n('rollup_likes') !== n('likes_rows'))
    problems.push(`analytics rollups: ${n('rollup_creatives')} creatives, ${n('rollup_likes')} likes`);
  const sample = await session.rows<{ name: string; advertiser: string; search_text: string }>(
    `select name, advertiser, search_text from creatives tablesample system (1) limit 500`,
  );
  const wrong = sample.filter((r) => searchTextOf(r) !== r.search_text);
  if (wrong.length)
    problems.push(`search_text differs from searchTextOf for ${wrong.length} sampled rows, e.g. ${JSON.stringify(wrong[0])}`);
  if (problems.length) throw new Error(`Verification failed:\n  ${problems.join('\n  ')}`);
  console.log(
    `✓ verified: counters match join tables and rollups, one featured, search_text = searchTextOf on ${sample.length} sampled rows`,
  );
}

async function report(session: SqlSession, label: string, totalMs: number): Promise<void> {
  const tables = ['user', 'account', 'media', 'creatives', 'creative_likes', 'comments', 'comment_likes', 'folders', 'folder_creatives'];
  const rows: Record<string, number> = {};
  for (const t of tables) rows[t] = await count(session, t);
  const [s] = await session.rows<Record<string, string>>(`
    select pg_size_pretty(pg_database_size(current_database())) as db_size,
           (select count(*) from creatives where status = 'approved') as approved,
           (select count(*) from creatives where status = 'pending') as pending,
           (select count(*) from creatives where status = 'rejected') as rejected,
           (select count(*) from creatives where media_type = 'video') as videos,
           (select count(*) from creatives where attention <> '') as analysed,
           (select max(likes) from creatives) as max_likes,
           (select count(*) from creatives where likes >= 1000) as over_1000_likes,
           (select count(*) from creative_likes where created_at >= date_trunc('month', now())) as likes_this_month,
           (select count(*) from creatives where search_text like '%croquettes%') as q_croquettes,
           (select count(*) from creatives where search_text like '%zephyrine%') as q_zephyrine`);
  console.log('\nRows:');
  console.table(rows);
  console.log('Shape:');
  console.table(s);
  console.log('\nTimings:');
  console.table(timings.map((t) => ({ step: t.step, seconds: +(t.ms / 1000).toFixed(1), rows: t.rows ?? '' })));
  console.log(`Total ${(totalMs / 1000).toFixed(1)} s on ${label}; database size ${s!.db_size}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
