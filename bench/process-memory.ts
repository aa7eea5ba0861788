import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server';
import { exitOf, loginTo, serverEnv, waitForHealth } from '../tests/helpers/server-process';
import { startCommand } from './start-command';

export const MB = 1024 * 1024;

/** VmRSS / VmHWM of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** A built server started for a memory bench, signed in as the demo admin. */
export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
  cookie: string;
  dataDir: string;
}

/**
 * Runs `use` against the built server `serverPath` on a fresh DATA_DIR (PGlite, the demo accounts),
 * signed in as the admin; the server is killed and its DATA_DIR removed afterwards.
 */
export async function withBenchServer<T>(
  serverPath: string,
  extraEnv: Record<string, string>,
  use: (server: BenchServer) => Promise<T>,
  /** A DATA_DIR to start from (copied, never changed): the server seeds nothing. */
  template?: string,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-bench-memory-'));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Started as `npm start` starts it (package.json).
  const start = startCommand();
  const child = spawn(process.execPath, [...start.nodeFlags, serverPath], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: serverEnv(port, dataDir, {
      SEED: template ? 'none' : 'demo',
      LOG_LEVEL: 'warn',
      WRITE_RATE_LIMIT: 'off',
      ...start.env,
      ...extraEnv,
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, child, 120_000);
    return await use({ child, baseUrl, cookie: await loginTo(baseUrl, 'admin@example.com'), dataDir });
  } finally {
    child.kill('SIGKILL');
    await exitOf(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * How far the server's memory rose while `work` ran: the kernel's peak-RSS mark is reset first
 * (`echo 5 > /proc/PID/clear_refs`), then VmHWM after − VmRSS before.
 */
export async function peakGrowthDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number; growth: number }> {
  await new Promise((r) => setTimeout(r, 500));
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = memoryOf(pid);
  const result = await work();
  const after = memoryOf(pid);
  return { result, before: before.rss, peak: after.peak, growth: after.peak - before.rss };
}
