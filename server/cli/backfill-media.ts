/**
 * npm run media:backfill
 * Makes the responsive AVIF/WebP variants of the media stored before they existed (issue 13), the
 * link-preview JPEGs (`…-og.jpg`, Open Graph / Twitter cards) of those stored before them, then the
 * fingerprints of the creatives stored before duplicate detection (issue 18: SHA-256 and dHash).
 * Reads DATA_DIR and DATABASE_URL the way the server does. On PostgreSQL it can run while the
 * server runs; the embedded PGlite database opens in one process only: stop the server first.
 * Interrupted, it can be started again: it goes on with what is left.
 */
import path from 'node:path';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { mediaStoreOf } from '../media/media-store-of';
import { backfillFingerprints } from '../services/fingerprint-backfill';
import { backfillImageVariants, backfillOpenGraphImages } from '../services/media-backfill';
import { errorMessage, fail, loadCommandEnv } from './cli-output';

async function main() {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    process.stdout.write('Usage : npm run media:backfill\n');
    return;
  }
  const { env, dataDir } = loadCommandEnv();
  // PGlite: refuses to run beside a server on the same DATA_DIR (the lock says which process).
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'db') });
  try {
    const store = mediaStoreOf({ env, dataDir });
    const summary = await backfillImageVariants(database.db, store, {
      onProgress: (s) => process.stdout.write(`… ${s.made} média(s) traité(s)\n`),
    });
    process.stdout.write(
      `Variantes responsive : ${summary.made} média(s) traité(s)` +
        (summary.missing ? `, ${summary.missing} sans fichier image (ignoré(s))` : '') +
        '.\n',
    );
    const previews = await backfillOpenGraphImages(database.db, store, {
      onProgress: (s) => process.stdout.write(`… ${s.made} image(s) d'aperçu faite(s)\n`),
    });
    process.stdout.write(
      `Images d'aperçu des liens (Open Graph) : ${previews.made} média(s) traité(s)` +
        (previews.missing ? `, ${previews.missing} sans image lisible (ignoré(s))` : '') +
        '.\n',
    );
    const fingerprints = await backfillFingerprints(database.db, store, {
      onProgress: (s) => process.stdout.write(`… ${s.made + s.missing} créative(s) examinée(s)\n`),
    });
    process.stdout.write(
      `Empreintes des doublons : ${fingerprints.made} créative(s) traitée(s)` +
        (fingerprints.missing ? `, ${fingerprints.missing} sans image lisible (doublons exacts seulement)` : '') +
        '.\n',
    );
  } finally {
    await database.close();
    unlock();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`rattrapage des variantes impossible : ${errorMessage(err)}`),
);
