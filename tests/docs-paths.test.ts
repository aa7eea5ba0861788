import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documents name the code as it is: every repository path written in the README and in
 * docs/*.md (in backquotes or as a relative link) exists, and every bare source file name
 * (`page-maker.ts`) is the name of a file of the repository. docs/benchmarks-history.md is a log
 * of past rounds and names what was there then; ADRs record decisions as they were taken.
 */
const root = path.resolve(import.meta.dirname, '..');
const ROOTS = [
  'src/',
  'server/',
  'domain/',
  'tests/',
  'e2e/',
  'e2e-firebase/',
  'bench/',
  'scripts/',
  'docs/',
  'build/',
  '.ci/',
  '.githooks/',
];
const HISTORY = new Set(['docs/benchmarks-history.md']);
/** A pattern, not a path: `server/routes/<res>/`, `src/features/*`, `tests/…`. */
const PATTERN = /[<>*…{}$]/;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const names = new Set(tracked.map((file) => path.basename(file)));
const documents = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)].filter(
  (f) => f.endsWith('.md') && !HISTORY.has(f),
);

/** The paths a document names: backquoted tokens, and relative links resolved from its folder. */
function namedPaths(doc: string): { path: string; bare: boolean }[] {
  const text = fs.readFileSync(path.join(root, doc), 'utf8');
  const found: { path: string; bare: boolean }[] = [];
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    const clean = token!.replace(/[:,.;)]+$/, '').replace(/\/$/, '');
    if (PATTERN.test(clean)) continue;
    if (ROOTS.some((r) => clean.startsWith(r))) found.push({ path: clean, bare: false });
    else if (/^[\w.-]+\.(ts|tsx|mjs)$/.test(clean)) found.push({ path: clean, bare: true });
  }
  for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = link!.split('#')[0]!;
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    found.push({ path: path.relative(root, path.resolve(root, path.dirname(doc), target)), bare: false });
  }
  return found;
}

describe('the documents', () => {
  it.each(documents)('%s names only paths and files that exist', (doc) => {
    const missing = namedPaths(doc)
      .filter(({ path: p, bare }) => (bare ? !names.has(p) : !fs.existsSync(path.join(root, p))))
      .map(({ path: p }) => p);
    expect(missing).toEqual([]);
  });
});
