import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probeRedis, TEST_REDIS_URL } from '@server/redis/test-redis';
import { freePort } from '../../e2e/support/server';

/**
 * The real server as its own process (sources through tsx's loader), for tests about what happens
 * to a process: signals, crashes, restarts. Each server is stopped (SIGKILL of its process group)
 * and its DATA_DIR removed by `stopAllServers()`, to be called in `afterEach`.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  logs(): string;
}

const running: ChildProcess[] = [];
const dataDirs = new Set<string>();

/** Environment of a server child: embedded PGlite unless `extra` gives a DATABASE_URL. */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  // A test that wants Redis passes REDIS_URL with a namespace of its own: servers sharing the default one would share limits.
  delete env.REDIS_URL;
  delete env.REDIS_PREFIX;
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  return { ...env, ...extra };
}

export async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Starts a server on a new DATA_DIR, or on `dataDir` again (a restart), and waits until it answers. */
export async function startServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-process-'));
  dataDirs.add(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir, { SEED: 'demo', ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let logs = '';
  child.stdout!.on('data', (c: Buffer) => (logs += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (logs += c.toString()));
  running.push(child);
  try {
    await waitForHealth(baseUrl, child, 60_000);
  } catch (err) {
    // What the server said before it died or hung: the test's failure shows it.
    throw new Error(`${(err as Error).message}; its last logs:\n${logs.slice(-3000)}`, { cause: err });
  }
  return { child, baseUrl, dataDir, logs: () => logs };
}

/** SIGKILL to the server's whole process group: no handler runs, as in a crash or an OOM kill. */
export async function killHard(child: ChildProcess): Promise<void> {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await exitOf(child);
}

/** Registers a directory (or spawned process) to be cleaned by stopAllServers. */
export function track(entry: { dataDir?: string; child?: ChildProcess }): void {
  if (entry.dataDir) dataDirs.add(entry.dataDir);
  if (entry.child) running.push(entry.child);
}

export async function stopAllServers(): Promise<void> {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) await killHard(child);
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

/** POST /api/auth/login with the demo password; the session as a Cookie header value. */
export async function loginTo(baseUrl: string, email: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One API request as the web app sends it (the session cookie, its Origin); the status and JSON body. */
export async function apiCall(
  baseUrl: string,
  cookie: string,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      cookie,
      origin: baseUrl,
      ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as { id?: string } | null };
}

/** Creates an account (POST /api/auth/register); its session as a Cookie header value. */
export async function registerOn(baseUrl: string, email: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: JSON.stringify({ email, password: 'demo1234', confirmPassword: 'demo1234', firstName: 'Essai', lastName: 'Instances' }),
  });
  if (res.status !== 201) throw new Error(`registration of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The bytes and content type a browser would send for this form. */
export async function encodeForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/**
 * Why server processes sharing PostgreSQL and Redis cannot be tested here (printed as a warning,
 * the suite then skipped), or null: they need DATABASE_URL (the PostgreSQL pass of npm test) and a
 * Redis answering.
 */
export async function sharedServicesSkipReason(suite: string): Promise<string | null> {
  const redis = await probeRedis();
  const reason = !process.env.DATABASE_URL
    ? 'needs PostgreSQL (DATABASE_URL): the second pass of npm test sets it'
    : !redis.ok
      ? `needs Redis at ${TEST_REDIS_URL} (REDIS_URL)${redis.skipped}`
      : null;
  if (reason) console.warn(`${suite} skipped: ${reason}`);
  return reason;
}
