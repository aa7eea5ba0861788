/** After a drill: is every acknowledged write there, and does the store agree with itself? */
import { spawn } from 'node:child_process';
import pg from 'pg';
import type { Ledger } from './workload';

export interface Lost {
  comments: number;
  uploads: number;
  likes: number;
  filed: number;
  /** Writes whose request got no answer: either outcome is right. */
  uncertain: number;
}

export async function verifyLedger(databaseUrl: string, ledger: Ledger): Promise<Lost> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const present = async (sql: string, ids: string[]) => new Set((await client.query<{ id: string }>(sql, [ids])).rows.map((r) => r.id));
    const comments = await present(
      'select id from comments where id = any($1)',
      ledger.comments.map((c) => c.id),
    );
    const uploads = await present('select id from creatives where id = any($1)', ledger.uploads);
    const likes = await present(
      "select user_id || '|' || creative_id as id from creative_likes where user_id || '|' || creative_id = any($1)",
      [...ledger.likes.keys()],
    );
    const filed = await present(
      "select folder_id || '|' || creative_id as id from folder_creatives where folder_id || '|' || creative_id = any($1)",
      [...ledger.filed.keys()],
    );
    const wrong = (states: Map<string, boolean>, rows: Set<string>) =>
      [...states].filter(([key, on]) => !ledger.uncertain.has(key) && on !== rows.has(key)).length;
    return {
      comments: ledger.comments.filter((c) => !comments.has(c.id)).length,
      uploads: ledger.uploads.filter((id) => !uploads.has(id)).length,
      likes: wrong(ledger.likes, likes),
      filed: wrong(ledger.filed, filed),
      uncertain: ledger.uncertain.size,
    };
  } finally {
    await client.end();
  }
}

/** `npm run check:integrity` on the drill's database and bucket, nothing ignored for its age (the load has stopped). */
export function integrityClean(env: Record<string, string>): Promise<{ clean: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/check-integrity.ts', '--min-age', '0'], {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ clean: code === 0, output }));
  });
}
