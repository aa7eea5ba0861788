import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rowsOf, tableRef } from '@server/db/sql-rows';

/**
 * What the database and the media store hold, in a form cheap to compare: a hash of every row of
 * every table of the app (one query; the test databases are small) and the list of files under
 * DATA_DIR/media, temp and staged files included (not folders: the store makes its .tmp and
 * .staging folders on first use). Equal before and after a request = it wrote nothing.
 */
export interface StoreDigest {
  tables: Record<string, string>;
  files: string[];
}

export async function storeDigester(db: Db, dataDir: string): Promise<() => Promise<StoreDigest>> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((r) => r.name);
  // Each row as text, sorted, hashed: any insert, update or delete changes its table's hash.
  const query = sql.join(
    tables.map(
      (name) => sql`SELECT ${name} AS name, md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS hash FROM ${tableRef(name)} r`,
    ),
    sql` UNION ALL `,
  );
  const mediaDir = path.join(dataDir, 'media');
  return async () => {
    const rows = await rowsOf<{ name: string; hash: string }>(db, query);
    const files = fs.existsSync(mediaDir)
      ? fs
          .readdirSync(mediaDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)))
          .sort()
      : [];
    return { tables: Object.fromEntries(rows.map((r) => [r.name, r.hash])), files };
  };
}
