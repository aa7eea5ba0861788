/**
 * Starts the built server (node dist-server/index.js) as the app runs in production, on a free
 * port of 127.0.0.1, and reads its memory from /proc. The process is spawned with node directly
 * (not npm) so the pid we watch is the server's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { BenchTarget } from '../scale/target';
import { startCommand } from '../start-command';

/**
 * The server runs as `npm start` runs it (package.json, read by ../start-command.ts): V8's young
 * generation capped at 8 MB a semi-space, which keeps the peak RSS under load within 300 MB at 1M
 * creatives, and glibc's mmap threshold held at its default (docs/benchmarks.md).
 */
const START = startCommand();

export interface RunningServer {
  origin: string;
  pid: number;
  startupMs: number;
  logFile: string;
  rssMb(): number | null;
  /** Peak resident set of the process so far (VmHWM). */
  peakRssMb(): number | null;
  /** The server's process and, with WEB_WORKERS, its workers. */
  pids(): number[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The process and its descendants (WEB_WORKERS' forked workers), from /proc. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      const taskDir = `/proc/${tree[i]}/task`;
      for (const task of fs.readdirSync(taskDir)) {
        tree.push(...fs.readFileSync(`${taskDir}/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
      }
    } catch {
      // ended meanwhile
    }
  }
  return tree;
}

/** VmRSS or VmHWM of the server, summed over its processes (with WEB_WORKERS, the sum of each one's peak). */
function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  let kb = 0;
  for (const one of processTree(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${one}/status`, 'utf8');
      kb += Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    } catch {
      if (one === pid) return null;
    }
  }
  return kb ? Math.round(kb / 1024) : null;
}

/** /api/ready on a connection of its own (node:cluster hands connections to the workers in turn). */
function readyOnNewConnection(origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(`${origin}/api/ready`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      })
      .on('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(options: {
  entry: string;
  target: BenchTarget;
  noCache: boolean;
  logFile: string;
  readyTimeoutMs?: number;
  /** Extra variables (e.g. SEED=demo for the web benchmark). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.target.dataDir,
    SEED: 'none',
    AUTH_RATE_LIMIT: '100000',
    // The like storm is a deliberate flood (~110 likes a second per account): no write budget lets it through.
    WRITE_RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    ...START.env,
    ...(options.target.databaseUrl ? { DATABASE_URL: options.target.databaseUrl } : {}),
    // RESPONSE_CACHE=off turns off the shared response cache (server/cache/response-cache.ts).
    ...(options.noCache ? { RESPONSE_CACHE: 'off' } : {}),
    ...options.env,
    // BENCH_SERVER_ENV adds variables to the server's (e.g. `MEDIA_ANALYSIS_WORKERS=0`), space-separated.
    ...Object.fromEntries((process.env.BENCH_SERVER_ENV?.split(/\s+/).filter(Boolean) ?? []).map((pair) => pair.split(/=(.*)/s, 2))),
  };
  const workers = Number(env.WEB_WORKERS ?? 1);
  const log = fs.openSync(options.logFile, 'w');
  const started = performance.now();
  // BENCH_SERVER_FLAGS adds Node flags to the server's own (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
  const extraFlags = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...START.nodeFlags, ...extraFlags, options.entry], {
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });

  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (exited !== null) throw new Error(`server exited with code ${exited} before it was ready; see ${options.logFile}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${options.readyTimeoutMs ?? 180_000} ms; see ${options.logFile}`);
    }
    // With WEB_WORKERS, every worker must be ready: as many ready answers in a row, each on a new connection, as workers.
    let inARow = 0;
    while (inARow < workers && (await readyOnNewConnection(origin))) inARow += 1;
    if (inARow === workers) break;
    await sleep(50);
  }
  const startupMs = Math.round(performance.now() - started);
  const pid = child.pid!;

  return {
    origin,
    pid,
    startupMs,
    logFile: options.logFile,
    rssMb: () => procStatusMb(pid, 'VmRSS'),
    peakRssMb: () => procStatusMb(pid, 'VmHWM'),
    pids: () => processTree(pid),
    stop: async () => {
      if (exited !== null) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await done;
      clearTimeout(timer);
    },
  };
}
