/**
 * The orchestrator's own HTTP: sign-in, discovery of ids and cursors, sequential timings, and
 * the spawning of a runner process per autocannon run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult, RunSpec } from './spec';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNNER = path.join(here, 'runner.ts');

export class Api {
  constructor(readonly origin: string) {}

  async json<T>(pathname: string, init: { cookie?: string; method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(this.origin + pathname, {
      method: init.method ?? 'GET',
      headers: {
        // The API refuses state-changing requests from foreign origins (CSRF check).
        origin: this.origin,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname} → ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }

  /** POST /api/auth/login; returns the Cookie header to send back. */
  async login(email: string, password: string): Promise<string> {
    const res = await fetch(`${this.origin}/api/auth/login`, {
      method: 'POST',
      headers: { origin: this.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`login ${email} → ${res.status}`);
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (!cookies.length) throw new Error(`login ${email}: no session cookie`);
    return cookies.join('; ');
  }

  /** Wall time of one full request (headers and body), in ms. */
  async time(pathname: string, cookie?: string): Promise<{ ms: number; status: number }> {
    const started = performance.now();
    const res = await fetch(this.origin + pathname, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  }
}

/**
 * Waits until /api/ready, which queries the database, answers within 100 ms, at most `maxMs`
 * (a slow URL leaves up to one request per connection queued; the next health run then shares
 * the machine with their tail, which the ratio accounts for since both are measured together).
 * Returns the time waited, in ms.
 */
export async function settle(api: Api, maxMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < maxMs) {
    const t = await api.time('/api/ready');
    if (t.ms < 100) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return Math.round(performance.now() - started);
}

/** Runs autocannon in a child process (tsx loader) and returns its figures. */
export async function runLoad(spec: RunSpec, killAfterMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Belt and braces: a runner that hangs is killed, the run reports what it could.
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`runner exited with ${code}: ${err.slice(-500)}`));
      try {
        resolve(JSON.parse(out) as RunResult);
      } catch {
        reject(new Error(`runner printed no result: ${out.slice(0, 200)} ${err.slice(-300)}`));
      }
    });
    child.stdin.end(JSON.stringify(spec));
  });
}
