#!/usr/bin/env node
/**
 * `npm run deploy:firebase [-- --project <id>] [--only <targets>] [--print]`
 *
 * Builds the web app for the Firebase mode and deploys it with its security rules and indexes:
 *
 *   1. checks the build settings (VITE_FIREBASE_* from the environment or .env.production[.local]):
 *      a project id and an API key, no emulators, and webhook origins allowed by the hosting CSP;
 *   2. `vite build` with VITE_BACKEND=firebase (the web app only: there is no server of ours);
 *   3. `firebase deploy --only firestore:rules,firestore:indexes,storage,hosting --project <id>`
 *      (the project of the build unless --project says otherwise).
 *
 * `--print` shows the steps without running them. Needs `npx firebase login` once (README).
 * Plain Node ESM; vite's loadEnv reads the .env files the build will read.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOY_TARGETS = 'firestore:rules,firestore:indexes,storage,hosting';

const truthy = (v) => Boolean(v) && !['0', 'false', 'no'].includes(String(v).trim().toLowerCase());

function argValue(argv, name) {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** connect-src of the hosting CSP in firebase.json (the document headers). */
export function hostingConnectSources(firebaseJson) {
  for (const rule of firebaseJson.hosting?.headers ?? []) {
    for (const header of rule.headers ?? []) {
      if (header.key.toLowerCase() !== 'content-security-policy') continue;
      const directive = header.value
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('connect-src '));
      return directive ? directive.split(/\s+/).slice(1) : [];
    }
  }
  return [];
}

/**
 * What a deployment would do with these settings: the problems that stop it, and the steps.
 * `env` is the build's view of the variables (process env over the .env files).
 */
export function deployPlan({ env, argv, firebaseJson }) {
  const problems = [];
  const projectId = (env.VITE_FIREBASE_PROJECT_ID ?? '').trim();
  if (!projectId)
    problems.push('VITE_FIREBASE_PROJECT_ID is not set (the web app config of your Firebase project: README, "Firebase mode").');
  if (!(env.VITE_FIREBASE_API_KEY ?? '').trim()) problems.push('VITE_FIREBASE_API_KEY is not set.');
  if (truthy(env.VITE_FIREBASE_EMULATORS))
    problems.push('VITE_FIREBASE_EMULATORS is set: a deployed site must not talk to local emulators.');
  const allowed = hostingConnectSources(firebaseJson);
  for (const name of ['VITE_REGISTRATION_WEBHOOK_URL', 'VITE_SUBMISSION_WEBHOOK_URL']) {
    const url = (env[name] ?? '').trim();
    if (!url) continue;
    const origin = new URL(url).origin;
    if (!allowed.includes(origin))
      problems.push(
        `${name} posts to ${origin}, which firebase.json's Content-Security-Policy (connect-src) does not allow: add it there.`,
      );
  }
  const project = argValue(argv, '--project') ?? projectId;
  const only = argValue(argv, '--only') ?? DEPLOY_TARGETS;
  const steps = [
    { command: 'npx', args: ['vite', 'build'], env: { VITE_BACKEND: 'firebase' } },
    { command: 'npx', args: ['firebase', 'deploy', '--only', only, '--project', project], env: {} },
  ];
  return { problems, steps };
}

function main() {
  const argv = process.argv.slice(2);
  const firebaseJson = JSON.parse(fs.readFileSync(path.join(root, 'firebase.json'), 'utf8'));
  const env = { ...loadEnv('production', root, 'VITE_'), ...process.env };
  const { problems, steps } = deployPlan({ env, argv, firebaseJson });
  if (problems.length) {
    for (const p of problems) console.error(`deploy:firebase: ${p}`);
    process.exitCode = 1;
    return;
  }
  for (const step of steps) {
    const shown = `${Object.entries(step.env)
      .map(([k, v]) => `${k}=${v} `)
      .join('')}${step.command} ${step.args.join(' ')}`;
    console.log(`$ ${shown}`);
    if (argv.includes('--print')) continue;
    const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
    if (run.status !== 0) {
      process.exitCode = run.status ?? 1;
      return;
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
