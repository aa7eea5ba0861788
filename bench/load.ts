/**
 * Load test of the built server against the scale data of bench:seed.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/creatheque_bench \
 *     npm run bench:load -- --label before [--duration 10] [--connections 50] [--no-cache]
 *
 * Starts `node dist-server/index.js` itself (SEED=none, free port on 127.0.0.1, same
 * DATABASE_URL / DATA_DIR as the seed), measures start-up to /api/ready and memory, then runs
 * autocannon from a second process for each URL, each right after a run on /api/health so the
 * ratio compares two moments of the same machine. Writes bench/baselines/load-<label>.json and
 * prints a Markdown table for docs/benchmarks.md. `--no-cache` starts the server with
 * RESPONSE_CACHE=off (the shared response cache off: every request reaches the database).
 *
 * `--instances N` starts N servers on the same database and media directory, sharing one Redis
 * (`--redis URL`, default redis://127.0.0.1:6379, keys under a prefix of this run), and splits every
 * run's connections evenly between them (bench/load/runner.ts), as a load balancer would.
 *
 * `--scenario overload` runs instead the overload probe of bench/load/overload.ts: slow gallery
 * reads on `--connections` connections for `--duration` s, with a creative + its comments probed
 * and /api/health polled alongside (and each alone first, for `--health-duration` s).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PAGE_SIZE } from '@domain/limits';
import { encodeCursor } from '@server/services/pagination';
import { openSession, type SqlSession } from './scale/connection';
import { benchTarget, projectRoot } from './scale/target';
import { BENCH_PASSWORD, PLAIN_ACCOUNTS } from './load/accounts';
import { num } from './load/cli-args';
import { Api, runLoad, settle } from './load/client';
import { runOverloadScenario } from './load/overload';
import {
  databaseSize,
  describeMachine,
  markdownTable,
  rowCounts,
  writeBaseline,
  type ScenarioResult,
  type SequentialResult,
} from './load/report';
import { galleryScenarios, otherScenarios, type Scenario, type Who } from './load/scenarios';
import { startServer, type RunningServer } from './load/server';
import { median, type RunRequest, type RunSpec } from './load/spec';

const { values: opts } = parseArgs({
  options: {
    label: { type: 'string', default: 'run' },
    /** `urls` (every URL in turn) or `overload` (bench/load/overload.ts). */
    scenario: { type: 'string', default: 'urls' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    'health-duration': { type: 'string', default: '3' },
    sequential: { type: 'string', default: '20' },
    'max-requests': { type: 'string', default: '500000' },
    'deep-pages': { type: 'string', default: '500' },
    'deep-budget': { type: 'string', default: '90' },
    'sequential-budget': { type: 'string', default: '25' },
    'settle-max': { type: 'string', default: '20' },
    'no-cache': { type: 'boolean', default: false },
    server: { type: 'string' },
    /** Instances of the server sharing the database and Redis; the load is split evenly between them. */
    instances: { type: 'string', default: '1' },
    /** Redis of the instances (REDIS_URL); default none with one instance, redis://127.0.0.1:6379 with several. */
    redis: { type: 'string' },
    only: { type: 'string' },
    /** Print the Markdown table of an earlier run's JSON and exit. */
    render: { type: 'string' },
  },
});

/** The like storm's accounts: ten plain users. */
const STORM_ACCOUNTS = PLAIN_ACCOUNTS;

