/**
 * Times the admin analytics (getAnalytics, spec §9) for every period on the bench database, with
 * the app's own service and a plain Drizzle instance (no migration is applied here).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/creatheque_bench npx tsx bench/analytics.ts [--runs 3]
 *
 * Each period runs `--runs` times after one warm-up; the table shows the warm median and the
 * first (cold) call. A period slower than --timeout seconds is cancelled (statement_timeout) and
 * reported as such.
 */
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PERIODS } from '@domain/analytics';
import type { Db } from '@server/db/client';
import { schema } from '@server/db/schema';
import { getAnalytics } from '@server/services/analytics.service';
import { benchTarget } from './scale/target';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, timeout: { type: 'string', default: '30' } },
});

async function main() {
  const target = benchTarget();
  if (!target.databaseUrl) throw new Error('DATABASE_URL (the bench PostgreSQL database) is required');
  const runs = Math.max(1, Number(opts.runs));
  const pool = new pg.Pool({
    connectionString: target.databaseUrl,
    max: 1,
    options: `-c statement_timeout=${Number(opts.timeout) * 1000}`,
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const rows: { period: string; firstMs: number | string; medianMs: number | string; creatives: number }[] = [];
  try {
    for (const period of PERIODS) {
      const times: number[] = [];
      let creatives = 0;
      try {
        for (let i = 0; i <= runs; i++) {
          const started = performance.now();
          const result = await getAnalytics(db, period);
          times.push(performance.now() - started);
          creatives = result.totals.creatives;
        }
      } catch (err) {
        rows.push({ period, firstMs: `> ${opts.timeout} s (${(err as Error).message.slice(0, 40)})`, medianMs: '', creatives });
        continue;
      }
      const warm = times.slice(1).sort((a, b) => a - b);
      rows.push({
        period,
        firstMs: Math.round(times[0]!),
        medianMs: Math.round(warm[Math.floor(warm.length / 2)]!),
        creatives,
      });
    }
  } finally {
    await pool.end();
  }
  console.log(`getAnalytics on ${target.label}`);
  console.table(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
