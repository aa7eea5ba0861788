import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * Browser journeys in headless Chromium against the production server (e2e/support/server.ts).
 * Needs `vite build` first: `npm run test:e2e` builds, then runs this config.
 */
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/server.ts'],
    // One server, one browser at a time: files and tests run one after another.
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
