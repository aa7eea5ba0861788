import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * The browser journey of the Firebase build (issue 16): e2e-firebase/support/setup.ts starts the
 * Auth and Firestore emulators, seeds them, builds the app with VITE_BACKEND=firebase and serves it
 * (scripts/firebase/local-stack.ts, the code of `npm run start:firebase`); the journey drives
 * headless Chromium with the helpers of e2e/support/browser.ts. A stage of `npm test`.
 */
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    name: 'e2e-firebase',
    environment: 'node',
    include: ['e2e-firebase/**/*.e2e.ts'],
    globalSetup: ['e2e-firebase/support/setup.ts'],
    // One site and one browser: the steps run in order, each building on the previous one.
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
