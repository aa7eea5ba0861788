/**
 * npm run restore -- FILE.tar.gz [--force]
 * Restores an archive made by `npm run backup` into DATA_DIR / DATABASE_URL (read as the server
 * does, server/env.ts). The archive is checked completely before the target is touched; a target
 * that already holds data is replaced only with --force. The PGlite server must be stopped.
 */
import { mediaStoreOf } from '../media/media-store-of';
import { restore } from '../ops/restore';
import { describeRestore, errorMessage, fail, loadCommandEnv } from './cli-output';

const USAGE = 'Usage : npm run restore -- FICHIER.tar.gz [--force]';

function parseArgs(argv: string[]): { file: string; force: boolean } {
  let file: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg === '--force') {
      force = true;
    } else if (arg.startsWith('-')) {
      fail(`argument inconnu : ${arg}. ${USAGE}`);
    } else if (file) {
      fail(`une seule archive à la fois. ${USAGE}`);
    } else {
      file = arg;
    }
  }
  if (!file) fail(`archive à restaurer manquante. ${USAGE}`);
  return { file, force };
}

async function main() {
  const { file, force } = parseArgs(process.argv.slice(2));
  const { env, dataDir } = loadCommandEnv();
  const summary = await restore({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    media: mediaStoreOf({ env, dataDir }),
    file,
    force,
    onProgress: (message) => process.stdout.write(`${message}\n`),
  });
  process.stdout.write(`${describeRestore(summary)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`restauration impossible : ${errorMessage(err)}`),
);
