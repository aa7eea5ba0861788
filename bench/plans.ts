/**
 * EXPLAIN (ANALYZE, BUFFERS) of the gallery's slow-candidate queries, with the exact SQL the app
 * sends: the app's own services (listGallery, getHighlights, listFavorites, suggest, readSimilarSource, similarTo) run on a Drizzle
 * instance whose logger records each statement and its parameters, which are then explained.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/creatheque_bench npx tsx bench/plans.ts --label before
 *
 * Writes bench/plans/<label>/<scenario>.txt. Each statement is explained twice and the second
 * (warm cache) plan is kept; the first run's time is noted in the header.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '@server/db/pglite-extensions';
import { eq } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { galleryQueryInput } from '@domain/schemas/gallery';
import type { User } from '@domain/types';
import { toUser } from '@server/auth/session';
import type { Db } from '@server/db/client';
import { schema, user } from '@server/db/schema';
import { getHighlights, listFavorites, listGallery } from '@server/services/creatives/gallery.service';
import { readSimilarSource, similarTo } from '@server/services/creatives/similar.service';
import { suggest } from '@server/services/creatives/suggestions.service';
import { COMMON_Q, RARE_Q, SUGGEST_QS } from './load/scenarios';
import { benchDir, benchTarget } from './scale/target';

const { values: opts } = parseArgs({ options: { label: { type: 'string', default: 'run' } } });

interface Captured {
  sql: string;
  params: unknown[];
}

/** Raw access beside Drizzle, to run EXPLAIN with the captured parameters. */
interface Raw {
  query(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

function open(captured: Captured[]): { db: Db; raw: Raw } {
  const logger: Logger = { logQuery: (sql, params) => captured.push({ sql, params }) };
  const target = benchTarget();
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 1 });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return { db, raw: { query: async (t, p) => (await pool.query(t, p)).rows as Record<string, unknown>[], close: () => pool.end() } };
  }
  const client = new PGlite({ dataDir: target.pgliteDir, extensions: pgliteExtensions });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return { db, raw: { query: async (t, p) => (await client.query<Record<string, unknown>>(t, p)).rows, close: () => client.close() } };
}

/** Drizzle hands Dates to the driver; EXPLAIN gets them as ISO strings (same value, same types). */
const asParam = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

async function main() {
  const label = opts.label!;
  if (!/^[\w.-]+$/.test(label)) throw new Error('--label: letters, digits, dot, dash, underscore');
  const outDir = path.join(benchDir, 'plans', label);
  fs.mkdirSync(outDir, { recursive: true });
  const captured: Captured[] = [];
  const { db, raw } = open(captured);
  try {
    const [row] = await db.select().from(user).where(eq(user.email, 'bench-user@example.com'));
    if (!row) throw new Error('bench-user@example.com not found: run npm run bench:seed first');
    const viewer: User = toUser(row);
    const q = (query: Record<string, string>) => galleryQueryInput.parse(query);

    const scenarios: [string, () => Promise<unknown>][] = [
      ['home', () => listGallery(db, null, q({}))],
      ['sort-likes', () => listGallery(db, null, q({ sort: 'likes' }))],
      ['combined-format-sector-platform', () => listGallery(db, null, q({ format: 'Vidéo', sector: 'Beauté', platform: 'TikTok' }))],
      ['q-common', () => listGallery(db, null, q({ q: COMMON_Q }))],
      ['q-rare', () => listGallery(db, null, q({ q: RARE_Q }))],
      ['home-signed-in', () => listGallery(db, viewer, q({}))],
      ['highlights', () => getHighlights(db, null)],
      ['favorites', () => listFavorites(db, viewer, {})],
      ...SUGGEST_QS.map((text): [string, () => Promise<unknown>] => [`suggest-${text}`, () => suggest(db, text)]),
      [
        'similar',
        async () => similarTo(db, await readSimilarSource(db, (await listGallery(db, null, q({}))).items[0]!.id), { withAnalysis: false }),
      ],
    ];
    for (const [name, run] of scenarios) {
      captured.length = 0;
      await run();
      // No plan for transaction control and `set local` (the suggestions' rare prefixes): what follows is explained without it.
      const statements = captured.filter((s) => !/^\s*(set|begin|commit|rollback)\b/i.test(s.sql));
      const parts: string[] = [];
      for (const [i, s] of statements.entries()) {
        const params = s.params.map(asParam);
        const explain = `explain (analyze, buffers) ${s.sql}`;
        const first = await raw.query(explain, params);
        const second = await raw.query(explain, params);
        const lines = (rows: Record<string, unknown>[]) => rows.map((r) => String(r['QUERY PLAN']));
        const firstTime = lines(first).find((l) => l.startsWith('Execution Time')) ?? '';
        parts.push(
          [
            `-- statement ${i + 1} of ${statements.length}`,
            `-- SQL: ${s.sql}`,
            `-- params: ${JSON.stringify(params)}`,
            `-- first run ${firstTime}; plan below is the second (warm) run`,
            '',
            ...lines(second),
          ].join('\n'),
        );
      }
      fs.writeFileSync(path.join(outDir, `${name}.txt`), parts.join('\n\n') + '\n');
      const times = parts.map((p) => /Execution Time: ([\d.]+) ms/.exec(p)?.[1] ?? '?').join(' + ');
      console.log(`${name.padEnd(34)} ${times} ms`);
    }
  } finally {
    await raw.close();
  }
  console.log(`Plans written to ${path.relative(process.cwd(), outDir)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
