/**
 * Two builds of the server against the same random mix, fairly on a machine whose speed drifts:
 *
 *     npm run bench:mix-ab -- --a /path/to/before/dist-server/index.js [--b dist-server/index.js] \
 *       [--rounds 8] [--slice 8] [--connections 50] [--cache off|on] [--label ab]
 *
 * Both servers run at once (each on a copy of DATA_DIR, the same database) and take the load in
 * turn, in slices of a few seconds — A B, B A, A B… — so that each pair of slices meets the same
 * minute of the machine. The load is bench:mix's anonymous "all" mix (the same distinct URLs,
 * drawn at random by kind weight), sent by `--connections` keep-alive loops in this process. Per
 * slice: req/s, p99, and the CPU a request costs the server and PostgreSQL (from /proc); at the
 * end, each figure's median over the slices and the median of the B/A ratios of the pairs.
 * Writes bench/baselines/interleaved-<label>.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { num } from './load/cli-args';
import { cpuSnapshot, cpuUse, type CpuUse } from './load/cpu-time';
import { describeMachine, writeBaseline } from './load/report';
import { startServer, type RunningServer } from './load/server';
import { readCatalogue } from './mix/catalogue';
import { Random } from './mix/random';
import { buildUrls, KINDS, WEIGHTS, type Kind } from './mix/urls';
import { openSession } from './scale/connection';
import { benchTarget, projectRoot } from './scale/target';

const { values: opts } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: path.join(projectRoot, 'dist-server', 'index.js') },
    rounds: { type: 'string', default: '8' },
    slice: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    cache: { type: 'string', default: 'off' },
    label: { type: 'string', default: 'ab' },
    seed: { type: 'string', default: '1' },
  },
});

interface Slice extends CpuUse {
  build: 'A' | 'B';
  round: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: readonly number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** A URL drawn by kind weight, then uniformly within the kind. */
function drawer(random: Random, byKind: Map<Kind, string[]>): () => string {
  const kinds = KINDS.filter((k) => (byKind.get(k)?.length ?? 0) > 0);
  const total = kinds.reduce((sum, k) => sum + WEIGHTS[k], 0);
  return () => {
    let r = random.float() * total;
    const kind = kinds.find((k) => (r -= WEIGHTS[k]) < 0) ?? kinds.at(-1)!;
    return random.pick(byKind.get(kind)!);
  };
}

/** `connections` keep-alive loops on one server for `seconds`. */
async function runSlice(server: RunningServer, next: () => string, connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (url: string) =>
    new Promise<number>((resolve) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', () => resolve(0));
    });
  const times: number[] = [];
  let non2xx = 0;
  const before = cpuSnapshot(server.pids());
  const began = performance.now();
  const end = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await get(server.origin + next());
        times.push(performance.now() - t);
        if (status < 200 || status >= 300) non2xx += 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const cpu = cpuUse(before, cpuSnapshot(server.pids()), times.length);
  agent.destroy();
  times.sort((x, y) => x - y);
  return { rps: times.length / elapsed, p50: quantile(times, 0.5), p99: quantile(times, 0.99), requests: times.length, non2xx, ...cpu };
}

async function main() {
  if (!opts.a) throw new Error('--a: the server entry of build A (e.g. a worktree of the commit before, built)');
  const entries = { A: path.resolve(opts.a), B: path.resolve(opts.b!) };
  for (const entry of Object.values(entries)) if (!fs.existsSync(entry)) throw new Error(`${entry} not found: build it first`);
  if (!/^[\w.-]+$/.test(opts.label!)) throw new Error('--label: letters, digits, dot, dash, underscore');
  const rounds = num(opts.rounds, 'rounds');
  const seconds = num(opts.slice, 'slice');
  const connections = num(opts.connections, 'connections');
  if (opts.cache !== 'on' && opts.cache !== 'off') throw new Error('--cache: on or off');
  const seed = num(opts.seed, 'seed', 0);
  const target = benchTarget();

  const random = new Random(seed);
  const session = await openSession(target);
  const machine = await describeMachine(session);
  const catalogue = await readCatalogue(session, { seed, ids: 4000, random });
  await session.close();
  const urls = buildUrls(random, catalogue, { views: 12_000, facets: 4_000, suggestions: 2_000 });
  const byKind = new Map(KINDS.map((k) => [k, urls.filter((u) => u.kind === k).map((u) => u.path)]));
  log(`Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, node ${machine.node}, ${machine.database}`);
  log(`${urls.length.toLocaleString('en')} distinct URLs; A ${entries.A}; B ${entries.B}`);

  // B on its own copy of the data folder: the saved catalogue and the start-up lock are per folder.
  const dataB = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-ab-'));
  fs.cpSync(target.dataDir, dataB, { recursive: true });
  const start = (build: 'A' | 'B') =>
    startServer({
      entry: entries[build],
      target: build === 'A' ? target : { ...target, dataDir: dataB },
      noCache: opts.cache === 'off',
      logFile: path.join(os.tmpdir(), `creatheque-bench-ab-${opts.label}-${build}.log`),
    });
  const servers = { A: await start('A'), B: await start('B') };
  const slices: Slice[] = [];
  try {
    const next = drawer(new Random(seed + 1), byKind);
    for (const build of ['A', 'B'] as const) await runSlice(servers[build], next, connections, 3); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        const slice: Slice = { build, round, ...(await runSlice(servers[build], next, connections, seconds)) };
        slices.push(slice);
        log(
          `  ${build} round ${round + 1}: ${slice.rps.toFixed(0)} req/s, p50 ${slice.p50.toFixed(0)} ms, p99 ${slice.p99.toFixed(0)} ms, CPU a request: server ${slice.serverMsPerRequest} ms, PostgreSQL ${slice.postgresMsPerRequest} ms${slice.non2xx ? `, non-2xx ${slice.non2xx}` : ''}`,
        );
      }
    }
  } finally {
    await Promise.all([servers.A.stop(), servers.B.stop()]);
    fs.rmSync(dataB, { recursive: true, force: true });
  }

  const figures = ['rps', 'p50', 'p99', 'serverMsPerRequest', 'postgresMsPerRequest'] as const;
  const of = (build: 'A' | 'B') => slices.filter((s) => s.build === build);
  const summary = Object.fromEntries(
    figures.map((f) => {
      const a = of('A').map((s) => s[f]);
      const b = of('B').map((s) => s[f]);
      return [f, { a: +median(a).toFixed(3), b: +median(b).toFixed(3), ratio: +median(b.map((x, i) => x / a[i]!)).toFixed(3) }];
    }),
  );
  log('\n| figure (median of the slices) | A | B | B / A (median of the pairs) |\n|---|---:|---:|---:|');
  for (const f of figures) log(`| ${f} | ${summary[f]!.a} | ${summary[f]!.b} | ${summary[f]!.ratio} |`);
  const file = writeBaseline(`interleaved-${opts.label}`, {
    label: opts.label,
    date: new Date().toISOString(),
    machine,
    data: target.label,
    options: { a: entries.A, b: entries.B, rounds, sliceSeconds: seconds, connections, cache: opts.cache, seed },
    summary,
    slices,
  });
  log(`\nWrote ${path.relative(projectRoot, file)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
