/**
 * A soak: the drill's mixed workload (reads and searches, likes, comments, folder edits, uploads)
 * against one instance of the built server, on services of its own (PostgreSQL cluster,
 * redis-server), held at half of the capacity it first measures, for N minutes.
 *
 *   npm run build && npm run soak -- --minutes 30 [--label run] [--no-write]
 *
 * Capacity: the same clients without any pause for 20 s (after 5 s of warm-up), successful
 * requests a second. Then the clients share a pace of half that, and every 10 s the soak reads
 * the server's resident memory and open file descriptors (/proc) and its PostgreSQL connections
 * (pg_stat_activity); each minute keeps the median of its samples. It passes when, from minute 5
 * (or the run's middle, if shorter) to the end (judge()): resident memory grows by 10 % at most,
 * descriptors and connections stay flat, the p99 of the second half is within ±20 % of the first
 * half's, no answer is a 5xx, every acknowledged write is there and `check:integrity` is clean.
 * Writes bench/baselines/soak-<label>.json and the soak section of docs/reliability.md; neither
 * with --no-write. `--rejudge bench/baselines/soak-<label>.json` judges a saved run again and
 * rewrites both. Everything listens on 127.0.0.1 and stops at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { castOf } from './drill/cast';
import { writeReliabilitySection } from './drill/report';
import { Instance, instanceEnv, PgCluster, RedisServer } from './drill/services';
import { integrityClean, verifyLedger, type Lost } from './drill/verify';
import { Balancer, pacer, startWorkload, type Answer } from './drill/workload';
import { freePort } from './load/server';
import { writeBaseline } from './load/report';

const { values: opts } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    users: { type: 'string', default: '18' },
    agencies: { type: 'string', default: '2' },
    label: { type: 'string', default: 'run' },
    'no-write': { type: 'boolean', default: false },
    /** A soak's saved figures (bench/baselines/soak-<label>.json) to judge and write again, without running. */
    rejudge: { type: 'string' },
  },
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SAMPLE_MS = 10_000;
const CAPACITY_WARM_MS = 5_000;
const CAPACITY_MS = 20_000;
/** Limits of a passing soak. */
const RSS_GROWTH = 0.1;
const P99_DRIFT = 0.2;
/** "Flat": at most this much above the baseline (descriptors and connections come and go a little). */
const FLAT = (baseline: number) => baseline + Math.max(3, Math.ceil(baseline * 0.1));

interface Sample {
  at: number;
  rssMb: number | null;
  fds: number | null;
  pgConnections: number;
}

/** What a soak run saves: enough to judge it again (--rejudge). */
interface SoakFigures {
  date: string;
  machine: string;
  minutes: number;
  capacityPerSecond: number;
  ratePerSecond: number;
  clients: number;
  requests: number;
  lost: Lost;
  integrity: boolean;
  perMinute: Minute[];
}

interface Minute {
  minute: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors5xx: number;
  rssMb: number | null;
  fds: number | null;
  pgConnections: number | null;
}

/** Judges a run, prints the verdict, and (unless --no-write) saves its figures and the soak section of docs/reliability.md. */
function report(figures: SoakFigures, baseline: string): void {
  const verdict = judge(figures.perMinute);
  const lostCount = figures.lost.comments + figures.lost.uploads + figures.lost.likes + figures.lost.filed;
  if (lostCount) verdict.failures.push(`${lostCount} acknowledged writes lost (${JSON.stringify(figures.lost)})`);
  if (!figures.integrity) verdict.failures.push('check:integrity not clean');
  if (!opts['no-write']) {
    writeBaseline(baseline, { ...figures, summary: verdict.summary, failures: verdict.failures });
    writeReliabilitySection('soak', soakSection(figures, verdict));
  }
  for (const failure of verdict.failures) console.log(`[soak]   ${failure}`);
  console.log(verdict.failures.length ? '[soak] FAILED' : '[soak] passed');
  process.exitCode = verdict.failures.length ? 1 : 0;
}

