/**
 * `npm run seed:firebase`: the demo accounts and library in the Firebase emulators (scripts/firebase/demo-seed.ts).
 *
 *   FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 npm run seed:firebase [-- --media-dir DIR]
 *
 * Both variables are required: this clears and seeds emulators, never a real project. The project is
 * `demo-creatheque` (or GCLOUD_PROJECT). The media files go to dist-firebase/demo-media (the Firebase
 * build of `npm run start:firebase`), or to --media-dir (e.g. public/demo-media for `npm run dev:firebase`).
 */
import path from 'node:path';
import { DEMO_MEDIA_BASE, DEMO_PROJECT_ID, seedFirebaseDemo } from './demo-seed';

const root = path.resolve(import.meta.dirname, '../..');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const firestore = process.env.FIRESTORE_EMULATOR_HOST;
const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!firestore || !auth) {
  console.error(
    'seed:firebase seeds the local emulators only: set FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST ' +
      '(e.g. 127.0.0.1:8080 and 127.0.0.1:9099), or run `npm run start:firebase`, which starts, seeds and serves everything.',
  );
  process.exit(1);
}

const projectId = process.env.GCLOUD_PROJECT || DEMO_PROJECT_ID;
const mediaDir = path.resolve(root, option('--media-dir') ?? path.join('dist-firebase', DEMO_MEDIA_BASE));
const started = Date.now();
const summary = await seedFirebaseDemo({ projectId, hosts: { firestore, auth }, mediaDir });
console.log(
  `[seed:firebase] ${projectId}: ${summary.accounts.length} accounts, ${summary.members} members, ${summary.creatives} creatives ` +
    `(${summary.approved} approved, ${summary.pending} pending, ${summary.rejected} rejected), ${summary.likes} likes, ` +
    `${summary.comments} comments in ${((Date.now() - started) / 1000).toFixed(1)} s; media in ${path.relative(root, mediaDir) || mediaDir}, served at ${DEMO_MEDIA_BASE}/`,
);
for (const a of summary.accounts) console.log(`  ${a.role.padEnd(10)} ${a.email} / ${a.password}`);
