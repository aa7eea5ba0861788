import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * Every test suite, one Vitest project each (scripts/test-all.mjs runs them as the stages of `npm test`):
 *
 *   unit          domain, server-integration and tests/ (PGlite in memory,   vitest run
 *                 or the PostgreSQL server of DATABASE_URL)
 *   web           components and hooks in jsdom                               vitest run
 *   budget        the bundle-size budget; needs `vite build` first            vitest run --project budget
 *   firebase      Auth, security rules and the gateway contract on the        npm run test:firebase
 *                 emulators; a suite whose emulator is missing says so and
 *                 reports itself skipped
 *   e2e           browser journeys in headless Chromium against the           npm run test:e2e
 *                 production server; needs `npm run build` first
 *   e2e-firebase  the browser journey of the Firebase build on emulators      vitest run --project e2e-firebase
 *                 of its own
 *
 * `vitest run` without `--project` runs unit and web only (`defaultProjects`); any `--project` replaces
 * that default. Every project extends this root: the path aliases, the forks pool, the worker count.
 */

// Each server test file opens its own database (PGlite: WebAssembly, ~1–3 s and ~100 MB).
// On a 2-core CI machine, two workers keep both cores busy without thrashing.
const cpus = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
const maxWorkers = Math.max(1, Math.min(4, cpus <= 2 ? cpus : cpus - 1));

/**
 * The `--project` filter when the command line gives none. Vitest types it as a command-line option
 * only (UserConfig, not the config file's InlineConfig) but reads it from the config file alike, and
 * a `--project` on the command line replaces it.
 */
const defaultProjects: { project: string[] } = { project: ['unit', 'web'] };

const notHere = [
  '**/node_modules/**',
  'dist/**',
  'dist-server/**',
  'e2e/**',
  '**/*.e2e.ts',
  'tests/budget/**',
  // the project firebase: they need the emulators
  'tests/firebase/**',
  'tests/contract/firebase.contract.test.ts',
];

/** The browser journeys: one site and one browser, so files and tests run one after another. */
const oneAtATime = {
  fileParallelism: false,
  maxWorkers: 1,
  sequence: { concurrent: false },
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    ...defaultProjects,
    pool: 'forks',
    maxWorkers,
    // Root-only in Vitest 4 (not a project option): applies to every project.
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: notHere,
          // Database-backed tests: opening PGlite and hashing passwords (scrypt) take time.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: notHere,
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'budget',
          environment: 'node',
          include: ['tests/budget/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'firebase',
          environment: 'node',
          include: ['tests/firebase/**/*.test.ts', 'tests/contract/firebase.contract.test.ts'],
          // One file at a time: the suites share the emulators' state.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          // Starts the production server (dist-server/index.js) on demo data.
          globalSetup: ['e2e/support/server.ts'],
          ...oneAtATime,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-firebase',
          environment: 'node',
          include: ['e2e-firebase/**/*.e2e.ts'],
          // Starts `npm run start:firebase`'s stack (scripts/firebase/local-stack.ts): Auth and
          // Firestore emulators, the demo seed, a VITE_BACKEND=firebase build and a static server.
          globalSetup: ['e2e-firebase/support/setup.ts'],
          ...oneAtATime,
        },
      },
    ],
  },
});
