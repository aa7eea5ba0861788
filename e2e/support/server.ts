import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { stopProcessGroup } from '../../scripts/stop-process-group';

/**
 * globalSetup of the e2e suite: starts the production server the way `npm start` runs it after
 * the build (`node dist-server/index.js`, serving dist/), on a free port, with a fresh DATA_DIR seeded
 * with the demo content, always on embedded PGlite. Assumes `npm run build` already ran.
 * Tests read the address with `inject('baseUrl')`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234 (no trailing slash) */
    baseUrl: string;
    /** The server's DATA_DIR (PGlite database + media); removed after the run. */
    e2eDataDir: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

/** Variables that would make the child differ from a plain `npm start` on this machine. */
const DROPPED_ENV = [
  'DATABASE_URL', // the e2e server always runs on embedded PGlite
  'PUBLIC_URL', // must match the address the browser uses
  'NODE_ENV', // vitest sets 'test', which relaxes better-auth's origin checks
  'TEST',
  'REGISTRATION_WEBHOOK_URL',
  'SUBMISSION_WEBHOOK_URL',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function childEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of DROPPED_ENV) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
  // Every journey signs in from 127.0.0.1: allow more attempts per minute than a real client needs.
  return { ...env, PORT: String(port), DATA_DIR: dataDir, SEED: 'demo', HOST: '127.0.0.1', AUTH_RATE_LIMIT: '600' };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before answering ${url}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${lastError})`);
}

export default async function setup(project: TestProject) {
  const indexHtml = path.join(root, 'dist', 'index.html');
  if (!fs.existsSync(indexHtml)) {
    console.warn(`[e2e] ${indexHtml} is missing: run "npm run build" first (npm run test:e2e does).`);
  }
  if (!fs.existsSync(path.join(root, 'dist-server', 'index.js'))) {
    throw new Error('[e2e] dist-server/index.js is missing: run "npm run build" first (npm run test:e2e does).');
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'creatheque-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const started = Date.now();

  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/index.js'], {
    cwd: root,
    env: childEnv(port, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    logs.push(chunk.toString('utf8'));
    if (process.env.E2E_SERVER_LOGS) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));

  const cleanup = async () => {
    await stopProcessGroup(child, {
      timeoutMs: STOP_TIMEOUT_MS,
      onKill: (pid) => console.warn(`[e2e] server ${pid} still running after ${STOP_TIMEOUT_MS / 1000} s: SIGKILL`),
    });
    await fsp.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await Promise.race([waitForHealth(`${baseUrl}/api/health`, child, READY_TIMEOUT_MS), spawnError]);
  } catch (err) {
    console.error(`[e2e] the server did not start: ${err instanceof Error ? err.message : String(err)}`);
    console.error(`[e2e] server logs:\n${logs.join('') || '(none)'}`);
    await cleanup();
    throw err;
  }
  console.log(`[e2e] server ready on ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid}, data ${dataDir})`);

  project.provide('baseUrl', baseUrl);
  project.provide('e2eDataDir', dataDir);

  return async () => {
    await cleanup();
    // Kept for post-mortems of failed journeys (set E2E_SERVER_LOGS=1 to stream them instead).
    const logFile = path.join(os.tmpdir(), 'creatheque-e2e-server.log');
    await fsp.writeFile(logFile, logs.join(''));
    console.log(`[e2e] server stopped; its logs: ${logFile}`);
  };
}
