import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { create, extract } from 'tar';
import { MANIFEST_NAME, parseManifest, type Manifest } from './archive-manifest';
import { digestFile } from './file-digest';

/**
 * node-tar turns a second path to an already-packed inode into a hard-link entry. Media files are
 * staged as hard links, and a restore accepts only plain files: forgetting every inode keeps
 * each file a full, self-contained entry.
 */
class NoLinkCache extends Map<`${number}:${number}`, string> {
  override get(): string | undefined {
    return undefined;
  }
}

/**
 * Packs `files` (relative to `dir`, manifest.json first) into a .tar.gz written to a temp file
 * next to `out`, renamed into place only once complete: `out` is either absent or a whole archive.
 */
export async function packArchive(dir: string, files: string[], out: string): Promise<number> {
  const temp = `${out}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.partiel`;
  try {
    await create({ gzip: true, file: temp, cwd: dir, portable: true, linkCache: new NoLinkCache() }, files);
    const handle = await fs.open(temp, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, out);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
  return (await fs.stat(out)).size;
}

/**
 * Extracts an archive into `dest` (an empty temp folder) and checks it completely: node-tar in
 * strict mode (a damaged gzip stream or tar header is an error, not a warning), only plain files
 * and folders with relative paths, a readable manifest, and exactly the manifest's files with
 * their sizes and SHA-256. Throws a French message; returns the manifest when all is well.
 */
export async function extractAndVerify(file: string, dest: string): Promise<Manifest> {
  try {
    await fs.access(file);
  } catch {
    throw new Error(`archive introuvable : ${file}`);
  }
  let refused: string | null = null;
  try {
    // Synchronous on purpose: when the async unpacker fails it rejects at once while its pending
    // file writes go on, racing the cleanup of `dest`; the sync one has finished when it throws.
    extract({
      file,
      cwd: dest,
      sync: true,
      strict: true,
      preservePaths: false,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        const problem = unsafeEntry(entryPath, type);
        if (problem && !refused) refused = problem;
        return !problem;
      },
    });
  } catch (err) {
    throw new Error(`archive illisible ou endommagée (${err instanceof Error ? err.message : String(err)})`);
  }
  if (refused) throw new Error(`archive refusée : ${refused}`);

  let manifestText: string;
  try {
    manifestText = await fs.readFile(path.join(dest, MANIFEST_NAME), 'utf8');
  } catch {
    throw new Error('archive invalide : manifest.json absent');
  }
  const manifest = parseManifest(manifestText);

  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  if (expected.size !== manifest.files.length) throw new Error('manifest.json invalide : un fichier y figure deux fois');
  const present = new Set<string>();
  for await (const name of walkFiles(dest)) if (name !== MANIFEST_NAME) present.add(name);
  for (const name of present) {
    if (!expected.has(name)) throw new Error(`archive refusée : ${name} ne figure pas dans manifest.json`);
  }
  for (const entry of manifest.files) {
    if (!present.has(entry.path)) throw new Error(`archive incomplète : ${entry.path} manque`);
    const actual = await digestFile(path.join(dest, entry.path));
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new Error(`archive altérée : ${entry.path} ne correspond pas à son empreinte SHA-256`);
    }
  }
  return manifest;
}

function unsafeEntry(entryPath: string, type: string): string | null {
  if (type !== 'File' && type !== 'OldFile' && type !== 'Directory') return `entrée de type ${type} (${entryPath})`;
  if (entryPath.includes('\\') || path.posix.isAbsolute(entryPath) || /^[a-z]:/i.test(entryPath)) {
    return `chemin absolu (${entryPath})`;
  }
  if (entryPath.split('/').includes('..')) return `chemin hors de l'archive (${entryPath})`;
  return null;
}

/** Relative paths (with /) of the regular files under `root`. */
async function* walkFiles(root: string, dir = ''): AsyncGenerator<string> {
  const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true });
  for (const entry of entries) {
    const name = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkFiles(root, name);
    else if (entry.isFile()) yield name;
    else throw new Error(`archive refusée : ${name} n'est pas un fichier ordinaire`);
  }
}
