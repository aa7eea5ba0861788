/**
 * npm run migrate:firebase [-- --project <id>] [-- --dry-run]
 *
 * One-off migration of an existing Firebase project to the stored shape of issue 16 (the analysis
 * in a members-only document, the derived index fields, dated likes, the contributors registry):
 * scripts/firebase/migrate-lib.ts says what it does. With the Admin SDK, so the security rules do
 * not apply: against the Firestore emulator when FIRESTORE_EMULATOR_HOST is set, else against the
 * real project with Application Default Credentials (`gcloud auth application-default login`) or
 * GOOGLE_APPLICATION_CREDENTIALS (a service account key). The project: --project, else
 * GCLOUD_PROJECT / GOOGLE_CLOUD_PROJECT (on the emulator, demo-creatheque by default).
 * Interrupted, it can be started again: it goes on with what is left. A second run changes nothing.
 */
import { openAdmin } from './admin';
import { migrateFirestore, summaryLines } from './migrate-lib';

const USAGE = 'Usage : npm run migrate:firebase -- [--project <id>] [--dry-run]\n';

function parseArgs(argv: string[]): { project: string | null; dryRun: boolean; help: boolean } {
  const out = { project: null as string | null, dryRun: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') out.dryRun = true;
    else if (arg === '--help' || arg === '-h') out.help = true;
    else if (arg === '--project' && argv[i + 1]) out.project = argv[++i]!;
    else if (arg.startsWith('--project=')) out.project = arg.slice('--project='.length);
    else throw new Error(`argument inconnu : ${arg}\n${USAGE}`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const project = args.project ?? process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? (emulator ? 'demo-creatheque' : null);
  if (!project) throw new Error(`projet inconnu : donnez --project <id> ou GCLOUD_PROJECT\n${USAGE}`);
  // Without a credential the Admin SDK uses the Application Default Credentials (or the emulator).
  const { db } = openAdmin(project);
  process.stdout.write(
    `Migration Firestore du projet ${project} (${emulator ? `émulateur ${emulator}` : 'projet réel'})${args.dryRun ? ', à blanc : rien ne sera écrit' : ''}\n`,
  );
  const summary = await migrateFirestore(db, { dryRun: args.dryRun, log: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(`${args.dryRun ? 'Changements prévus' : 'Migration terminée'} :\n`);
  for (const line of summaryLines(summary, args.dryRun)) process.stdout.write(`  ${line}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`migration impossible : ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
