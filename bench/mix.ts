/**
 * Load test of random, distinct traffic against the built server at the scale data of bench:seed.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/creatheque_bench \
 *     npm run bench:mix -- --label run [--duration 20] [--connections 50] [--cache on|off|both] \
 *       [--who anonymous|user|both] [--seed 1]
 *
 * Reads a sample of the catalogue with SQL (words of approved creatives' names and advertisers,
 * ids; bench/mix/catalogue.ts), adds the words of the vocabulary's tag values, and builds with a
 * seeded generator ≥ 20,000 distinct URLs (bench/mix/urls.ts): searches (a word, a typo, two words,
 * a word's first letters), filters (1–3 groups, optionally with a search, sometimes sorted), facet
 * counts of random views, suggestions of 2–5 letters, and the detail, similar creatives and comments
 * of 4,000 approved creatives. Then, for each cache mode (the default server, and RESPONSE_CACHE=off)
 * and each visitor (anonymous; signed in as eleven plain bench users, one per connection), runs
 * /api/health and right after it two mixes, each request drawn at random by the runner
 * (bench/load/runner.ts, autocannon, 127.0.0.1 only): `all` (45 % gallery pages, 15 % facets, 10 %
 * suggestions, 30 % one creative) and `searches` (gallery pages with a search only). The server-side
 * p50/p99 per kind comes from the server's own request log (LOG_LEVEL=info here; bench:load runs at
 * warn). Writes bench/baselines/mix-<label>.json and prints two Markdown tables.
 *
 * With the cache on, the runs share one server: a later run finds some of its URLs already cached
 * by an earlier one (all the URLs come from one list), as a real server's would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_PASSWORD, PLAIN_ACCOUNTS } from './load/accounts';
import { num } from './load/cli-args';
import { Api, runLoad, settle } from './load/client';
import { cpuSnapshot, cpuUse } from './load/cpu-time';
import { databaseSize, describeMachine, rowCounts, writeBaseline } from './load/report';
import { startServer } from './load/server';
import type { RunResult, RunSpec } from './load/spec';
import { readCatalogue } from './mix/catalogue';
import { drawOf } from './mix/draw';
import { Random } from './mix/random';
import { clientTable, runTitle, serverNon2xx, serverTable, type CacheMode, type MixName, type MixRun, type MixWho } from './mix/report';
import { readServerLog } from './mix/server-log';
import { buildUrls, countUrls, KINDS, SEARCH_KINDS, WEIGHTS, type Kind, type MixUrl } from './mix/urls';
import { openSession } from './scale/connection';
import { benchTarget, projectRoot } from './scale/target';

const { values: opts } = parseArgs({
  options: {
    label: { type: 'string', default: 'run' },
    seed: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    'health-duration': { type: 'string', default: '3' },
    'max-requests': { type: 'string', default: '500000' },
    'settle-max': { type: 'string', default: '20' },
    /** on: the default server; off: RESPONSE_CACHE=off; both: on, then off. */
    cache: { type: 'string', default: 'both' },
    who: { type: 'string', default: 'both' },
    /** Approved creatives whose detail, similar creatives and comments are drawn. */
    ids: { type: 'string', default: '4000' },
    /** Distinct gallery pages (with and without a search), facet views, suggestions at most. */
    views: { type: 'string', default: '12000' },
    facets: { type: 'string', default: '4000' },
    suggestions: { type: 'string', default: '2000' },
    server: { type: 'string' },
    /** Print the Markdown tables of an earlier run's JSON and exit. */
    render: { type: 'string' },
  },
});

const MIN_DISTINCT = 20_000;

function choice<T extends string>(v: string | undefined, name: string, one: readonly T[]): T[] {
  if (v === 'both') return [...one];
  if (one.includes(v as T)) return [v as T];
  throw new Error(`--${name}: ${one.join(', ')} or both`);
}

const log = (line: string) => process.stdout.write(`${line}\n`);

function printTables(runs: readonly MixRun[]): void {
  log(clientTable(runs));
  log('\nServer side (its request log, `ms`), 2xx responses: p50 / p99 ms (their count; + non-2xx)\n');
  log(serverTable(runs));
  const non2xx = serverNon2xx(runs);
  if (non2xx.length) log(`\nNon-2xx logged by the server: ${non2xx.join('; ')}`);
}

