import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalFirebase } from '../../scripts/firebase/local-stack';

/**
 * globalSetup of the Firebase journey: `npm run start:firebase`'s stack (emulators on ports of its
 * own, rules, demo seed, the Firebase build in a temporary folder, a static server on a free port).
 * Tests read the site with `inject('baseUrl')` (as e2e/support/browser.ts does).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the journey's Firestore emulator. */
    firestoreHost: string;
    /** host:port of the journey's Auth emulator (a gateway in Node signs in there). */
    authHost: string;
    /** The built site's folder (a test may add a file the static server then serves). */
    siteDir: string;
    /** Why no Storage emulator runs (uploads are then disabled), or '' when one does. */
    noStorage: string;
  }
}

export default async function setup(project: TestProject) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-e2e-firebase-'));
  const started = Date.now();
  const stack = await startLocalFirebase({ outDir, port: 0, log: (line) => console.log(`[e2e-firebase] ${line}`) }).catch(
    (err: unknown) => {
      fs.rmSync(outDir, { recursive: true, force: true });
      throw err;
    },
  );
  console.log(`[e2e-firebase] ${stack.url} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('baseUrl', stack.url);
  project.provide('firestoreHost', stack.hosts.firestore);
  project.provide('authHost', stack.hosts.auth);
  project.provide('siteDir', outDir);
  project.provide('noStorage', stack.noStorage ?? '');
  return async () => {
    await stack.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  };
}