async function main() {
  if (opts.rejudge) {
    const file = path.resolve(opts.rejudge);
    return report(JSON.parse(fs.readFileSync(file, 'utf8')) as SoakFigures, path.basename(file, '.json'));
  }
  if (!fs.existsSync('dist-server/index.js')) throw new Error('dist-server/index.js not found: npm run build first');
  const minutes = Number(opts.minutes);
  if (!(minutes >= 2)) throw new Error('--minutes: 2 or more');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-soak-'));
  const cluster = await PgCluster.start({ maxConnections: 100 });
  const redis = await RedisServer.start();
  const env = instanceEnv(cluster, redis, { DATA_DIR: path.join(work, 'data'), SEED: 'demo' });

  const instance = new Instance('instance', await freePort(), env, path.join(work, 'server.log'));
  const db = new pg.Client({ connectionString: cluster.url });
  try {
    await instance.up();
    await db.connect();
    const balancer = new Balancer([instance]);
    const cast = await castOf(balancer, Number(opts.users), Number(opts.agencies));

    const capacity = await measureCapacity(balancer, cast);
    const rate = Math.max(1, Math.round(capacity / 2));
    console.log(`[soak] capacity ${capacity.toFixed(1)} requests/s; soaking at ${rate}/s for ${minutes} min`);

    const t0 = Date.now();
    const workload = await startWorkload(balancer, cast, t0, pacer(rate));
    const samples: Sample[] = [];
    const end = t0 + minutes * 60_000;
    while (Date.now() < end) {
      await sleep(Math.min(SAMPLE_MS, end - Date.now()));
      samples.push(await sample(instance, db, t0));
      const last = samples.at(-1)!;
      if (samples.length % 6 === 0)
        console.log(
          `[soak] ${(last.at / 60_000).toFixed(0)} min: RSS ${last.rssMb} MB, ${last.fds} fds, ${last.pgConnections} PG connections`,
        );
    }
    await workload.stop();
    const lost = await verifyLedger(cluster.url, workload.ledger);
    const integrity = await integrityClean(env);
    const perMinute = minutesOf(workload.answers, samples, minutes);
    for (const m of perMinute)
      console.log(
        `[soak] min ${m.minute}: ${m.requests} req (${m.perSecond}/s), p50 ${m.p50} ms, p99 ${m.p99} ms, 5xx ${m.errors5xx}, RSS ${m.rssMb} MB, ${m.fds} fds, ${m.pgConnections} PG`,
      );
    if (!integrity.clean) console.log(`[soak] check:integrity: ${integrity.output.trim().slice(0, 400)}`);
    report(
      {
        date: new Date().toISOString(),
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
        minutes,
        capacityPerSecond: Number(capacity.toFixed(1)),
        ratePerSecond: rate,
        clients: Number(opts.users) + Number(opts.agencies),
        requests: workload.answers.length,
        lost,
        integrity: integrity.clean,
        perMinute,
      },
      `soak-${opts.label}`,
    );
  } finally {
    await db.end().catch(() => {});
    await instance.kill();
    await redis.destroy();
    cluster.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Successful requests a second of the clients without any pause, after a warm-up. */
async function measureCapacity(balancer: Balancer, cast: Awaited<ReturnType<typeof castOf>>): Promise<number> {
  const t0 = Date.now();
  const workload = await startWorkload(balancer, cast, t0, () => Promise.resolve());
  await sleep(CAPACITY_WARM_MS);
  const from = Date.now() - t0;
  await sleep(CAPACITY_MS);
  const to = Date.now() - t0;
  await workload.stop();
  const done = workload.answers.filter((a) => a.at >= from && a.at < to && a.status >= 200 && a.status < 300).length;
  return done / ((to - from) / 1000);
}

async function sample(instance: Instance, db: pg.Client, t0: number): Promise<Sample> {
  const pid = instance.pid;
  const status = pid ? readOr(`/proc/${pid}/status`) : null;
  const rss = status ? /^VmRSS:\s+(\d+) kB/m.exec(status) : null;
  const { rows } = await db.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
  );
  return {
    at: Date.now() - t0,
    rssMb: rss ? Math.round(Number(rss[1]) / 1024) : null,
    fds: pid ? countOr(`/proc/${pid}/fd`) : null,
    pgConnections: rows[0]!.n,
  };
}

const readOr = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};
const countOr = (dir: string) => {
  try {
    return fs.readdirSync(dir).length;
  } catch {
    return null;
  }
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
};

/** Each minute's requests and latencies, and the median of the samples taken in it. */
function minutesOf(answers: Answer[], samples: Sample[], minutes: number): Minute[] {
  return Array.from({ length: minutes }, (_, i) => {
    const inMinute = answers.filter((a) => a.at >= i * 60_000 && a.at < (i + 1) * 60_000);
    const ms = inMinute.map((a) => a.ms).sort((a, b) => a - b);
    const taken = samples.filter((s) => s.at > i * 60_000 && s.at <= (i + 1) * 60_000 + 1_000);
    const of = (pick: (s: Sample) => number | null) => {
      const values = taken.map(pick).filter((v): v is number => v !== null);
      return values.length ? median(values) : null;
    };
    return {
      minute: i + 1,
      requests: inMinute.length,
      perSecond: Number((inMinute.length / 60).toFixed(1)),
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      errors5xx: inMinute.filter((a) => a.status >= 500 || a.status === 0).length,
      rssMb: of((s) => s.rssMb),
      fds: of((s) => s.fds),
      pgConnections: of((s) => s.pgConnections),
    };
  });
}

/**
 * The limits of a passing soak, on the minutes from `from` (5, or the middle of a shorter run) to
 * the end. Memory, descriptors and connections swing with garbage collection, pool churn and the
 * requests in flight: each is compared as the median of the first `window` minutes against the
 * median of the last `window` (a leak moves it, a swing does not). The p99: the median of each
 * minute's p99 in the second half against the first half.
 */
