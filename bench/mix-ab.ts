/**
 * Two builds of the server against the same random mix, fairly on a machine whose speed drifts:
 *
 *     npm run bench:mix-ab -- --a /path/to/before/dist-server/index.js [--b dist-server/index.js] \
 *       [--rounds 8] [--slice 8] [--connections 50] [--cache off|on] [--label ab]
 *
 * Both servers run at once (each on a copy of DATA_DIR, the same database) and take the load in
 * turn, in slices of a few seconds — A B, B A, A B… — so that each pair of slices meets the same
 * minute of the machine. The load is bench:mix's anonymous "all" mix (the same distinct URLs,
 * drawn at random by kind weight), sent by bench:mix's runner (autocannon in a child process). Per
 * slice: req/s, p99, and the CPU a request costs the server and PostgreSQL (from /proc); at the
 * end, each figure's median over the slices and the median of the B/A ratios of the pairs.
 * Writes bench/baselines/interleaved-<label>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { num } from './load/cli-args';
import { runLoad } from './load/client';
import { cpuSnapshot, cpuUse, type CpuUse } from './load/cpu-time';
import { describeMachine, writeBaseline } from './load/report';
import { startServer, type RunningServer } from './load/server';
import { median, type RunDraw } from './load/spec';
import { readCatalogue } from './mix/catalogue';
import { drawOf } from './mix/draw';
import { Random } from './mix/random';
import { buildUrls, KINDS } from './mix/urls';
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

/** bench:mix's draw on one server for `seconds`, with the CPU it cost the server and PostgreSQL. */
async function runSlice(server: RunningServer, draw: RunDraw, connections: number, seconds: number) {
  const before = cpuSnapshot(server.pids());
  const url = await runLoad(
    { origin: server.origin, connections, durationSeconds: seconds, maxRequests: 500_000, clients: [], draw },
    (seconds + 60) * 1000,
  );
  const cpu = cpuUse(before, cpuSnapshot(server.pids()), url.requests);
  return { rps: url.rps, p50: url.p50, p99: url.p99, requests: url.requests, non2xx: url.non2xx + url.errors, ...cpu };
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
  const byKind = new Map(KINDS.map((k) => [k, urls.filter((u) => u.kind === k)]));
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
    const draw = drawOf('ab', byKind, KINDS, seed * 1_000_000, []);
    for (const build of ['A', 'B'] as const) await runSlice(servers[build], draw, connections, 3); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        // Each slice its own draws (the runner seeds connection i with seed + i).
        const sliceDraw = { ...draw, seed: draw.seed + (round + 1) * 1_000 };
        const slice: Slice = { build, round, ...(await runSlice(servers[build], sliceDraw, connections, seconds)) };
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
