import type { BackupSummary } from './backup';

/**
 * The control channel speaks HTTP over a Unix socket. POST /backup {"out": "/abs/file.tar.gz"}
 * answers a stream of JSON lines: progress messages as they happen, then one final line, done or
 * error. A line protocol lets the CLI print progress while the server works.
 */
export interface BackupRequest {
  out: string;
}

export type BackupEvent =
  { type: 'progress'; message: string } | { type: 'done'; summary: BackupSummary } | { type: 'error'; message: string };
