/**
 * npm run check:integrity [-- --repair] [-- --min-age <minutes>]
 * Reports whether what is stored agrees with itself (server/ops/integrity.ts): counters and their
 * rows, media rows and their files, temp files of interrupted writes. With --repair, fixes what can
 * be fixed and checks again. Exit code 0 when everything agrees, 2 when something is (still) wrong.
 * On PostgreSQL it can run while the server runs; the embedded PGlite database opens in one
 * process only: stop the server first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { mediaStoreOf } from '../media/media-store-of';
import { checkIntegrity, isClean, repairIntegrity, type IntegrityReport, type RepairSummary } from '../ops/integrity';
import { errorMessage, fail, loadCommandEnv } from './cli-output';

const USAGE = `Usage : npm run check:integrity [-- --repair] [-- --min-age <minutes>]
  --repair           corrige ce qui peut l'être (compteurs, fichiers et médias orphelins, fichiers temporaires)
  --min-age <min>    ignore les fichiers et médias plus récents (défaut : 60 ; 0 quand le serveur est arrêté)
`;

const SAMPLE = 10;

async function main() {
  const { values } = parseArgs({
    options: { repair: { type: 'boolean' }, 'min-age': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const minAgeMinutes = values['min-age'] === undefined ? 60 : Number(values['min-age']);
  if (!Number.isFinite(minAgeMinutes) || minAgeMinutes < 0) fail(`--min-age attend un nombre de minutes (reçu : ${values['min-age']})`);

  const { env, dataDir } = loadCommandEnv();
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'db') });
  try {
    const store = mediaStoreOf({ env, dataDir });
    const options = { minAgeMs: minAgeMinutes * 60_000 };
    let report = await checkIntegrity(database.db, store, options);
    process.stdout.write(describeReport(report));
    if (values.repair && !isClean(report)) {
      process.stdout.write(describeRepair(await repairIntegrity(database.db, store, report)));
      report = await checkIntegrity(database.db, store, options);
      process.stdout.write(`Après réparation :\n${describeReport(report)}`);
    }
    return isClean(report) ? 0 : 2;
  } finally {
    await database.close();
    unlock();
  }
}

function list<T>(items: T[], line: (item: T) => string): string[] {
  const shown = items.slice(0, SAMPLE).map((item) => `    ${line(item)}`);
  return items.length > SAMPLE ? [...shown, `    … et ${items.length - SAMPLE} autre(s)`] : shown;
}

function describeReport(report: IntegrityReport): string {
  if (isClean(report)) return 'Intégrité : tout est cohérent (compteurs, médias, fichiers).\n';
  const lines = ['Intégrité : des écarts ont été trouvés.'];
  if (report.counterDrift.length) {
    lines.push(`  Compteurs différents de leurs lignes : ${report.counterDrift.length}`);
    lines.push(...list(report.counterDrift, (d) => `${d.counter} de ${d.id} : ${d.stored} enregistré(s), ${d.actual} réel(s)`));
  }
  if (report.analyticsDrift) lines.push(`  Lignes de statistiques (analytics_daily) à recalculer : ${report.analyticsDrift}`);
  if (report.missingFiles.length) {
    lines.push(`  Fichiers manquants (non réparable : restaurez une sauvegarde) : ${report.missingFiles.length}`);
    lines.push(...list(report.missingFiles, (m) => `${m.file} (média ${m.mediaId})`));
  }
  if (report.orphanFiles.length) {
    lines.push(`  Fichiers sans média enregistré : ${report.orphanFiles.length}`);
    lines.push(...list(report.orphanFiles, (f) => f));
  }
  if (report.orphanMedia.length) lines.push(`  Médias enregistrés sans créative : ${report.orphanMedia.length}`);
  if (report.staleTempFiles) lines.push(`  Fichiers temporaires abandonnés : ${report.staleTempFiles}`);
  return `${lines.join('\n')}\n`;
}

function describeRepair(summary: RepairSummary): string {
  return [
    'Réparation :',
    `  compteurs corrigés : ${summary.countersFixed}`,
    `  statistiques recalculées : ${summary.analyticsRebuilt ? 'oui' : 'non'}`,
    `  fichiers orphelins supprimés : ${summary.orphanFilesRemoved}`,
    `  médias orphelins supprimés : ${summary.orphanMediaRemoved}`,
    `  fichiers temporaires supprimés : ${summary.tempFilesRemoved}`,
    '',
  ].join('\n');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => fail(`vérification impossible : ${errorMessage(err)}`),
);
