import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../process-alive';

/**
 * PGlite has no cross-process lock: two servers on one data directory would corrupt it. The first
 * process writes its pid into DATA_DIR/server.lock; a second one stops with a clear message. A
 * stale lock (its process is gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `Le dossier de données ${dataDir} est déjà utilisé par le processus ${pid}. Arrêtez-le ou choisissez un autre DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller ${file}`);
}
