import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * `vitest run` = every unit, component and server-integration test (PGlite in memory, or the
 * PostgreSQL server of DATABASE_URL). Not here: the bundle-size budget (vitest.budget.config.ts,
 * needs a build), the browser journeys (vitest.e2e.config.ts, needs a build and Chromium) and the
 * Firebase suites (vitest.firebase.config.ts, need the emulators).
 */

// Each server test file opens its own database (PGlite: WebAssembly, ~1–3 s and ~100 MB).
// On a 2-core CI machine, two workers keep both cores busy without thrashing.
const cpus = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
const maxWorkers = Math.max(1, Math.min(4, cpus <= 2 ? cpus : cpus - 1));

const notHere = [
  '**/node_modules/**',
  'dist/**',
  'dist-server/**',
  'e2e/**',
  '**/*.e2e.ts',
  'tests/budget/**',
  // Firebase suites need the emulators: vitest.firebase.config.ts
  'tests/firebase/**',
  'tests/contract/firebase.contract.test.ts',
];

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    pool: 'forks',
    maxWorkers,
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
    ],
  },
});
