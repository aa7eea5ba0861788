import type { Readable } from 'node:stream';

/** Size and last modification of a stored object. */
export interface StoredInfo {
  size: number;
  modifiedMs: number;
}

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a storage backend does with keys (a disk folder, an S3 bucket). Keys are already checked
 * and complete (the store adds its staging prefix); the rules — names, staging, sweeping — live
 * once in server/media/store.ts on top of this.
 */
export interface StorageDriver {
  readonly kind: 'disk' | 's3';
  /** Where the media are, for logs: a folder, or s3://bucket/prefix. */
  readonly location: string;
  stat(key: string): Promise<StoredInfo | null>;
  /** The object's bytes (a part of them with `range`); null when it does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Writes an object whole: a reader sees the old state or the complete new one. */
  write(key: string, data: Buffer): Promise<void>;
  /** Streams a complete local file into an object (the caller removes the local file afterwards, if still there). */
  writeFrom(key: string, localFile: string): Promise<void>;
  /** Makes `from` visible as `to` (overwriting it) and removes `from`. */
  move(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (and, on disk, the emptied folders). */
  clear(prefix: string): Promise<void>;
  /** Every object whose key starts with `prefix`, streamed (never all listed in memory at once). */
  list(prefix: string): AsyncIterable<{ key: string; modifiedMs: number }>;
  /** The object as a local file, when it already is one (disk); null otherwise. */
  localFile(key: string): string | null;
  /** Throws when the backend cannot be reached (S3: HeadBucket); the store adds a write. */
  reachable(): Promise<void>;
}
