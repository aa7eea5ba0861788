import { downloadFileName, sanitizeFileName } from './download';
import type { Categories } from './types';
import { CATEGORY_KEYS, CATEGORY_LABELS } from './vocabulary';

/**
 * The rules of a folder's ZIP (issue 18), shared by the server's streamed archive and the
 * browser's (Firebase mode): entry names, README.txt, the archive's own name.
 */

/** The README of every archive; media entries are lower-case [a-z0-9_-] names, so never this one. */
export const ZIP_README_NAME = 'README.txt';

/** What README.txt says of one creative. `fileName` is null when its media could not be included. */
export interface ZipReadmeEntry extends Categories {
  fileName: string | null;
  name: string;
  advertiser: string;
}

/** Device names Windows reserves whatever the case and the extension: `CON`, `con.png`, `com1.tar.gz`. */
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
/** Characters no file name may hold on Windows, macOS or Linux, and controls (a `/` or `\` would make a folder). */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/**
 * A file name Windows accepts, the same name when it already does: forbidden characters become
 * `_`, dots and spaces at the end are dropped (Windows drops them, so `a.` and `a` would
 * be one file), and a device name gets `_` after its stem (`con.png` → `con_.png`, `LPT9` →
 * `LPT9_`). Never empty (`_`).
 */
export function windowsSafeFileName(name: string): string {
  const cleaned = name.replace(UNSAFE_IN_FILE_NAME, '_').replace(/[. ]+$/, '') || '_';
  const dot = cleaned.indexOf('.');
  const stem = (dot === -1 ? cleaned : cleaned.slice(0, dot)).trimEnd();
  return WINDOWS_DEVICE_NAME.test(stem) ? `${stem}_${dot === -1 ? '' : cleaned.slice(dot)}` : cleaned;
}

/**
 * Names archive entries one after another: the sanitized download name of each creative
 * (domain/download.ts) made safe for Windows (`con.png` → `con_.png`, windowsSafeFileName), a
 * repeated one numbered `-2`, `-3`… before its extension
 * (`summer-sale.jpg`, `summer-sale-2.jpg`), never a name already given (a creative really named
 * 'Summer sale 2' included). Incremental because the browser learns a file's type only once it
 * fetches it.
 */
export function zipEntryNamer(): (creativeName: string, contentType: string | null | undefined) => string {
  const taken = new Set<string>([ZIP_README_NAME.toLowerCase()]);
  return (creativeName, contentType) => {
    const file = windowsSafeFileName(downloadFileName(creativeName, contentType));
    const dot = file.lastIndexOf('.');
    const [stem, ext] = [file.slice(0, dot), file.slice(dot)];
    let candidate = file;
    for (let n = 2; taken.has(candidate); n++) candidate = `${stem}-${n}${ext}`;
    taken.add(candidate);
    return candidate;
  };
}

/** The entry names of a list of files, in order (zipEntryNamer over the list). */
export function zipEntryNames(files: readonly { name: string; contentType: string | null | undefined }[]): string[] {
  const next = zipEntryNamer();
  return files.map((f) => next(f.name, f.contentType));
}

/**
 * The archive's name: the folder's name with accents kept (RFC 5987 `filename*`, and the browser's
 * download), forbidden characters and dots at the ends dropped, `.zip` added, a Windows device
 * name made safe (`CON_.zip`); 'dossier.zip' when nothing is left.
 */
export function folderZipName(folderName: string): string {
  const base = folderName
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAME, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+|[.\s-]+$/g, '')
    .slice(0, 80)
    .trim();
  return windowsSafeFileName(`${base || 'dossier'}.zip`);
}

/** The archive's plain ASCII name (`filename=` for old clients): the download rule's sanitized name. */
export function folderZipAsciiName(folderName: string): string {
  const base = sanitizeFileName(folderName);
  return windowsSafeFileName(`${base === 'creative' && !/[a-z0-9]/i.test(folderName) ? 'dossier' : base}.zip`);
}

const line = (label: string, value: string) => `  ${label} : ${value.trim() || '—'}`;

function describe(entry: ZipReadmeEntry): string[] {
  return [
    line('Créative', entry.name),
    line('Annonceur', entry.advertiser),
    ...CATEGORY_KEYS.map((key) => line(CATEGORY_LABELS[key], entry[key])),
  ];
}

function heading(text: string): string[] {
  return [text, '='.repeat(text.length), ''];
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * README.txt of an archive (UTF-8, CRLF line ends for every editor): a title, then each included
 * file with its creative's name, advertiser and tags, then the creatives whose media could not be
 * included (none stored, or the file is missing), so that nothing silently disappears.
 */
export function zipReadmeText(title: string, entries: readonly ZipReadmeEntry[]): string {
  const included = entries.filter((e) => e.fileName !== null);
  const missing = entries.filter((e) => e.fileName === null);
  const lines = [title, `Archive Créathèque — ${plural(included.length, 'fichier', 'fichiers')}`, ''];
  if (entries.length === 0) lines.push('Ce dossier ne contient aucune créative.', '');
  if (included.length > 0) {
    lines.push(...heading('Fichiers'));
    for (const entry of included) lines.push(`- ${entry.fileName}`, ...describe(entry), '');
  }
  if (missing.length > 0) {
    lines.push(...heading('Médias manquants (non inclus dans l’archive)'));
    for (const entry of missing) lines.push(`- ${entry.name.trim() || '—'}`, ...describe(entry), '');
  }
  return lines.join('\r\n');
}

/** The README's first line for a folder. */
export function folderReadmeTitle(folderName: string): string {
  return `Dossier « ${folderName} »`;
}
