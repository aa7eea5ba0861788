import { parseEnv, toConfig, type Env } from '../env';
import type { BackupSummary } from '../ops/backup';
import type { RestoreSummary } from '../ops/restore';

/** Sizes the way a French reader expects them: 1,5 Mo. */
export function formatSize(bytes: number): string {
  const units = ['octets', 'Ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: digits })} ${units[unit]}`;
}

function tableLines(tables: Record<string, number>): string[] {
  const names = Object.keys(tables).sort();
  const width = Math.max(0, ...names.map((n) => n.length));
  return names.map((n) => `    ${n.padEnd(width)}  ${tables[n]}`);
}

export function describeBackup(summary: BackupSummary): string {
  return [
    `Sauvegarde terminée : ${summary.file} (${formatSize(summary.size)})`,
    `  Base ${summary.engine}, lignes par table :`,
    ...tableLines(summary.tables),
    `  Fichiers média : ${summary.mediaFiles}`,
    ...(summary.attempts > 1 ? [`  (réussie à la tentative ${summary.attempts})`] : []),
  ].join('\n');
}

export function describeRestore(summary: RestoreSummary): string {
  return [
    `Restauration terminée depuis ${summary.file}`,
    `  Archive du ${summary.createdAt} (Créathèque ${summary.appVersion}), restaurée dans ${summary.engine}, lignes par table :`,
    ...tableLines(summary.tables),
    `  Fichiers média : ${summary.mediaFiles}`,
    ...(summary.removedFiles ? [`  Fichiers média absents de l'archive supprimés : ${summary.removedFiles}`] : []),
  ].join('\n');
}

/** One French error line on stderr, exit code 1. */
export function fail(message: string): never {
  process.stderr.write(`Erreur : ${message}\n`);
  process.exit(1);
}

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The server's configuration for a command (DATABASE_URL, DATA_DIR…), or one French error line and exit 1. */
export function loadCommandEnv(): { env: Env; dataDir: string } {
  let env: Env;
  try {
    env = parseEnv();
  } catch (err) {
    fail(errorMessage(err));
  }
  return { env, dataDir: toConfig(env).dataDir };
}
