import fs from 'node:fs';
import { z } from 'zod';
import { serverPaths } from '../paths';

/**
 * manifest.json, at the root of every backup archive: what the archive holds and how to check it.
 * `files` lists every other file of the archive with its size and SHA-256; a restore accepts the
 * archive only when the extracted files are exactly these, byte for byte.
 */
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_FORMAT = 'creatheque-backup';
export const MANIFEST_VERSION = 1;

const fileEntry = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const tableEntry = z.object({
  rows: z.number().int().nonnegative(),
  /** Columns present in db/<table>.jsonl: a restore inserts these, so a column added since gets its default. */
  columns: z.array(z.string().min(1)),
});

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  formatVersion: z.literal(MANIFEST_VERSION),
  appVersion: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  migration: z.object({ hash: z.string(), createdAt: z.number().int(), tag: z.string().nullable() }),
  createdAt: z.iso.datetime(),
  /** Plain SQL names only: a table name becomes a path (db/<table>.jsonl). */
  tables: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/i), tableEntry),
  mediaFiles: z.number().int().nonnegative(),
  files: z.array(fileEntry),
});

export type Manifest = z.output<typeof manifestSchema>;
export type ManifestFile = z.output<typeof fileEntry>;

/** Parses manifest.json; throws a French message naming the first problem. */
export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('manifest.json illisible (JSON invalide)');
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > MANIFEST_VERSION) {
    throw new Error(`archive au format ${version}, plus récent que ce que cette version sait lire (${MANIFEST_VERSION})`);
  }
  const result = manifestSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`manifest.json invalide (${issue?.path.join('.') || 'racine'} : ${issue?.message ?? 'format inattendu'})`);
  }
  return result.data;
}

export function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(serverPaths.packageJson, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** Archive path of a database table's rows. */
export const tableFile = (table: string) => `db/${table}.jsonl`;
/** Archive path of a media file (its bucket name below media/). */
export const mediaFile = (name: string) => `media/${name}`;
