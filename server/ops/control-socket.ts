import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the control channel of a PGlite server listens. Preferably DATA_DIR/control.sock, found
 * by anyone who knows DATA_DIR. A Unix socket path holds at most 107 bytes (sun_path is 108 with
 * its NUL), so a deep DATA_DIR falls back to a short path under the temp folder, keyed by a hash
 * of DATA_DIR, and that path is written to DATA_DIR/control.sock.path for the clients: they may
 * run with another TMPDIR than the server, so they read it instead of recomputing it.
 */
export const SOCKET_FILE = 'control.sock';
export const SOCKET_POINTER_FILE = 'control.sock.path';
const MAX_SOCKET_PATH_BYTES = 107;

export function chooseSocketPath(dataDir: string): { socketPath: string; recorded: boolean } {
  const preferred = path.join(dataDir, SOCKET_FILE);
  if (Buffer.byteLength(preferred) <= MAX_SOCKET_PATH_BYTES) return { socketPath: preferred, recorded: false };
  const key = crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const fallback = path.join(os.tmpdir(), `creatheque-${key}.sock`);
  if (Buffer.byteLength(fallback) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(`chemin de socket trop long, même dans ${os.tmpdir()} : définissez un TMPDIR plus court`);
  }
  return { socketPath: fallback, recorded: true };
}

/** The socket path a running server announced for this DATA_DIR. */
export function announcedSocketPath(dataDir: string): string {
  try {
    const recorded = fs.readFileSync(path.join(dataDir, SOCKET_POINTER_FILE), 'utf8').trim();
    if (recorded) return recorded;
  } catch {
    // No pointer file: the server listens at the preferred place.
  }
  return path.join(dataDir, SOCKET_FILE);
}
