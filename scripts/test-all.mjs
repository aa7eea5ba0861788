#!/usr/bin/env node
/**
 * `npm test`: every suite this machine can run, in order, stopping at the first failure.
 *
 *   0. strict type-check of domain/, src/, server/, tests/   tsc -b (tsconfig.json's projects)
 *      and lint: import boundaries, hooks, a11y, formatting,  eslint . && prettier --check . &&
 *      no committed key or secret                             node scripts/secret-scan.mjs (npm run lint)
 *   1. unit, component and server-integration tests        vitest run: projects unit, web (PGlite in memory)
 *   2. the server-integration tests again on PostgreSQL    vitest --project unit; only when DATABASE_URL is set
 *   3. Firebase suites (vitest --project firebase)          the Auth emulator started by firebase-tools,
 *      plus the Google Cloud CLI's Firestore emulator when installed; suites whose emulator is
 *      missing (Storage here) print why and report themselves skipped
 *   4. production build + initial-JS budget                 vite build (web app and server), vitest --project budget
 *   5. browser journeys (headless Chromium)                 vitest --project e2e; skipped when
 *      Chromium is missing, except under CI where a missing Chromium is a failure
 *   6. short fault drills (bench/drill.ts)                 every drill of `npm run drill`, faults held 3 s,
 *      9 clients, nothing written; skipped without PostgreSQL's server binaries or redis-server
 *   7. browser journey of the Firebase build                vitest --project e2e-firebase: its own Auth and
 *      Firestore emulators, the demo seed, a VITE_BACKEND=firebase build (scripts/firebase/local-stack.ts);
 *      skipped without the Firestore emulator's JAR or Java, and like stage 5 without Chromium
 *
 * The vitest projects are those of vitest.config.ts. Plain Node ESM, no dependencies. Output of each
 * tool is streamed as it comes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFirestoreJar, javaMajorVersion, startFirestoreEmulator } from './firestore-emulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const isCI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** @type {{ name: string; status: 'passed' | 'failed' | 'skipped' | 'not run'; seconds?: number; note?: string }[]} */
const results = [];

function header(text) {
  const line = '═'.repeat(Math.max(20, Math.min(100, text.length + 4)));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Runs one command with inherited stdio; resolves to its exit code (1 on a signal or spawn error). */
function run(command, args, env) {
  return new Promise((resolve) => {
    console.log(`$ ${path.relative(root, command) || command} ${args.join(' ')}`);
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`could not start ${command}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      if (signal) console.error(`${path.basename(command)} was stopped by ${signal}`);
      resolve(code ?? 1);
    });
  });
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-test-report-'));
let reports = 0;

/**
 * Arguments that make a vitest run also write its results as JSON (to `file`), so that the summary
 * can name the tests that failed: the summary is the part of a long CI log that gets read.
 */
function vitestReportArgs() {
  const file = path.join(reportDir, `${++reports}.json`);
  return { file, args: ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`] };
}

/** A vitest step whose failures the summary names. */
function vitestStep(args, env) {
  const report = vitestReportArgs();
  return { command: bin('vitest'), args: [...args, ...report.args], env, report: report.file };
}

/** The failed tests of a vitest JSON report: 'file › test: first line of the error', at most 10. */
function failedTests(reportFile) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  } catch {
    return [];
  }
  const failed = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') failed.push(`${where}: ${firstLine(file.message)}`);
    for (const t of tests) failed.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  return failed.slice(0, 10);
}

function firstLine(text) {
  const line =
    String(text ?? '')
      // eslint-disable-next-line no-control-regex -- a terminal report's colour codes
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 240);
}

/** Runs the steps of one stage in order; records the stage; returns true when it passed. */
async function stage(name, steps, { printHeader = true } = {}) {
  if (printHeader) header(name);
  const started = Date.now();
  for (const step of steps) {
    const code = await run(step.command, step.args, step.env ?? process.env);
    if (code !== 0) {
      const failures = step.report ? failedTests(step.report) : [];
      results.push({ name, status: 'failed', seconds: (Date.now() - started) / 1000, note: `exit code ${code}`, failures });
      return false;
    }
  }
  results.push({ name, status: 'passed', seconds: (Date.now() - started) / 1000 });
  return true;
}

