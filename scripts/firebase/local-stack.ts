import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { javaMajorVersion, loadFirestoreRules, startFirestoreEmulator } from '../firestore-emulator.mjs';
import { DEMO_MEDIA_BASE, DEMO_PROJECT_ID, seedFirebaseDemo, type EmulatorHosts, type FirebaseSeedSummary } from './demo-seed';
import { serveStatic } from './static-server';
import { stopProcessGroup } from '../stop-process-group';

/**
 * The Firebase mode on this machine, in one call (`npm run start:firebase`, the Firebase browser
 * journey): the Auth emulator (firebase-tools), the Firestore emulator (the Google Cloud CLI's JAR,
 * else firebase-tools' own where it can run), the Storage emulator where one can run, the rules,
 * the demo seed, a `VITE_BACKEND=firebase` build pointed at those emulators, and a static server.
 *
 * Every emulator started here is ours: a port already taken (say another Auth emulator on 9099) is
 * left alone and a free one used instead, written into a generated firebase.json and into the build,
 * so seeding (which clears the project) never touches someone else's emulator.
 */

const root = path.resolve(import.meta.dirname, '../..');
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 90_000;
const DEFAULT_PORTS = { auth: 9099, firestore: 8080, storage: 9199 } as const;

export interface LocalFirebaseOptions {
  /** Build output (emptied): the app, and the demo media under DEMO_MEDIA_BASE. */
  outDir: string;
  /** Port of the site; 0 for any free one. */
  port: number;
  projectId?: string;
  log?: (line: string) => void;
}

export interface LocalFirebase {
  url: string;
  projectId: string;
  hosts: EmulatorHosts;
  /** Why there is no Storage emulator (uploads are then disabled in the app), or null when it runs. */
  noStorage: string | null;
  seed: FirebaseSeedSummary;
  stop: () => Promise<void>;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The usual port when nothing answers there, else a free one. */
async function portFor(preferred: number): Promise<number> {
  return (await portAnswers(preferred)) ? freePort() : preferred;
}

/**
 * Why firebase-tools' Storage emulator cannot run here, or null. It needs its rules runtime, a JAR
 * firebase-tools downloads from Google at first use into its cache: without it (no network but the
 * npm registry on our machines), `emulators:start` would fail.
 */
function storageUnavailable(): string | null {
  const cache = process.env.FIREBASE_EMULATORS_PATH || path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  const jar = fs.existsSync(cache) && fs.readdirSync(cache).find((f) => /^cloud-storage-rules-runtime.*\.jar$/.test(f));
  if (!jar) return `firebase-tools has no Storage rules runtime in ${cache} (it is downloaded from Google at first use)`;
  if ((javaMajorVersion() ?? 0) < 11) return 'no Java 11 or later for the Storage emulator';
  return null;
}

/** Runs a command to completion; rejects with the end of its output when it fails. */
function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} failed (${code}):\n${output.slice(-3000)}`)),
    );
  });
}

interface FirebaseToolsEmulators {
  ports: Partial<Record<keyof typeof DEFAULT_PORTS, number>>;
  stop: () => Promise<void>;
}

/**
 * firebase-tools' `emulators:start` for the given emulators, from a generated firebase.json in a
 * temporary folder (its ports, no UI), until every port answers.
 */
async function startFirebaseTools(
  only: (keyof typeof DEFAULT_PORTS)[],
  projectId: string,
  log: (line: string) => void,
): Promise<FirebaseToolsEmulators> {
  const ports: FirebaseToolsEmulators['ports'] = {};
  for (const name of only) ports[name] = await portFor(DEFAULT_PORTS[name]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-firebase-'));
  const emulators = Object.fromEntries(only.map((name) => [name, { host: HOST, port: ports[name] }]));
  const config = {
    ...(only.includes('storage') ? { storage: { rules: path.join(root, 'storage.rules') } } : {}),
    emulators: { ...emulators, ui: { enabled: false }, singleProjectMode: true },
  };
  fs.writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config, null, 2));
  const logFile = path.join(dir, 'emulators.log');
  const fd = fs.openSync(logFile, 'w');
  const firebase = path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const child = spawn(
    process.execPath,
    [firebase, 'emulators:start', '--only', only.join(','), '--project', projectId, '--config', path.join(dir, 'firebase.json')],
    { cwd: dir, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' }, stdio: ['ignore', fd, fd], detached: true },
  );
  fs.closeSync(fd);
  const stop = async () => {
    await stopProcessGroup(child);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const answering = await Promise.all(only.map((name) => portAnswers(ports[name]!)));
    if (answering.every(Boolean) && /All emulators ready/.test(fs.readFileSync(logFile, 'utf8'))) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const tail = fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-8).join('\n');
      await stop();
      throw new Error(`firebase-tools could not start the ${only.join(', ')} emulator(s):\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`firebase-tools: ${only.map((name) => `${name} on ${HOST}:${ports[name]}`).join(', ')}`);
  return { ports, stop };
}

/** The Vite build of the Firebase mode, pointed at these emulators. */
async function buildFirebaseApp(outDir: string, projectId: string, ports: Record<string, number | undefined>, storage: boolean) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_EMULATORS: HOST,
    VITE_FIREBASE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_FIREBASE_STORAGE_EMULATOR: storage ? 'on' : 'off',
    ...(ports.storage ? { VITE_FIREBASE_STORAGE_EMULATOR_PORT: String(ports.storage) } : {}),
  };
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  await runToEnd(process.execPath, [vite, 'build', '--mode', 'firebase', '--outDir', outDir, '--emptyOutDir'], env);
}

export async function startLocalFirebase(options: LocalFirebaseOptions): Promise<LocalFirebase> {
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  const log = options.log ?? (() => {});
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((err: unknown) => console.error(err));
  };
  try {
    const firestore = await startFirestoreEmulator({ port: await portFor(DEFAULT_PORTS.firestore), log });
    if (!('reason' in firestore)) cleanups.push(firestore.stop);
    else log(`Google Cloud CLI's Firestore emulator not available (${firestore.reason}): trying firebase-tools' own`);
    const noStorage = storageUnavailable();
    const only = ['auth' as const, ...('reason' in firestore ? ['firestore' as const] : []), ...(noStorage ? [] : ['storage' as const])];
    const tools = await startFirebaseTools(only, projectId, log);
    cleanups.push(tools.stop);
    const ports = { ...tools.ports, firestore: 'reason' in firestore ? tools.ports.firestore! : firestore.port };
    const hosts: EmulatorHosts = { firestore: `${HOST}:${ports.firestore}`, auth: `${HOST}:${ports.auth}` };
    if (noStorage) log(`no Storage emulator: ${noStorage}; uploads are disabled in this build`);
    await loadFirestoreRules(hosts.firestore, projectId, fs.readFileSync(path.join(root, 'firestore.rules'), 'utf8'));

    let started = Date.now();
    await buildFirebaseApp(options.outDir, projectId, ports, !noStorage);
    log(
      `built the Firebase app into ${path.relative(root, options.outDir) || options.outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    started = Date.now();
    const seed = await seedFirebaseDemo({ projectId, hosts, mediaDir: path.join(options.outDir, DEMO_MEDIA_BASE) });
    log(
      `seeded ${seed.creatives} creatives and ${seed.accounts.length + seed.members} users in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const site = await serveStatic(options.outDir, { host: HOST, port: options.port });
    cleanups.push(site.close);
    return { url: site.url, projectId, hosts, noStorage, seed, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
