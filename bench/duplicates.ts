/**
 * The duplicate lookup at scale (issue 18): EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the app sends
 * (duplicateLookup), for a creative that is there (same SHA-256, dHash 3 bits away) and for one that is
 * not, then the mean time of 50 lookups of different hashes. On the scale seed (`bench:seed` fills
 * random hashes):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/creatheque_bench npx tsx bench/duplicates.ts
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '@server/db/client';
import { rowsOf } from '@server/db/sql-rows';
import type { Fingerprint } from '@server/media/fingerprint';
import { duplicateLookup } from '@server/services/creatives/duplicates.service';

const LOOKUPS = 50;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL: the seeded PostgreSQL database');
  const database = await openDatabase({ databaseUrl });
  const { db } = database;
  try {
    const [row] = await rowsOf<{ media_sha256: string; phash: string; n: string }>(
      db,
      sql`select media_sha256, phash::text, (select count(*) from creatives) as n from creatives where phash is not null offset 123457 limit 1`,
    );
    if (!row) throw new Error('no fingerprinted creative: run bench:seed first');
    console.log(`${Number(row.n).toLocaleString('en')} creatives`);
    const cases: [string, Fingerprint][] = [
      ['present (same SHA-256, dHash 3 bits away)', { sha256: row.media_sha256, phash: BigInt(row.phash) ^ 0b10010001n }],
      ['absent', { sha256: 'f'.repeat(64), phash: 0x123456789abcdefn }],
    ];
    for (const [label, fp] of cases) {
      const plan = await rowsOf<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${duplicateLookup(fp)}`);
      console.log(`\n--- ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      const started = performance.now();
      for (let i = 0; i < LOOKUPS; i++) await rowsOf(db, duplicateLookup({ sha256: fp.sha256, phash: fp.phash! ^ BigInt(i << 20) }));
      console.log(`${label}: ${((performance.now() - started) / LOOKUPS).toFixed(1)} ms a lookup (mean of ${LOOKUPS})`);
    }
    const [size] = await rowsOf<{ size: string }>(
      db,
      sql`select pg_size_pretty(sum(pg_relation_size(c.oid))) as size from pg_class c
           where c.relname like 'creatives_phash_band%' or c.relname = 'creatives_media_sha256_idx'`,
    );
    console.log(`\nindexes of duplicate detection: ${size?.size}`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
