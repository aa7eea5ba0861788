/**
 * API latency and memory of the gallery queries on a realistic library (the demo seed plus
 * 2,000 extra approved creatives with likes), in process on PGlite. Prints figures (ms, MB) and
 * compares them to bench/baselines/api-latency.json; `--update` rewrites the baseline.
 * Not a test: nothing fails on a slow machine, the numbers are for people.
 *
 *   npx tsx bench/api-latency.ts [--update] [--runs 100]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '@server/app';
import { openDatabase } from '@server/db/client';
import { creatives } from '@server/db/schema';
import { seedIfEmpty } from '@server/db/seed';
import { buildDeps } from '@server/deps/build-deps';
import { parseEnv, toConfig } from '@server/env';
import { searchTextOf } from '@domain/search';
import { FORMATS, OBJECTIVES, PLATFORMS, SECTORS, TYPES } from '@domain/vocabulary';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASELINE = path.join(here, 'baselines', 'api-latency.json');
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 100;
const EXTRA = 2000;

const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const database = await openDatabase({});
  const config = toConfig(parseEnv({ DATA_DIR: dataDir, SEED: 'demo' }));
  const deps = buildDeps({ db: database.db, config, secret: 'bench-secret'.padEnd(40, 'x'), rateLimit: false });
  await seedIfEmpty(deps);
  const rows = Array.from({ length: EXTRA }, (_, i) => {
    const name = `Créa bench ${i} ${pick(SECTORS, i)}`;
    const advertiser = `Marque ${i % 97}`;
    return {
      name,
      advertiser,
      searchText: searchTextOf({ name, advertiser }),
      formats: [pick(FORMATS, i)],
      objectives: [pick(OBJECTIVES, i)],
      types: [pick(TYPES, i), pick(TYPES, i + 7)],
      sectors: [pick(SECTORS, i)],
      platforms: [pick(PLATFORMS, i), pick(PLATFORMS, i + 3)],
      likes: i % 50,
      status: 'approved',
      validated: true,
      createdAt: new Date(Date.now() - i * 3_600_000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await deps.db.insert(creatives).values(rows.slice(i, i + 500));
  await deps.db.execute(sql`analyze`);
  const app = createApp(deps);
  const url = (p: string) => new URL(p, config.publicUrl).toString();

  const scenarios: Record<string, string> = {
    'gallery, recent, first page': '/api/creatives',
    'gallery, most liked': '/api/creatives?sort=likes',
    'gallery, two filter groups': '/api/creatives?format=Statique&format=GIF&sector=Mode',
    'gallery, search': '/api/creatives?q=bench%2012',
    highlights: '/api/creatives/highlights',
  };
  const page2 = (await (await app.request(url('/api/creatives'))).json()) as { nextCursor: string };
  scenarios['gallery, second page (cursor)'] = `/api/creatives?cursor=${page2.nextCursor}`;

  const results: Record<string, { p50: number; p95: number }> = {};
  for (const [name, p] of Object.entries(scenarios)) {
    for (let i = 0; i < 5; i++) await (await app.request(url(p))).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.request(url(p));
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    results[name] = { p50: round(times[Math.floor(RUNS * 0.5)]!), p95: round(times[Math.floor(RUNS * 0.95)]!) };
  }
  const rssMb = round(process.memoryUsage().rss / 1024 / 1024);

  const baseline = fs.existsSync(BASELINE) ? (JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as typeof report) : null;
  const report = { creatives: EXTRA + 35, runs: RUNS, results, rssMb };
  console.log(`API latency over ${report.creatives} creatives, ${RUNS} runs each (in process, PGlite)`);
  for (const [name, r] of Object.entries(results)) {
    const b = baseline?.results[name];
    const delta = b ? `  (baseline p50 ${b.p50} ms, p95 ${b.p95} ms)` : '';
    console.log(`  ${name.padEnd(32)} p50 ${String(r.p50).padStart(6)} ms   p95 ${String(r.p95).padStart(6)} ms${delta}`);
  }
  console.log(`  resident memory                  ${rssMb} MB${baseline ? `  (baseline ${baseline.rssMb} MB)` : ''}`);
  if (args.includes('--update') || !baseline) fs.writeFileSync(BASELINE, `${JSON.stringify(report, null, 2)}\n`);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function round(n: number) {
  return Math.round(n * 10) / 10;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
