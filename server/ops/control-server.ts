import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Database, Db } from '../db/client';
import type { MediaStore } from '../media/store';
import { logger } from '../log';
import { backupDatabase } from './backup';
import { chooseSocketPath, SOCKET_POINTER_FILE } from './control-socket';
import type { BackupEvent, BackupRequest } from './control-protocol';

export interface ControlServer {
  /** Where it listens (DATA_DIR/control.sock, or the temp-folder fallback). */
  readonly socketPath: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The local control channel of a running server: an HTTP server on a Unix socket, readable and
 * writable by its owner only (0600). With PGlite, only the server process may open the database,
 * so `npm run backup` asks it here to write the archive from its own connection.
 * One backup at a time; a client that hangs up cancels its backup.
 */
export async function startControlServer(options: {
  dataDir: string;
  db: Db;
  media: MediaStore;
  kind: Database['kind'];
}): Promise<ControlServer> {
  const { socketPath, recorded } = chooseSocketPath(options.dataDir);
  const pointer = path.join(options.dataDir, SOCKET_POINTER_FILE);
  /** The backup in progress (one at a time): cancelled when the server stops. */
  let current: { abort: AbortController; done: Promise<void> } | null = null;

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'application/json', connection: 'close' }).end('{"error":"inconnu"}');
      return;
    }
    const send = (event: BackupEvent) => res.write(`${JSON.stringify(event)}\n`);
    const refuse = (message: string) => {
      send({ type: 'error', message });
      res.end();
    };
    void readBody(req).then(
      (text) => {
        // One request per connection: nothing lingers to hold close() up once the answer is out.
        res.writeHead(200, { 'content-type': 'application/x-ndjson', connection: 'close' });
        const out = parseRequest(text)?.out;
        if (!out) return refuse('chemin de sortie absolu attendu');
        if (current) return refuse('une sauvegarde est déjà en cours sur ce serveur, réessayez après');
        const abort = new AbortController();
        // A client that hangs up (Ctrl+C) cancels its backup.
        res.on('close', () => {
          if (!res.writableFinished) abort.abort(new Error('sauvegarde annulée : le client s’est déconnecté'));
        });
        logger.info(`sauvegarde demandée : ${out}`);
        const done = backupDatabase(
          { db: options.db, kind: options.kind, dataDir: options.dataDir, media: options.media },
          { out, onProgress: (message) => send({ type: 'progress', message }), signal: abort.signal },
        ).then(
          (summary) => {
            logger.info(`sauvegarde écrite : ${summary.file} (${summary.size} octets)`);
            send({ type: 'done', summary });
          },
          (err: unknown) => {
            const message = err instanceof Error ? err.message : String(err);
            logger.warn({ err }, `sauvegarde échouée : ${message}`);
            send({ type: 'error', message });
          },
        );
        current = { abort, done };
        void done.finally(() => {
          current = null;
          res.end();
        });
      },
      () => res.writeHead(413, { connection: 'close' }).end(),
    );
  });

  // A socket file left by a server that crashed would make listen() fail with EADDRINUSE; the
  // caller holds the data-dir lock, so no live server can own it.
  await fsp.rm(socketPath, { force: true });
  await listenPrivately(server, socketPath);
  if (recorded) await fsp.writeFile(pointer, `${socketPath}\n`, { mode: 0o600 });

  return {
    socketPath,
    async close() {
      // Stop taking requests, cancel a backup in progress (the database is about to close; the
      // backup removes its temp files and its client is told why), then let its answer go out.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (current) {
        current.abort.abort(new Error('sauvegarde annulée : le serveur s’arrête'));
        await current.done;
      }
      server.closeIdleConnections();
      await closed;
      await fsp.rm(socketPath, { force: true });
      if (recorded) await fsp.rm(pointer, { force: true });
    },
  };
}

/**
 * Binds the socket with umask 0177 so it is created 0600 (no window where another user could
 * connect), then chmods it anyway (umask cannot be changed in worker threads).
 */
async function listenPrivately(server: http.Server, socketPath: string): Promise<void> {
  let previous: number | null = null;
  try {
    previous = process.umask(0o177);
  } catch {
    previous = null;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // bind() happens synchronously inside listen(): the umask is restored right after.
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
      if (previous !== null) {
        process.umask(previous);
        previous = null;
      }
    });
  } finally {
    if (previous !== null) process.umask(previous);
  }
  fs.chmodSync(socketPath, 0o600);
}

function parseRequest(text: string): BackupRequest | null {
  try {
    const body = JSON.parse(text) as Partial<BackupRequest> | null;
    return typeof body?.out === 'string' && path.isAbsolute(body.out) ? { out: body.out } : null;
  } catch {
    return null;
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