function skip(name, note) {
  header(name);
  console.log(`SKIPPED: ${note}`);
  results.push({ name, status: 'skipped', note });
}

function withoutDatabaseUrl() {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

const STAGES = {
  typecheck: 'Type-check (tsc -b, strict)',
  lint: 'Lint (eslint: boundaries, hooks, a11y; prettier --check; secret scan)',
  pglite: 'Unit, web and server tests (PGlite)',
  postgres: 'Server tests on PostgreSQL',
  firebase: 'Firebase suites (emulators)',
  build: 'Build + initial-JS budget',
  e2e: 'Browser journeys (e2e, Chromium)',
  drill: 'Fault drills, short (PostgreSQL, Redis, S3, an instance go away)',
  e2eFirebase: 'Browser journey, Firebase build',
};

async function main() {
  const started = Date.now();

  // tsconfig.json lists the projects (domain, node, web, test); -b checks each with its own types.
  if (!(await stage(STAGES.typecheck, [{ command: bin('tsc'), args: ['-b', 'tsconfig.json'] }]))) return finish(started);

  const lint = [
    { command: bin('eslint'), args: ['.'] },
    { command: bin('prettier'), args: ['--check', '.'] },
    { command: process.execPath, args: ['scripts/secret-scan.mjs'] },
  ];
  if (!(await stage(STAGES.lint, lint))) return finish(started);

  if (!(await stage(STAGES.pglite, [vitestStep(['run'], withoutDatabaseUrl())]))) return finish(started);

  if (process.env.DATABASE_URL) {
    const ok = await stage(`${STAGES.postgres} (PostgreSQL at ${redact(process.env.DATABASE_URL)})`, [
      vitestStep(['run', '--project', 'unit'], process.env),
    ]);
    if (!ok) return finish(started);
  } else {
    skip(
      STAGES.postgres,
      'the PostgreSQL pass is skipped because DATABASE_URL is unset (set it to postgres://… to run the server tests on PostgreSQL too)',
    );
  }

  if (!(await firebaseStage())) return finish(started);

  const built = await stage(STAGES.build, [
    { command: bin('vite'), args: ['build'] },
    { command: bin('vite'), args: ['build', '-c', 'vite.server.config.ts'] },
    vitestStep(['run', '--project', 'budget']),
  ]);
  if (!built) return finish(started);

  if (!(await browserStage(STAGES.e2e, 'e2e', withoutDatabaseUrl()))) return finish(started);

  const noDrill = drillServicesMissing();
  if (noDrill) skip(STAGES.drill, `the short fault drills are skipped: ${noDrill}`);
  else {
    const drill = ['bench/drill.ts', '--seconds', '3', '--users', '8', '--agencies', '1', '--no-write'];
    if (!(await stage(STAGES.drill, [{ command: bin('tsx'), args: drill, env: withoutDatabaseUrl() }]))) return finish(started);
  }

  const noFirestore = firestoreEmulatorMissing();
  if (noFirestore) skip(STAGES.e2eFirebase, `the Firebase journey is skipped: ${noFirestore}`);
  else await browserStage(STAGES.e2eFirebase, 'e2e-firebase', firebaseJourneyEnv());
  return finish(started);
}

/**
 * A browser stage (the vitest project `project`): skipped when Chromium is missing, except under CI
 * where that is a failure. Returns false when it failed.
 */
async function browserStage(name, project, env) {
  if (!fs.existsSync(chromiumPath)) {
    const why = `no Chromium at ${chromiumPath} (install Debian's chromium, or set CHROMIUM_PATH)`;
    if (isCI) {
      header(name);
      console.error(`FAILED: ${why}; under CI the browser journeys are required.`);
      results.push({ name, status: 'failed', note: `${why} (CI)` });
      return false;
    }
    skip(name, `skipped: ${why}`);
    return true;
  }
  return stage(name, [vitestStep(['run', '--project', project], env)]);
}

/** Why the fault drills cannot start their own services here, or null (bench/drill/services.ts). */
function drillServicesMissing() {
  const root = '/usr/lib/postgresql';
  const initdb = fs.existsSync(root) && fs.readdirSync(root).some((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')));
  if (!initdb) return `no PostgreSQL server binaries under ${root} (Debian's postgresql)`;
  const onPath = (name) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, name)));
  if (!onPath('redis-server')) return "no redis-server on PATH (Debian's redis-server)";
  if (!onPath('psql')) return 'no psql on PATH';
  return null;
}