function render(file: string): void {
  const run = JSON.parse(fs.readFileSync(file, 'utf8')) as { runs: MixRun[] };
  printTables(run.runs);
}

async function main() {
  if (opts.render) return render(opts.render);
  const label = opts.label!;
  if (!/^[\w.-]+$/.test(label)) throw new Error('--label: letters, digits, dot, dash, underscore');
  const seed = num(opts.seed, 'seed', 0);
  const connections = num(opts.connections, 'connections');
  const duration = num(opts.duration, 'duration');
  const healthDuration = num(opts['health-duration'], 'health-duration');
  const maxRequests = num(opts['max-requests'], 'max-requests');
  const settleMaxMs = num(opts['settle-max'], 'settle-max', 0) * 1000;
  const caches = choice<CacheMode>(opts.cache, 'cache', ['on', 'off']);
  const whos = choice<MixWho>(opts.who, 'who', ['anonymous', 'user']);
  const counts = {
    views: num(opts.views, 'views', 10),
    facets: num(opts.facets, 'facets', 1),
    suggestions: num(opts.suggestions, 'suggestions', 1),
  };
  const entry = path.resolve(opts.server ?? path.join(projectRoot, 'dist-server', 'index.js'));
  if (!fs.existsSync(entry)) throw new Error(`${entry} not found: run npm run build first (or pass --server)`);
  const target = benchTarget();
  const began = Date.now();

  // Before the server starts (PGlite allows one process): machine, data, the catalogue's sample.
  const random = new Random(seed);
  const session = await openSession(target);
  const machine = await describeMachine(session);
  const rows = await rowCounts(session);
  const size = await databaseSize(session);
  const catalogue = await readCatalogue(session, { seed, ids: num(opts.ids, 'ids'), random });
  await session.close();
  log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, ${machine.os}, node ${machine.node}, ${machine.database}`);
  log(`Data: ${target.label}, ${size}, ${rows.creatives?.toLocaleString('en')} creatives`);

  const urls = buildUrls(random, catalogue, counts);
  const { byKind: urlsByKind, byShape } = countUrls(urls);
  const byKind = new Map<Kind, MixUrl[]>(KINDS.map((k) => [k, urls.filter((u) => u.kind === k)]));
  log(
    `URLs (seed ${seed}): ${urls.length.toLocaleString('en')} distinct from ${catalogue.sampled.toLocaleString('en')} sampled creatives, ${catalogue.words.length} words, ${catalogue.ids.length} ids — ${KINDS.map((k) => `${k} ${urlsByKind[k] ?? 0}`).join(', ')}`,
  );
  if (urls.length < MIN_DISTINCT) log(`  note: fewer than ${MIN_DISTINCT.toLocaleString('en')} distinct URLs (a small catalogue?)`);

  const mixes: { mix: MixName; kinds: readonly Kind[] }[] = [
    { mix: 'all', kinds: KINDS },
    { mix: 'searches', kinds: SEARCH_KINDS },
  ];
  const runs: MixRun[] = [];
  const servers: {
    cache: CacheMode;
    startupMs: number;
    peakRssMb: number | null;
    logFile: string;
    errors: number;
    firstErrors: string[];
  }[] = [];
  for (const cache of caches) {
    const logFile = path.join(os.tmpdir(), `creatheque-bench-mix-${label}-cache-${cache}.log`);
    // The request log is written at info (bench:load runs at warn): one JSON line per request.
    const server = await startServer({ entry, target, noCache: cache === 'off', logFile, env: { LOG_LEVEL: 'info' } });
    log(`\nServer ${entry} pid ${server.pid}, cache ${cache}, ready in ${server.startupMs} ms on ${server.origin} (log ${logFile})`);
    const thisServer: MixRun[] = [];
    try {
      const api = new Api(server.origin);
      // One request of each kind first: whatever the server builds on first use is not in the first run.
      const warmed: string[] = [];
      for (const kind of KINDS) {
        const first = byKind.get(kind)?.[0];
        if (!first) continue;
        const t = await api.time(first.path);
        warmed.push(`${kind} ${Math.round(t.ms)} ms${t.status === 200 ? '' : ` (${t.status})`}`);
      }
      log(`  warm-up: ${warmed.join(', ')}`);
      const cookies: string[] = [];
      if (whos.includes('user')) {
        for (const email of ['bench-user@example.com', ...PLAIN_ACCOUNTS]) cookies.push(await api.login(email, BENCH_PASSWORD));
      }
      const spec = (seconds: number, rest: Pick<RunSpec, 'clients' | 'draw'>): RunSpec => ({
        origin: server.origin,
        connections,
        durationSeconds: seconds,
        maxRequests,
        ...rest,
      });
      const killAfter = (seconds: number) => (seconds + 60) * 1000;
      for (const who of whos) {
        for (const { mix, kinds } of mixes) {
          const id = `${mix}-${who}-cache-${cache}`;
          const health: RunResult = await runLoad(
            spec(healthDuration, { clients: [[{ method: 'GET', path: '/api/health' }]] }),
            killAfter(healthDuration),
          );
          // Each (mix, visitor) its own draws, the same with the cache on and off; seeds 10,000 apart
          // since the runner seeds connection i with seed + i.
          const drawSeed = seed * 1_000_000 + (who === 'user' ? 20_000 : 0) + (mix === 'searches' ? 10_000 : 0);
          const draw = drawOf(id, byKind, kinds, drawSeed, who === 'user' ? cookies : []);
          const cpuBefore = cpuSnapshot(server.pids());
          const url = await runLoad(spec(duration, { clients: [], draw }), killAfter(duration));
          const cpu = cpuUse(cpuBefore, cpuSnapshot(server.pids()), url.requests);
          // Requests still queued when autocannon stops would weigh on the next run.
          const settleMs = await settle(api, settleMaxMs);
          const ratio = health.rps > 0 ? url.rps / health.rps : 0;
          const run: MixRun = { id, mix, who, cache, health, url, ratio: +ratio.toFixed(4), settleMs, cpu, server: {} };
          thisServer.push(run);
          log(
            `  ${runTitle(run).padEnd(30)} ${url.rps.toFixed(1).padStart(8)} req/s  p50 ${url.p50.toFixed(1)}  p99 ${url.p99.toFixed(1)} ms  requests ${url.requests}  non-2xx ${url.non2xx}  timeouts ${url.timeouts}  errors ${url.errors}  health ${health.rps.toFixed(0)} req/s  (settled in ${settleMs} ms)  CPU a request: server ${cpu.serverMsPerRequest} ms, PostgreSQL ${cpu.postgresMsPerRequest} ms; cores busy ${Math.round(cpu.machineBusyShare * 100)} %`,
          );
        }
      }
    } finally {
      const peakRssMb = server.peakRssMb();
      await server.stop();
      // After the stop: every line is in the file.
      const serverLog = await readServerLog(logFile);
      for (const run of thisServer) run.server = serverLog.runs[run.id] ?? {};
      runs.push(...thisServer);
      servers.push({
        cache,
        startupMs: server.startupMs,
        peakRssMb,
        logFile,
        errors: serverLog.errors,
        firstErrors: serverLog.firstErrors,
      });
      log(
        `  peak RSS ${peakRssMb} MB; ${serverLog.errors} error lines in the server's log${serverLog.errors ? `: ${serverLog.firstErrors.join(' | ')}` : ''}`,
      );
    }
  }

  const out = {
    label,
    date: new Date().toISOString(),
    machine,
    data: { target: target.label, size, rows },
    options: {
      seed,
      connections,
      durationSeconds: duration,
      healthDurationSeconds: healthDuration,
      maxRequests,
      settleMaxSeconds: settleMaxMs / 1000,
      cache: caches,
      who: whos,
      ids: catalogue.ids.length,
      ...counts,
      server: entry,
    },
    urls: {
      distinct: urls.length,
      sampledCreatives: catalogue.sampled,
      words: catalogue.words.length,
      weights: WEIGHTS,
      byKind: urlsByKind,
      byShape,
      examples: Object.fromEntries(KINDS.map((k) => [k, (byKind.get(k) ?? []).slice(0, 5).map((u) => u.path)])),
    },
    servers,
    runs,
    wallSeconds: Math.round((Date.now() - began) / 1000),
  };
  const file = writeBaseline(`mix-${label}`, out);

  log(
    `\n### Mix — ${label} (${rows.creatives?.toLocaleString('en')} creatives, ${urls.length.toLocaleString('en')} distinct URLs, seed ${seed}, ${connections} connections, ${duration} s per mix, health ${healthDuration} s before each)\n`,
  );
  printTables(runs);
  log(`\nWall time ${out.wallSeconds} s. Written ${path.relative(projectRoot, file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
