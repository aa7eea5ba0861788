import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@server/env';
import { dropRedisNamespace, TEST_REDIS_URL, uniqueRedisPrefix } from '@server/redis/test-redis';
import { createScratchDatabase } from './helpers/test-app';
import {
  sharedServicesSkipReason,
  apiCall,
  exitOf,
  loginTo,
  startServer,
  stopAllServers,
  type ServerProcess,
} from './helpers/server-process';

/**
 * WEB_WORKERS=2 (server/ops/web-workers.ts): one address, two server processes forked by a primary,
 * node:cluster handing the connections out in turn. Both answer; a write answered by one shows on
 * the other's next answer (their caches kept in step through Redis); a stop signal to the primary
 * stops both gracefully.
 */
const databaseUrl = process.env.DATABASE_URL;
const skipReason = await sharedServicesSkipReason('web-workers test');

/**
 * A GET on a connection of its own (the cluster hands out connections, not requests); status 0 when
 * the connection fails or gets no answer within 5 s (one handed to a worker as it dies is lost).
 */
function getOnNewConnection(url: string, requestId: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    http
      .get(url, { agent: false, headers: { 'x-request-id': requestId }, timeout: 5_000 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy();
      })
      .on('error', () => resolve({ status: 0, body: '' }));
  });
}

/** The `worker` field of the request-log lines of these request ids. */
function workersOf(logs: string, requestIds: string[]): Set<number> {
  const workers = new Set<number>();
  for (const line of logs.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { reqId?: string; worker?: number };
    if (entry.reqId && requestIds.includes(entry.reqId) && entry.worker !== undefined) workers.add(entry.worker);
  }
  return workers;
}

/** The server processes the primary forked (tsx's own helper process left out). */
const workerPidsOf = (pid: number): number[] => {
  try {
    const children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return children.filter((child) => fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('server/index.ts'));
  } catch {
    return []; // pgrep exits with 1 when there is none
  }
};

describe('WEB_WORKERS settings', () => {
  it('refuses more than one worker without PostgreSQL and Redis', () => {
    expect(() => parseEnv({ WEB_WORKERS: '2' })).toThrow(/DATABASE_URL is required with WEB_WORKERS > 1/);
    expect(() => parseEnv({ WEB_WORKERS: '2', DATABASE_URL: 'postgres://db/x' })).toThrow(/REDIS_URL is required with WEB_WORKERS > 1/);
    expect(parseEnv({}).WEB_WORKERS).toBe(1);
  });
});

describe.skipIf(skipReason !== null)(`two web workers on one port${skipReason ? ` [skipped: ${skipReason}]` : ''}`, () => {
  let server: ServerProcess;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const prefix = uniqueRedisPrefix('web-workers');

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!);
    server = await startServer({
      env: {
        DATABASE_URL: scratch.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        WEB_WORKERS: '2',
        MEDIA_ANALYSIS_WORKERS: '0',
      },
    });
    // /api/health answers once one worker listens: wait for the second.
    const deadline = Date.now() + 60_000;
    while ((server.logs().match(/Créathèque prête/g) ?? []).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
  }, 90_000);

  afterAll(async () => {
    await stopAllServers();
    await scratch?.drop();
    await dropRedisNamespace(prefix);
  });

  it('answers from both workers, and a write on one shows on the next answer of the other', async () => {
    expect(workerPidsOf(server.child.pid!)).toHaveLength(2);
    const gallery = JSON.parse((await getOnNewConnection(`${server.baseUrl}/api/creatives`, 'ww-gallery')).body) as {
      items: { id: string; likes: number }[];
    };
    const target = gallery.items[0]!;
    const detailUrl = `${server.baseUrl}/api/creatives/${target.id}`;
    const likesSeen = async (round: string) => {
      const ids = Array.from({ length: 6 }, (_, i) => `ww-${round}-${i}`);
      const answers = [];
      // One after the other: each on a new connection, given to the workers in turn.
      for (const id of ids) answers.push(await getOnNewConnection(detailUrl, id));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      return { likes: answers.map((a) => (JSON.parse(a.body) as { likes: number }).likes), ids };
    };
    // Both workers answer the anonymous detail, and keep it in their response caches.
    const before = await likesSeen('before');
    expect(new Set(before.likes)).toEqual(new Set([target.likes]));
    expect(workersOf(server.logs(), before.ids).size).toBe(2);

    const cookie = await loginTo(server.baseUrl, 'utilisateur@example.com');
    expect((await apiCall(server.baseUrl, cookie, 'POST', `/api/creatives/${target.id}/like`)).status).toBe(200);
    const after = await likesSeen('after');
    expect(after.likes).toEqual(Array.from({ length: 6 }, () => target.likes + 1));
    expect(workersOf(server.logs(), after.ids).size).toBe(2);
    // The session the first worker opened is known to both (one secret).
    const mine = [];
    for (let i = 0; i < 4; i++) mine.push((await apiCall(server.baseUrl, cookie, 'GET', '/api/me')).status);
    expect(mine).toEqual([200, 200, 200, 200]);
  });

  it('starts a worker again when it dies, and keeps answering meanwhile', async () => {
    const [first, second] = workerPidsOf(server.child.pid!);
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };
    process.kill(first!, 'SIGKILL');
    // Once the primary has seen it end, every connection goes to the other worker until the new one
    // listens (one handed to the dying worker before that is lost, as with any crash).
    await until(() => /processus de service \d arrêté \(signal SIGKILL\) : relancé dans 1 s/.test(server.logs()));
    for (const id of ['ww-alone-0', 'ww-alone-1']) {
      expect((await getOnNewConnection(`${server.baseUrl}/api/health`, id)).status).toBe(200);
    }
    await until(() => (server.logs().match(/Créathèque prête/g) ?? []).length >= 3);
    const workers = workerPidsOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    expect(workers).toContain(second);
    expect(workers).not.toContain(first);
    const ids = Array.from({ length: 4 }, (_, i) => `ww-restarted-${i}`);
    for (const id of ids) expect((await getOnNewConnection(`${server.baseUrl}/api/creatives`, id)).status).toBe(200);
    expect(workersOf(server.logs(), ids).size).toBe(2);
  }, 40_000);

  it('stops both workers gracefully on SIGTERM to the primary', async () => {
    const workers = workerPidsOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
    expect(server.logs().match(/arrêt terminé/g)?.length).toBe(3);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 40_000);
});