function judge(perMinute: Minute[]) {
  const minutes = perMinute.length;
  const from = Math.min(5, Math.floor(minutes / 2));
  const rest = perMinute.slice(from - 1);
  const window = Math.max(1, Math.min(5, Math.floor(rest.length / 3)));
  const first = rest.slice(0, window);
  const last = rest.slice(-window);
  const half = Math.floor(rest.length / 2);
  const compare = (pick: (m: Minute) => number | null) => {
    const at = (list: Minute[]) => median(list.map(pick).filter((v): v is number => v !== null));
    return { first: at(first), last: at(last), highest: Math.max(...rest.map((m) => pick(m) ?? 0)) };
  };
  const rss = compare((m) => m.rssMb);
  const fds = compare((m) => m.fds);
  const connections = compare((m) => m.pgConnections);
  const p99 = { first: median(rest.slice(0, half).map((m) => m.p99)), last: median(rest.slice(half).map((m) => m.p99)) };
  const errors = perMinute.reduce((sum, m) => sum + m.errors5xx, 0);
  const growth = (x: { first: number; last: number }) => (x.first ? Number((x.last / x.first - 1).toFixed(3)) : null);
  const summary = {
    from,
    windowMinutes: window,
    rssMb: { ...rss, growth: growth(rss) },
    fds,
    pgConnections: connections,
    p99Ms: { ...p99, drift: growth(p99) },
    errors5xx: errors,
  };
  const within = {
    rss: summary.rssMb.growth !== null && summary.rssMb.growth <= RSS_GROWTH,
    fds: fds.last <= FLAT(fds.first),
    connections: connections.last <= FLAT(connections.first),
    p99: summary.p99Ms.drift !== null && Math.abs(summary.p99Ms.drift) <= P99_DRIFT,
    errors: errors === 0,
  };
  const failures: string[] = [];
  if (!within.rss) failures.push(`RSS ${rss.first} → ${rss.last} MB`);
  if (!within.fds) failures.push(`open descriptors ${fds.first} → ${fds.last}`);
  if (!within.connections) failures.push(`PostgreSQL connections ${connections.first} → ${connections.last}`);
  if (!within.p99) failures.push(`p99 ${p99.first} → ${p99.last} ms`);
  if (!within.errors) failures.push(`${errors} answers were 5xx or none`);
  return { summary, within, failures };
}

function soakSection(f: SoakFigures, verdict: ReturnType<typeof judge>): string[] {
  const { summary: s, within } = verdict;
  const pct = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`);
  const yes = (ok: boolean) => (ok ? 'yes' : 'no');
  const w = s.windowMinutes;
  return [
    `${f.date.slice(0, 10)}, ${f.machine}, ${f.clients} clients, ${f.minutes} min at ${f.ratePerSecond} requests/s (half of the ${f.capacityPerSecond}/s measured first), ${f.requests} requests (\`npm run soak -- --minutes ${f.minutes}\`):`,
    '',
    `| from minute ${s.from} to the end | first ${w} min (median) | last ${w} min (median) | highest minute | limit | within |`,
    '| --- | --- | --- | --- | --- | --- |',
    `| resident memory (RSS) | ${s.rssMb.first} MB | ${s.rssMb.last} MB (${pct(s.rssMb.growth)}) | ${s.rssMb.highest} MB | +10 % | ${yes(within.rss)} |`,
    `| open file descriptors | ${s.fds.first} | ${s.fds.last} | ${s.fds.highest} | flat (+10 % or +3) | ${yes(within.fds)} |`,
    `| PostgreSQL connections | ${s.pgConnections.first} | ${s.pgConnections.last} | ${s.pgConnections.highest} | flat (+10 % or +3) | ${yes(within.connections)} |`,
    `| p99 (median of the minutes' p99), first half → second half | ${s.p99Ms.first} ms | ${s.p99Ms.last} ms (${pct(s.p99Ms.drift)}) | ${Math.max(...f.perMinute.map((m) => m.p99))} ms | ±20 % | ${yes(within.p99)} |`,
    `| answers 5xx or none | — | ${s.errors5xx} | — | 0 | ${yes(within.errors)} |`,
    '',
    verdict.failures.length
      ? `Not passed: ${verdict.failures.join('; ')}.`
      : `Passed; every acknowledged write present (${f.lost.uncertain} uncertain), \`check:integrity\` clean.`,
    '',
    '| minute | requests/s | p50 | p99 | RSS | fds | PG connections |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...f.perMinute.map(
      (m) => `| ${m.minute} | ${m.perSecond} | ${m.p50} ms | ${m.p99} ms | ${m.rssMb} MB | ${m.fds} | ${m.pgConnections} |`,
    ),
  ];
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