interface PageOf {
  items: { id: string; commentCount: number; likes: number }[];
  nextCursor: string | null;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** The cursor the app would hand out for page `page` of the home gallery (its own encoder). */
async function deepCursorOf(session: SqlSession, page: number): Promise<string | null> {
  const [row] = await session.rows<{ created_at: Date | string; id: string }>(
    `select created_at, id from creatives where status = 'approved' order by created_at desc, id desc offset ${(page - 1) * PAGE_SIZE - 1} limit 1`,
  );
  return row ? encodeCursor([new Date(row.created_at).toISOString(), row.id]) : null;
}

function render(file: string): void {
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as { results: ScenarioResult[]; sequential: SequentialResult[] };
  log(markdownTable(run.results, run.sequential));
}

async function main() {
  if (opts.render) return render(opts.render);
  const label = opts.label!;
  if (!/^[\w.-]+$/.test(label)) throw new Error('--label: letters, digits, dot, dash, underscore');
  const connections = num(opts.connections, 'connections');
  const duration = num(opts.duration, 'duration');
  const healthDuration = num(opts['health-duration'], 'health-duration');
  const sequentialRuns = num(opts.sequential, 'sequential');
  const maxRequests = num(opts['max-requests'], 'max-requests');
  const deepPages = num(opts['deep-pages'], 'deep-pages', 2);
  const deepBudgetMs = num(opts['deep-budget'], 'deep-budget') * 1000;
  const sequentialBudgetMs = num(opts['sequential-budget'], 'sequential-budget') * 1000;
  const settleMaxMs = num(opts['settle-max'], 'settle-max', 0) * 1000;
  const entry = path.resolve(opts.server ?? path.join(projectRoot, 'dist-server', 'index.js'));
  if (!fs.existsSync(entry)) throw new Error(`${entry} not found: run npm run build first (or pass --server)`);
  const target = benchTarget();
  if (opts.scenario === 'overload') {
    const floorSeconds = healthDuration;
    return runOverloadScenario({ entry, target, label, connections, durationSeconds: duration, floorSeconds, maxRequests, log });
  }
  if (opts.scenario !== 'urls') throw new Error('--scenario: urls or overload');
  const began = Date.now();

  // Before the server starts (PGlite allows one process): machine, row counts, size.
  const session = await openSession(target);
  const machine = await describeMachine(session);
  const rows = await rowCounts(session);
  const size = await databaseSize(session);
  const deepCursorFromDb = await deepCursorOf(session, deepPages);
  await session.close();
  log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, ${machine.os}, node ${machine.node}, ${machine.database}`);
  log(
    `Data: ${target.label}, ${size}, ${rows.creatives?.toLocaleString('en')} creatives, ${rows.creative_likes?.toLocaleString('en')} likes`,
  );
  if (!rows.creatives) throw new Error('No creatives: run npm run bench:seed first');

  const instances = num(opts.instances, 'instances');
  const redisUrl = opts.redis ?? (instances > 1 ? 'redis://127.0.0.1:6379' : undefined);
  // Several instances sign sessions with one secret (a session opened on one is valid on all).
  const shared: Record<string, string> = redisUrl
    ? {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `creatheque-bench-${label}-${process.pid}:`,
        AUTH_SECRET: 'bench-instances-secret-'.padEnd(48, 'x'),
      }
    : {};
  const servers: RunningServer[] = [];
  for (let i = 0; i < instances; i++) {
    const suffix = instances > 1 ? `-${i + 1}` : '';
    const started = await startServer({
      entry,
      target,
      noCache: opts['no-cache']!,
      logFile: path.join(os.tmpdir(), `creatheque-bench-server-${label}${suffix}.log`),
      env: shared,
    });
    servers.push(started);
    log(`Server ${entry} pid ${started.pid} ready in ${started.startupMs} ms on ${started.origin} (log ${started.logFile})`);
  }
  if (redisUrl) log(`Redis: ${redisUrl}`);
  const server = servers[0]!;
  const totalMb = (pick: (s: RunningServer) => number | null) => servers.reduce((sum, s) => sum + (pick(s) ?? 0), 0);
  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(
      peakSampled,
      totalMb((s) => s.rssMb()),
    );
  }, 250);

  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idleRss = totalMb((s) => s.rssMb());
    const api = new Api(server.origin);

    // Sessions: one plain user, one admin, and the storm's accounts.
    const cookies: Record<Exclude<Who, 'anonymous'>, string> = {
      user: await api.login('bench-user@example.com', BENCH_PASSWORD),
      admin: await api.login('bench-admin@example.com', BENCH_PASSWORD),
    };
    const stormCookies: string[] = [];
    for (const email of STORM_ACCOUNTS) stormCookies.push(await api.login(email, BENCH_PASSWORD));
    const cookieOf = (who: Who) => (who === 'anonymous' ? undefined : cookies[who]);

    // Ids to aim at: the newest creative, one with comments, the most liked (hot row for the storm).
    const home = await api.json<PageOf>('/api/creatives');
    const byLikes = await api.json<PageOf>('/api/creatives?sort=likes');
    const detailId = home.items[0]!.id;
    const commentsId = (home.items.find((c) => c.commentCount > 0) ?? home.items[0]!).id;
    const stormId = byLikes.items[0]!.id;

    // Memory after 200 gallery requests (mixed variants, 10 at a time: at 1M rows one takes ~1 s).
    const warm = galleryScenarios(null);
    const warmStarted = performance.now();
    for (let i = 0; i < 200; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => warm[(i + k) % warm.length]!).map((s) => api.time(s.path, cookieOf(s.who))));
    }
    const after200Rss = totalMb((s) => s.rssMb());
    log(`200 gallery requests (10 at a time) in ${Math.round(performance.now() - warmStarted)} ms; RSS ${after200Rss} MB`);

    // Deep pagination: follow nextCursor towards page `deepPages`, within a time budget (at 1M rows
    // each hop is a full sort). The load run uses the exact cursor of that page, taken from the
    // database with the app's own encoder when the hops did not get there.
    const deepStarted = performance.now();
    let cursor: string | null = home.nextCursor;
    let page = 2;
    for (; page < deepPages && cursor && performance.now() - deepStarted < deepBudgetMs; page++) {
      const next: PageOf = await api.json<PageOf>(`/api/creatives?cursor=${encodeURIComponent(cursor)}`);
      cursor = next.nextCursor;
    }
    // nextCursor values taken: the home page's plus one per page fetched here.
    const followed = page - 1;
    const deepMs = Math.round(performance.now() - deepStarted);
    const reached = page === deepPages;
    if (reached && cursor !== deepCursorFromDb)
      log(`  note: followed cursor differs from the computed one (ties?): using the followed one`);
    const deepCursor = reached ? cursor : deepCursorFromDb;
    const deep = { pages: deepPages, followed, reached, totalMs: deepMs, msPerHop: +(deepMs / Math.max(1, followed - 1)).toFixed(1) };
    log(
      `Deep cursor: ${followed} nextCursor hops in ${deepMs} ms (${deep.msPerHop} ms/hop${reached ? '' : `; budget spent, page ${deepPages} cursor computed from the database; ${deepPages - 1} hops ≈ ${Math.round((deep.msPerHop * (deepPages - 1)) / 1000)} s`})`,
    );

    const ctx = { detailId, commentsId, stormId, deepCursor, stormCookies, origin: server.origin };
    const only = opts.only?.split(',').map((part) => part.trim());
    const filter = (s: Scenario) => !only || only.some((part) => s.name.includes(part));
    const galleries = galleryScenarios(deepCursor, deepPages).filter(filter);
    const all = [...galleries, ...otherScenarios(ctx).filter(filter)];

    // "Query time with caches off": one connection, one request at a time.
    const sequential: SequentialResult[] = [];
    for (const s of galleries) {
      const times: number[] = [];
      const statuses = new Set<number>();
      const seqStarted = performance.now();
      for (let i = 0; i < sequentialRuns && (i < 3 || performance.now() - seqStarted < sequentialBudgetMs); i++) {
        const t = await api.time(s.path, cookieOf(s.who));
        times.push(t.ms);
        statuses.add(t.status);
      }
      sequential.push({
        name: s.name,
        medianMs: +median(times).toFixed(2),
        minMs: +Math.min(...times).toFixed(2),
        maxMs: +Math.max(...times).toFixed(2),
        statuses: [...statuses],
        runs: times.length,
      });
      log(`  sequential ${s.name}: median ${median(times).toFixed(1)} ms over ${times.length} runs`);
    }

    const spec = (clients: RunRequest[][], seconds: number): RunSpec => ({
      origin: server.origin,
      origins: servers.map((s) => s.origin),
      connections,
      durationSeconds: seconds,
      maxRequests,
      clients,
    });
    const killAfter = (seconds: number) => (seconds + 60) * 1000;
    const results: ScenarioResult[] = [];
    for (const s of all) {
      const health = await runLoad(spec([[{ method: 'GET', path: '/api/health' }]], healthDuration), killAfter(healthDuration));
      const cookie = cookieOf(s.who);
      const clients = s.clients ?? [[{ method: 'GET', path: s.path, headers: cookie ? { cookie } : undefined }]];
      const url = await runLoad(spec(clients, duration), killAfter(duration));
      // Requests still queued in the server when autocannon stops would weigh on the next
      // measurement: wait until a database round trip (/api/ready) is quick again.
      const settleMs = await settle(api, settleMaxMs);
      const ratio = health.rps > 0 ? url.rps / health.rps : 0;
      results.push({ name: s.name, path: s.path, who: s.who, health, url, ratio: +ratio.toFixed(4), settleMs });
      log(
        `  ${s.name.padEnd(28)} ${url.rps.toFixed(1).padStart(8)} req/s  p50 ${url.p50.toFixed(1)}  p95 ${url.p95.toFixed(1)}  p99 ${url.p99.toFixed(1)} ms  non-2xx ${url.non2xx}  errors ${url.errors}  health ${health.rps.toFixed(0)} req/s  (settled in ${settleMs} ms)`,
      );
    }

    const memory = {
      idleMb: idleRss,
      after200GalleryMb: after200Rss,
      peakSampledMb: peakSampled,
      peakHwmMb: totalMb((s) => s.peakRssMb()),
    };
    const out = {
      label,
      date: new Date().toISOString(),
      machine,
      data: { target: target.label, size, rows },
      options: {
        connections,
        durationSeconds: duration,
        healthDurationSeconds: healthDuration,
        sequentialRuns,
        sequentialBudgetSeconds: sequentialBudgetMs / 1000,
        deepBudgetSeconds: deepBudgetMs / 1000,
        settleMaxSeconds: settleMaxMs / 1000,
        noCache: opts['no-cache'],
        server: entry,
        instances,
        redis: Boolean(redisUrl),
      },
      startupMs: server.startupMs,
      memory,
      deepCursor: deep,
      sequential,
      results,
      wallSeconds: Math.round((Date.now() - began) / 1000),
    };
    const file = writeBaseline(`load-${label}`, out);

    log(
      `\n### Load — ${label} (${rows.creatives?.toLocaleString('en')} creatives, ${instances > 1 ? `${instances} instances, ` : ''}${connections} connections, ${duration} s per URL, health ${healthDuration} s before each)\n`,
    );
    log(markdownTable(results, sequential));
    log(
      `\nStart-up to /api/ready: ${server.startupMs} ms. RSS${instances > 1 ? ` (${instances} instances together)` : ''}: idle ${memory.idleMb} MB, after 200 gallery requests ${memory.after200GalleryMb} MB, peak under load ${memory.peakHwmMb} MB (VmHWM; sampled ${memory.peakSampledMb} MB).`,
    );
    log(
      `Deep cursor: ${deep.followed} nextCursor hops in ${deep.totalMs} ms (${deep.msPerHop} ms/hop). Wall time ${out.wallSeconds} s. Written ${path.relative(projectRoot, file)}`,
    );
  } finally {
    clearInterval(sampler);
    for (const each of servers) await each.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
