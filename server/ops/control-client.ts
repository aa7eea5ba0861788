import http from 'node:http';
import readline from 'node:readline';
import type { BackupSummary } from './backup';
import { announcedSocketPath } from './control-socket';
import type { BackupEvent, BackupRequest } from './control-protocol';

/**
 * Asks the PGlite server that owns DATA_DIR to write a backup to `out`, prints its progress
 * through `onProgress` and resolves with its summary. The server writes the file itself, as the
 * same user (the socket is 0600), so `out` must be a path the server can reach: absolute.
 */
export function requestServerBackup(options: {
  dataDir: string;
  serverPid: number;
  out: string;
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
}): Promise<BackupSummary> {
  const socketPath = announcedSocketPath(options.dataDir);
  const body = JSON.stringify({ out: options.out } satisfies BackupRequest);
  return new Promise<BackupSummary>((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      reject(new Error(message));
    };
    const req = http.request(
      {
        socketPath,
        method: 'POST',
        path: '/backup',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        signal: options.signal,
      },
      (res) => {
        const lines = readline.createInterface({ input: res, crlfDelay: Infinity });
        lines.on('line', (line) => {
          if (!line.trim() || settled) return;
          let event: BackupEvent;
          try {
            event = JSON.parse(line) as BackupEvent;
          } catch {
            fail(`réponse illisible du serveur : ${line.slice(0, 200)}`);
            return;
          }
          if (event.type === 'progress') options.onProgress?.(event.message);
          else if (event.type === 'error') fail(event.message);
          else {
            settled = true;
            resolve(event.summary);
          }
        });
        lines.on('close', () => fail('le serveur a interrompu la sauvegarde sans donner de résultat'));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
        fail(
          `le serveur (processus ${options.serverPid}) utilise ce dossier de données mais ne répond pas sur ${socketPath} : ` +
            'mettez-le à jour ou arrêtez-le, puis relancez la sauvegarde',
        );
      } else {
        fail(`échange avec le serveur impossible (${err.message})`);
      }
    });
    req.end(body);
  });
}