/** Why the Firestore emulator of the Google Cloud CLI cannot run here, or null. */
function firestoreEmulatorMissing() {
  if (!findFirestoreJar())
    return 'no Firestore emulator JAR (Google Cloud CLI package google-cloud-cli-firestore-emulator, or FIRESTORE_EMULATOR_JAR)';
  const java = javaMajorVersion();
  if (java === null) return 'no Java runtime for the Firestore emulator';
  if (java < 11) return `Java ${java} is too old for the Firestore emulator (11 or later)`;
  return null;
}

/** The journey starts emulators of its own: addresses of others in the environment must not leak in. */
function firebaseJourneyEnv() {
  const env = { ...withoutDatabaseUrl(), NO_UPDATE_NOTIFIER: '1' };
  for (const name of [
    'FIRESTORE_EMULATOR_HOST',
    'FIREBASE_AUTH_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'STORAGE_EMULATOR_HOST',
  ]) {
    delete env[name];
  }
  return env;
}

/**
 * The Firebase suites with the Auth emulator of firebase-tools (pure JS, nothing downloaded: the
 * emulator UI is off in firebase.json) and, when the Google Cloud CLI's Firestore emulator is
 * installed, that one too (scripts/firestore-emulator.mjs). firebase-tools' own Firestore and
 * Storage emulators are not started: they are downloaded from Google and want Java 21.
 */
async function firebaseStage() {
  const env = { ...withoutDatabaseUrl(), NO_UPDATE_NOTIFIER: '1' };
  delete env.FIRESTORE_EMULATOR_HOST;
  delete env.FIREBASE_STORAGE_EMULATOR_HOST;
  delete env.STORAGE_EMULATOR_HOST;
  header(STAGES.firebase);
  const firestore = await startFirestoreEmulator({ log: (line) => console.log(`[firebase] ${line}`) });
  if ('reason' in firestore)
    console.log(`[firebase] Firestore emulator not available: ${firestore.reason}; its suites will say they are skipped`);
  else env.FIRESTORE_EMULATOR_HOST = firestore.hostPort;
  try {
    const report = vitestReportArgs();
    const suites = [JSON.stringify(bin('vitest')), 'run', '--project', 'firebase', ...report.args.map((a) => JSON.stringify(a))].join(' ');
    const ok = await stage(
      STAGES.firebase,
      [
        {
          command: bin('firebase'),
          args: ['emulators:exec', '--only', 'auth', '--project', 'demo-creatheque', suites],
          env,
          report: report.file,
        },
      ],
      { printHeader: false },
    );
    const last = results[results.length - 1];
    if (last && ok) {
      last.note = `Auth emulator; ${'reason' in firestore ? 'Firestore suites skipped (no Firestore emulator)' : 'Firestore emulator of the Google Cloud CLI'}; Storage rules skipped (no Storage emulator)`;
    }
    return ok;
  } finally {
    if (!('reason' in firestore)) await firestore.stop();
  }
}

function finish(started) {
  const recorded = new Set(results.map((r) => r.name.split(' (PostgreSQL at ')[0]));
  for (const name of Object.values(STAGES)) {
    if (!recorded.has(name)) results.push({ name, status: 'not run', note: 'an earlier stage failed' });
  }
  header(`Summary (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const width = Math.max(...results.map((r) => r.name.length));
  for (const r of results) {
    const time = r.seconds === undefined ? '' : ` ${r.seconds.toFixed(1)} s`;
    const mark = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP', 'not run': '----' }[r.status];
    console.log(`  ${mark}  ${r.name.padEnd(width)}${time}${r.note ? `  — ${r.note}` : ''}`);
    for (const failure of r.failures ?? []) console.log(`          ✗ ${failure}`);
  }
  fs.rmSync(reportDir, { recursive: true, force: true });
  const failed = results.some((r) => r.status === 'failed');
  console.log(failed ? '\nnpm test: FAILED' : '\nnpm test: OK');
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
