#!/usr/bin/env node
/**
 * The secret scan of `npm run lint` (a stage of `npm test`): secretlint with `.secretlintrc.json` —
 * the recommended rules (cloud and service keys, tokens, private keys, passwords in URLs, .env)
 * and ours: no auth-secret, no file of a data directory (bench/.data*), no key file — over every
 * file git tracks or would add (untracked files that .gitignore does not exclude). A binary file
 * is checked by its path only. Prints the findings, secrets masked, and exits 1 when there are any.
 *
 *   node scripts/secret-scan.mjs            the repository
 *   node scripts/secret-scan.mjs FILE…      these files only
 *
 * Plain Node ESM; @secretlint/node's engine in one process (~2 s for the repository).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@secretlint/node';
import { secretLintProfiler } from '@secretlint/profiler';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's files: tracked, and untracked ones that are not ignored (about to be added). */
function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.toString('utf8').split('\0').filter(Boolean))].map((file) => path.join(root, file));
}

/** Git's rule: a NUL byte in the first 8,000 bytes makes a file binary. */
const isBinary = (bytes) => bytes.subarray(0, 8000).includes(0);

/** The file's bytes, or null when it is gone (deleted but still tracked) or not a file. */
function read(file) {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if (err.code === 'ENOENT' || err.code === 'EISDIR') return null;
    throw err;
  }
}

const args = process.argv.slice(2);
const files = args.length > 0 ? args.map((file) => path.resolve(file)) : repositoryFiles();
const engine = await createEngine({
  cwd: root,
  configFilePath: path.join(root, '.secretlintrc.json'),
  formatter: 'stylish',
  color: Boolean(process.stdout.isTTY),
  maskSecrets: true,
});

let scanned = 0;
const flagged = [];
for (const file of files) {
  const bytes = read(file);
  if (bytes === null) continue;
  scanned++;
  const { ok, output } = await engine.executeOnContent({ content: isBinary(bytes) ? '' : bytes.toString('utf8'), filePath: file });
  if (!ok) {
    flagged.push(path.relative(root, file));
    process.stdout.write(output);
  }
  // secretlint's profiler keeps every performance mark and searches them all at each new one:
  // quadratic, 10 s for this repository instead of 2. Its observer gets this file's marks once the
  // event loop turns; nothing here reads them.
  await new Promise((resolve) => setImmediate(resolve));
  secretLintProfiler.entries.length = 0;
}

if (flagged.length > 0) {
  console.error(
    `\nsecret scan: ${flagged.length} of ${scanned} files hold a key or secret (above, masked). Remove them from the ` +
      'repository and revoke what leaked; a false finding gets a narrow `allows` entry in .secretlintrc.json, with its reason.',
  );
  process.exitCode = 1;
} else {
  process.stdout.write(`secret scan: no key or secret in ${scanned} files\n`);
}
