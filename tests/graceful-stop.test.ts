import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { creatives } from '@server/db/schema';
import { createDiskStore } from '@server/media/store';
import { checkIntegrity } from '@server/ops/integrity';
import { dropRedisNamespace, probeRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '@server/redis/test-redis';
import { freePort } from '../e2e/support/server';
import { creativeForm, demoVideoBytes, padTo, VALID_FORM } from './helpers/uploads';
import {
  encodeForm,
  exitOf,
  loginTo as login,
  repoRoot as root,
  serverEnv,
  startServer,
  stopAllServers,
  track,
  waitForHealth,
} from './helpers/server-process';

/**
 * The real server process (tests/helpers/server-process.ts), stopped by signals as a supervisor
 * would. Each test gets a fresh DATA_DIR on embedded PGlite.
 */
afterEach(() => stopAllServers());

const redis = await probeRedis();

/** Starts an upload and sends only its first half; the caller sends the rest (or not). */
function startUpload(baseUrl: string, cookie: string, form: { body: Buffer; contentType: string }) {
  const url = new URL('/api/creatives', baseUrl);
  const req = http.request(url, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': form.contentType, 'content-length': form.body.length },
  });
  const half = Math.floor(form.body.length / 2);
  const response = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err) => resolve({ error: err.message }));
  });
  req.write(form.body.subarray(0, half));
  return { response, finish: () => req.end(form.body.subarray(half)) };
}

/** After the server is gone: every media row has its files, no file lacks its row, no temp file is left. */
async function storedState(dataDir: string, name: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    const rows = await database.db.select().from(creatives).where(eq(creatives.name, name));
    const report = await checkIntegrity(database.db, createDiskStore(path.join(dataDir, 'media')), { minAgeMs: 0 });
    return {
      creatives: rows.length,
      missingFiles: report.missingFiles,
      orphanFiles: report.orphanFiles,
      orphanMedia: report.orphanMedia,
      tempFiles: fs.readdirSync(path.join(dataDir, 'media', '.tmp')),
    };
  } finally {
    await database.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Engine-independent and slow (real processes on embedded PGlite): run once, in the PGlite pass. */
const pglitePass = !process.env.DATABASE_URL;

describe.runIf(pglitePass)('graceful stop (PGlite pass only: each test starts its own server process)', () => {
  it('on SIGTERM ends the live event streams, closes the database and exits 0', async () => {
    const server = await startServer();
    const cookie = await login(server.baseUrl, 'specialiste@example.com');
    const events = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${server.baseUrl}/api/review/events`, { headers: { cookie } }, resolve).on('error', reject);
    });
    expect(events.statusCode).toBe(200);
    let received = '';
    events.on('data', (c: Buffer) => (received += c.toString()));
    const streamEnded = new Promise<void>((resolve) => events.on('close', () => resolve()));
    await sleep(300);
    expect(received).toContain('event: pending');
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    const exit = await exitOf(server.child);
    await streamEnded;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(fs.existsSync(path.join(server.dataDir, 'server.lock'))).toBe(false);
    expect(server.logs()).toContain('arrêt terminé');
  }, 90_000);

  it.skipIf(!redis.ok)(
    `with Redis (REDIS_URL): is ready with it, then closes it and exits 0 on SIGTERM${redis.skipped}`,
    async () => {
      const prefix = uniqueRedisPrefix('graceful-stop');
      try {
        const server = await startServer({
          env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, AUTH_SECRET: 'graceful-stop-secret-'.padEnd(40, 'x') },
        });
        const ready = (await (await fetch(`${server.baseUrl}/api/ready`)).json()) as { checks: Record<string, string> };
        expect(ready.checks.redis).toBe('ok');
        const t0 = Date.now();
        server.child.kill('SIGTERM');
        expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
        expect(Date.now() - t0).toBeLessThan(5000);
        expect(server.logs()).toContain('arrêt terminé');
      } finally {
        await dropRedisNamespace(prefix);
      }
    },
    90_000,
  );

  it('lets an upload in flight finish: the whole creative is kept', async () => {
    const server = await startServer();
    const cookie = await login(server.baseUrl, 'agence@example.com');
    const name = 'Arrêt pendant envoi';
    const form = await encodeForm(
      creativeForm({ ...VALID_FORM, name }, { bytes: padTo(demoVideoBytes(), 3 * 1024 * 1024), name: 'spot.mp4', type: 'video/mp4' }),
    );
    const upload = startUpload(server.baseUrl, cookie, form);
    await sleep(300);
    server.child.kill('SIGTERM');
    await sleep(500);
    upload.finish();
    const answer = await upload.response;
    expect(answer).toMatchObject({ status: 201 });
    expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
    expect(await storedState(server.dataDir, name)).toEqual({
      creatives: 1,
      missingFiles: [],
      orphanFiles: [],
      orphanMedia: [],
      tempFiles: [],
    });
  }, 90_000);

  it('cuts an upload that stalls past the grace period: nothing of it is kept', async () => {
    const server = await startServer();
    const cookie = await login(server.baseUrl, 'agence@example.com');
    const name = 'Envoi interrompu';
    const form = await encodeForm(
      creativeForm({ ...VALID_FORM, name }, { bytes: padTo(demoVideoBytes(), 3 * 1024 * 1024), name: 'spot.mp4', type: 'video/mp4' }),
    );
    const upload = startUpload(server.baseUrl, cookie, form);
    await sleep(300);
    server.child.kill('SIGTERM');
    const answer = await upload.response;
    expect(answer).toHaveProperty('error');
    expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
    expect(await storedState(server.dataDir, name)).toEqual({
      creatives: 0,
      missingFiles: [],
      orphanFiles: [],
      orphanMedia: [],
      tempFiles: [],
    });
  }, 90_000);
});

describe.runIf(pglitePass)('npm start (PGlite pass only)', () => {
  it('stops the whole server when the process a supervisor started gets SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-npm-start-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn('npm', ['start'], { cwd: root, env: serverEnv(port, dataDir, { SEED: 'none' }), stdio: 'ignore', detached: true });
    track({ child, dataDir });
    await waitForHealth(baseUrl, child, 120_000);
    const serverPid = Number(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'));
    expect(serverPid).toBeGreaterThan(0);
    child.kill('SIGTERM');
    await exitOf(child);
    await sleep(500);
    expect(() => process.kill(serverPid, 0)).toThrow();
    expect(
      await fetch(`${baseUrl}/api/health`).then(
        () => 'answers',
        () => 'gone',
      ),
    ).toBe('gone');
  }, 180_000);
});
