import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/**
 * A real S3-compatible server for tests: s3rver (npm) in a CHILD PROCESS, on 127.0.0.1 and a free
 * port, keeping its objects in a fresh temp folder, with one bucket created. One per test file
 * (or per scenario): any number of server processes can share it, as several instances share a
 * bucket in production — pass `env` to each (tests/helpers/server-process.ts startServer({ env })),
 * with a distinct S3_PREFIX when they must not see each other's media.
 *
 * Always stop() it (afterAll): the process is killed by its PID (SIGKILL, nothing to flush) and its
 * folder removed. stop() is idempotent. Killing it mid-test is how a test makes the store
 * unreachable (readiness, failed writes): `kill()` does that and keeps the folder for stop(). Should
 * the test process die without stopping it, s3rver exits by itself (its stdin closes); only its
 * temp folder (creatheque-s3rver-*) is then left.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The s3rver process's PID. */
  pid: number;
  /** MEDIA_STORE=s3 and the S3_* settings of a server process (or parseEnv in process) using this bucket. */
  env: Record<string, string>;
  /** Kills the process (the bucket becomes unreachable) and waits for its exit; the folder stays. */
  kill(): Promise<void>;
  /** Kills the process if it runs and removes its folder. */
  stop(): Promise<void>;
}

const HELPER = path.join(import.meta.dirname, 's3rver-process.mjs');
const START_TIMEOUT_MS = 20_000;
/** s3rver's fixed credentials: it checks request signatures against these. */
const S3RVER_KEY = 'S3RVER';

export async function startS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'creatheque-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-s3rver-'));
  // stdin stays open for the child's life: it exits when this process dies without stopping it.
  const child = spawn(process.execPath, [HELPER, directory, bucket], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let port: number;
  try {
    port = await firstLine(child, () => stderr);
  } catch (err) {
    await killAndWait(child);
    fs.rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    pid: child.pid!,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      ...(options.prefix ? { S3_PREFIX: options.prefix } : {}),
    },
    kill: () => killAndWait(child),
    async stop() {
      await killAndWait(child);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The port from the helper's first stdout line, or why it did not start. */
function firstLine(child: ChildProcess, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    const timer = setTimeout(() => fail(new Error(`s3rver did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (err: Error) => {
      clearTimeout(timer);
      lines.close();
      reject(new Error(`${err.message}\n${stderr()}`));
    };
    child.once('exit', (code) => fail(new Error(`s3rver exited with ${code}`)));
    child.once('error', fail);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      const port = (JSON.parse(line) as { port?: unknown }).port;
      if (typeof port === 'number') resolve(port);
      else reject(new Error(`s3rver printed ${line}`));
    });
  });
}

async function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(child.pid!, 'SIGKILL');
  } catch {
    return; // already gone
  }
  await exited;
}
