import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { comments, creatives } from '@server/db/schema';
import { createDiskStore } from '@server/media/store';
import { checkIntegrity } from '@server/ops/integrity';
import { createScratchDatabase } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';
import { apiCall as call, exitOf, killHard, loginTo, registerOn, repoRoot, startServer, stopAllServers } from './helpers/server-process';

/**
 * Crash safety (issue 14): the real server process is killed with SIGKILL in the middle of a like
 * storm, a comment storm and concurrent uploads — no handler runs, as in a power cut of the process
 * or an OOM kill. After a restart, what was acknowledged is there, every counter equals its rows,
 * no media row lacks a file, no temp file is left; what a write had not finished (files written
 * before their row) is found and removed by `npm run check:integrity -- --repair`, after which the
 * check is clean. Runs on embedded PGlite in the first pass and on PostgreSQL in the second.
 */
afterEach(() => stopAllServers());

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const USERS = 8;
const LIKERS = 12;
const COMMENTERS = 3;
const UPLOADERS = 2;

interface Acknowledged {
  comments: string[];
  creatives: string[];
  likeAnswers: number;
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Writes as fast as the server takes them until the process is gone; records what was acknowledged. */
async function storm(baseUrl: string, users: string[], agency: string, creativeIds: string[], acknowledged: Acknowledged) {
  const commentIds: string[] = [];
  const image = await pngBytes(320, 240);
  const loop = async (step: () => Promise<void>) => {
    for (;;) {
      try {
        await step();
      } catch {
        return; // the connection is gone: the server was killed
      }
    }
  };
  const liker = () =>
    loop(async () => {
      const res = await call(baseUrl, pick(users), pick(['POST', 'DELETE']), `/api/creatives/${pick(creativeIds)}/like`);
      if (res.status === 200) acknowledged.likeAnswers += 1;
    });
  const commenter = () =>
    loop(async () => {
      const cookie = pick(users);
      if (commentIds.length && Math.random() < 0.5) {
        await call(baseUrl, cookie, pick(['POST', 'DELETE']), `/api/comments/${pick(commentIds)}/like`);
        return;
      }
      const res = await call(baseUrl, cookie, 'POST', `/api/creatives/${pick(creativeIds)}/comments`, { text: 'Pendant la tempête' });
      if (res.status === 201 && res.body?.id) {
        commentIds.push(res.body.id);
        acknowledged.comments.push(res.body.id);
      }
    });
  const uploader = () =>
    loop(async () => {
      const form = creativeForm({ ...VALID_FORM, name: 'Envoi pendant la panne' }, { bytes: image, name: 'panne.png', type: 'image/png' });
      const res = await call(baseUrl, agency, 'POST', '/api/creatives', form);
      if (res.status === 201 && res.body?.id) acknowledged.creatives.push(res.body.id);
    });
  return Promise.all([
    ...Array.from({ length: LIKERS }, liker),
    ...Array.from({ length: COMMENTERS }, commenter),
    ...Array.from({ length: UPLOADERS }, uploader),
  ]);
}

/** `npm run check:integrity` as an operator runs it, on the stopped server's data. */
function runIntegrityCommand(env: Record<string, string>, args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/check-integrity.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const until = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe(`kill -9 during writes (${engine})`, () => {
  it('loses nothing acknowledged, keeps every counter equal to its rows, and check:integrity cleans what was cut', async () => {
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const dbEnv: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
    try {
      const first = await startServer({ env: dbEnv });
      const { baseUrl, dataDir } = first;
      const users = await Promise.all(Array.from({ length: USERS }, (_, i) => registerOn(baseUrl, `crash.${i}.${Date.now()}@example.com`)));
      const agency = await loginTo(baseUrl, 'agence@example.com');
      const gallery = (await (await fetch(`${baseUrl}/api/creatives`)).json()) as { items: { id: string }[] };
      const creativeIds = gallery.items.map((c) => c.id);
      expect(creativeIds.length).toBeGreaterThan(3);

      const acknowledged: Acknowledged = { comments: [], creatives: [], likeAnswers: 0 };
      const writing = storm(baseUrl, users, agency, creativeIds, acknowledged);
      // Kill once every kind of write has been acknowledged at least once, while the loops go on.
      await until(() => acknowledged.likeAnswers >= 50 && acknowledged.comments.length >= 3 && acknowledged.creatives.length >= 1, 60_000);
      expect(acknowledged.creatives.length).toBeGreaterThanOrEqual(1);
      await killHard(first.child);
      await writing;

      // Restart on the same data: recovery, migrations, the start-up sweep of temp files.
      const second = await startServer({ dataDir, env: dbEnv });
      second.child.kill('SIGTERM');
      expect(await exitOf(second.child)).toEqual({ code: 0, signal: null });

      const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: path.join(dataDir, 'db') });
      try {
        const keptComments = await database.db
          .select({ id: comments.id })
          .from(comments)
          .where(inArray(comments.id, acknowledged.comments));
        expect(keptComments).toHaveLength(acknowledged.comments.length);
        const keptCreatives = await database.db
          .select({ id: creatives.id })
          .from(creatives)
          .where(inArray(creatives.id, acknowledged.creatives));
        expect(keptCreatives).toHaveLength(acknowledged.creatives.length);

        const report = await checkIntegrity(database.db, createDiskStore(path.join(dataDir, 'media')), { minAgeMs: 0 });
        expect(report.counterDrift).toEqual([]);
        expect(report.analyticsDrift).toBe(0);
        expect(report.missingFiles).toEqual([]);
        expect(report.staleTempFiles).toBe(0);
      } finally {
        await database.close();
      }
      expect(fs.readdirSync(path.join(dataDir, 'media', '.tmp'))).toEqual([]);

      const commandEnv = { DATA_DIR: dataDir, ...dbEnv };
      const repaired = await runIntegrityCommand(commandEnv, ['--repair', '--min-age', '0']);
      expect(repaired.code, repaired.output).toBe(0);
      const checked = await runIntegrityCommand(commandEnv, ['--min-age', '0']);
      expect(checked.code, checked.output).toBe(0);
      expect(checked.output).toContain('tout est cohérent');
    } finally {
      await stopAllServers();
      await scratch?.drop();
    }
  }, 240_000);
});
