/**
 * npm run backup -- --out FILE.tar.gz
 * Writes one archive: database dump + media + manifest.json. Reads DATA_DIR and DATABASE_URL the
 * way the server does (server/env.ts). Works while the server runs.
 */
import { mediaStoreOf } from '../media/media-store-of';
import { backup } from '../ops/backup';
import { describeBackup, errorMessage, fail, loadCommandEnv } from './cli-output';

const USAGE = 'Usage : npm run backup -- --out FICHIER.tar.gz';

function parseArgs(argv: string[]): { out: string } {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (arg === '--out' || arg === '-o') {
      out = argv[++i];
      if (!out) fail(`--out attend un nom de fichier. ${USAGE}`);
    } else if (arg.startsWith('--out=')) {
      out = arg.slice('--out='.length);
    } else {
      fail(`argument inconnu : ${arg}. ${USAGE}`);
    }
  }
  // Default: a dated name in the current folder (colons are awkward in file names).
  return { out: out ?? `creatheque-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz` };
}

async function main() {
  const { out } = parseArgs(process.argv.slice(2));
  const { env, dataDir } = loadCommandEnv();
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('sauvegarde interrompue (Ctrl+C)')));
  const summary = await backup({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    media: mediaStoreOf({ env, dataDir }),
    out,
    signal: controller.signal,
    onProgress: (message) => process.stdout.write(`${message}\n`),
  });
  process.stdout.write(`${describeBackup(summary)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => fail(`sauvegarde impossible : ${errorMessage(err)}`),
);
