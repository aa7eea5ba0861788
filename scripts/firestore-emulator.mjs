/**
 * The Cloud Firestore emulator of the Google Cloud CLI, started directly with Java.
 *
 * firebase-tools downloads its own copy of this emulator from Google at first use and insists on
 * Java 21; neither is possible on our machines (no network but the npm registry, Debian 12 has
 * Java 17). Where the Google Cloud CLI's `google-cloud-cli-firestore-emulator` package is installed
 * (it is on our machine images), the same emulator runs from its JAR on Java 17, and the Firebase
 * suites use it through FIRESTORE_EMULATOR_HOST. Plain Node ESM, no dependencies.
 *
 *   node scripts/firestore-emulator.mjs        start it on 127.0.0.1:8080 (or a free port), with
 *                                              firestore.rules loaded for demo-creatheque, until Ctrl-C
 *
 * FIRESTORE_EMULATOR_JAR overrides the JAR's path.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SDK_ROOTS = [
  '/usr/lib/google-cloud-sdk',
  '/usr/share/google-cloud-sdk',
  '/opt/google-cloud-sdk',
  path.join(process.env.HOME ?? '/root', 'google-cloud-sdk'),
];
const JAR_IN_SDK = 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** The emulator's JAR, or null. */
export function findFirestoreJar() {
  const candidates = [process.env.FIRESTORE_EMULATOR_JAR, ...SDK_ROOTS.map((root) => path.join(root, JAR_IN_SDK))].filter(Boolean);
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

/** `java -version`'s major version, or null without Java. */
export function javaMajorVersion() {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function portAnswers(host, port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the emulator. Resolves to `{ host, port, hostPort, logFile, stop }` once it accepts connections,
 * or to `{ reason }` when it cannot run here (no JAR, no Java, did not start in time).
 */
export async function startFirestoreEmulator({ host = '127.0.0.1', port = 8080, timeoutMs = 60_000, log = () => {} } = {}) {
  const jar = findFirestoreJar();
  if (!jar)
    return {
      reason: `no Firestore emulator JAR (Google Cloud CLI package google-cloud-cli-firestore-emulator, or FIRESTORE_EMULATOR_JAR)`,
    };
  const java = javaMajorVersion();
  if (java === null) return { reason: 'no Java runtime (java -version failed)' };
  if (java < 11) return { reason: `Java ${java} is too old for the Firestore emulator (11 or later)` };
  if (await portAnswers(host, port)) port = await freePort(host);

  // Output to a log file, not a pipe: a pipe nobody drains (a parent blocked in a synchronous
  // call) would stall the emulator once its buffer is full.
  const logFile = path.join(os.tmpdir(), `creatheque-firestore-emulator-${process.pid}-${port}.log`);
  const fd = fs.openSync(logFile, 'w');
  const child = spawn('java', ['-Duser.language=en', '-cp', jar, MAIN_CLASS, 'start', `--host=${host}`, `--port=${port}`], {
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const output = () => {
    try {
      return fs.readFileSync(logFile, 'utf8').slice(-4000);
    } catch {
      return '';
    }
  };
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        fs.rmSync(logFile, { force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) return { reason: `the Firestore emulator exited at start-up: ${output().trim().split('\n').slice(-3).join(' / ')}` };
    if (/Dev App Server is now running/.test(output()) && (await portAnswers(host, port))) {
      log(`Firestore emulator (${path.basename(jar)}, Java ${java}) on ${host}:${port}, log in ${logFile}`);
      return { host, port, hostPort: `${host}:${port}`, logFile, stop };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  return { reason: `the Firestore emulator did not start within ${timeoutMs / 1000} s` };
}

/** Loads security rules into the emulator for a project (what firebase-tools does with firestore.rules). */
export async function loadFirestoreRules(hostPort, projectId, rules) {
  const res = await fetch(`http://${hostPort}/emulator/v1/projects/${encodeURIComponent(projectId)}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!res.ok) throw new Error(`the emulator refused the rules (${res.status}): ${(await res.text()).slice(0, 500)}`);
}

/** Deletes every document of a project in the emulator (its REST endpoint; a real project has none). */
export async function clearFirestoreEmulator(hostPort, projectId) {
  const url = `http://${hostPort}/emulator/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents`;
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`could not clear ${url}: HTTP ${res.status} ${(await res.text()).slice(0, 500)}`);
}

// Run directly: keep the emulator up, with firestore.rules loaded for demo-creatheque, until interrupted.

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = await startFirestoreEmulator({ log: console.log });
  if ('reason' in started) {
    console.error(`Firestore emulator not available: ${started.reason}`);
    process.exitCode = 1;
  } else {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const projectId = process.env.GCLOUD_PROJECT || 'demo-creatheque';
    await loadFirestoreRules(started.hostPort, projectId, fs.readFileSync(path.join(root, 'firestore.rules'), 'utf8'));
    console.log(`firestore.rules loaded for project ${projectId}`);
    console.log(`export FIRESTORE_EMULATOR_HOST=${started.hostPort}`);
    const shutdown = () => started.stop().then(() => process.exit(0));
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  }
}
