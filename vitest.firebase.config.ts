import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * The Firebase suites: Auth on the Auth emulator, the security rules and the gateway contract on
 * the Firestore (and Storage) emulators. Each suite probes its emulators and reports itself skipped
 * with the reason when one is missing. One file at a time: they share the emulators' state.
 *
 *   npm run test:firebase      all three emulators through firebase-tools (Java 21 and Google's JARs)
 *   npm test                   stage "Firebase": the Auth emulator through firebase-tools, plus the
 *                              Firestore emulator of the Google Cloud CLI when it is installed
 */
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    name: 'firebase',
    environment: 'node',
    include: ['tests/firebase/**/*.test.ts', 'tests/contract/firebase.contract.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
