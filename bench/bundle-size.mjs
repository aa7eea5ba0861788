#!/usr/bin/env node
/**
 * Initial JavaScript of the built web app, in gzip bytes (not time).
 *
 * "Initial" = what the browser fetches before the first render: the entry
 * `<script type="module" src>` of dist/index.html and every `<link rel="modulepreload" href>`.
 * CSS is not counted. Lazy chunks (later routes, charts, the Firebase SDK) are listed apart.
 *
 *   node bench/bundle-size.mjs            prints the figures and compares to the baseline
 *   node bench/bundle-size.mjs --update   … and rewrites bench/baselines/bundle-size.json
 *   node bench/bundle-size.mjs --dist other-dist
 *
 * Exits 1 when the budget is exceeded or an initial chunk holds a forbidden module; a change
 * against the baseline is only reported. The budget test (tests/budget/bundle-size.test.ts)
 * reuses measureInitialBundle().
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 130 * 1024;
/** Strings that must not appear in any initial chunk: these modules have to be lazy-loaded. */
export const FORBIDDEN_IN_INITIAL = ['recharts', 'firebase/'];

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '..');
export const BASELINE_FILE = path.join(here, 'baselines', 'bundle-size.json');

function attributes(tag) {
  const attrs = {};
  const re = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  const inner = tag.replace(/^<\w+/, '').replace(/\/?>$/, '');
  let m;
  while ((m = re.exec(inner))) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

/** The initial JS files named by an index.html, in document order: [{ url, kind }]. */
export function initialScripts(html) {
  const found = [];
  const tags = html.replace(/<!--[\s\S]*?-->/g, '').match(/<(script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const a = attributes(tag);
    if (/^<script/i.test(tag) && (a.type ?? '').toLowerCase() === 'module' && a.src) {
      found.push({ url: a.src, kind: 'entry' });
    } else if (/^<link/i.test(tag) && (a.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && a.href) {
      found.push({ url: a.href, kind: 'modulepreload' });
    }
  }
  const seen = new Set();
  return found.filter((s) => (seen.has(s.url) ? false : (seen.add(s.url), true)));
}

export function gzipSize(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

/** `assets/index-BuBgd90F.js` → `assets/index.js` (stable across builds, for the baseline). */
export function stableName(file) {
  return file.replace(/-[A-Za-z0-9_-]{8}(\.[a-z]+)$/, '$1');
}

/**
 * Measures the initial JS of `distDir` (default: dist/ of the repo).
 * Returns { distDir, budget, totalRaw, totalGzip, chunks: [{ file, name, kind, raw, gzip, forbidden }],
 *           forbidden: [{ file, needle }], lazy: [{ file, name, raw, gzip }] }.
 */
export function measureInitialBundle(distDir = path.join(ROOT, 'dist')) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`${indexFile} not found: run "vite build" first`);
  const html = fs.readFileSync(indexFile, 'utf8');
  const scripts = initialScripts(html);
  if (scripts.length === 0) throw new Error(`${indexFile} has no <script type="module" src>`);

  const chunks = scripts.map(({ url, kind }) => {
    if (/^(https?:)?\/\//i.test(url)) throw new Error(`external initial script not measurable: ${url}`);
    const file = url.split(/[?#]/)[0].replace(/^\.?\//, '');
    const full = path.join(distDir, file);
    if (!fs.existsSync(full)) throw new Error(`${url} is referenced by index.html but ${full} does not exist`);
    const content = fs.readFileSync(full);
    const text = content.toString('utf8');
    const forbidden = FORBIDDEN_IN_INITIAL.filter((needle) => file.includes(needle) || text.includes(needle));
    return { file, name: stableName(file), kind, raw: content.length, gzip: gzipSize(content), forbidden };
  });

  const initialFiles = new Set(chunks.map((c) => c.file));
  const lazy = [];
  const assets = path.join(distDir, 'assets');
  if (fs.existsSync(assets)) {
    for (const entry of fs.readdirSync(assets).sort()) {
      if (!/\.m?js$/.test(entry)) continue;
      const file = `assets/${entry}`;
      if (initialFiles.has(file)) continue;
      const content = fs.readFileSync(path.join(assets, entry));
      lazy.push({ file, name: stableName(file), raw: content.length, gzip: gzipSize(content) });
    }
  }

  return {
    distDir,
    budget: INITIAL_JS_BUDGET_BYTES,
    totalRaw: chunks.reduce((sum, c) => sum + c.raw, 0),
    totalGzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    chunks,
    forbidden: chunks.flatMap((c) => c.forbidden.map((needle) => ({ file: c.file, needle }))),
    lazy,
  };
}

export const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function pad(text, width) {
  return String(text).padEnd(width);
}

function signed(delta) {
  return `${delta >= 0 ? '+' : '−'}${kB(Math.abs(delta))}`;
}

function readBaseline() {
  try {
    return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

function main(argv) {
  const update = argv.includes('--update');
  const distIndex = argv.indexOf('--dist');
  const distDir = distIndex >= 0 ? path.resolve(argv[distIndex + 1]) : path.join(ROOT, 'dist');
  const report = measureInitialBundle(distDir);
  const baseline = readBaseline();
  const before = new Map((baseline?.chunks ?? []).map((c) => [c.name, c.gzip]));

  console.log(`Initial JS of ${path.relative(process.cwd(), distDir) || '.'} (gzip -9; CSS not counted)`);
  for (const c of report.chunks) {
    const was = before.get(c.name);
    const change = was === undefined ? '(new)' : c.gzip === was ? '' : signed(c.gzip - was);
    console.log(`  ${pad(c.kind, 14)}${pad(c.file, 44)}${pad(kB(c.raw), 11)} raw  ${pad(kB(c.gzip), 10)} gzip  ${change}`);
  }
  const totalChange = baseline
    ? `  (baseline ${kB(baseline.totalGzip)}, ${signed(report.totalGzip - baseline.totalGzip)})`
    : '  (no baseline yet)';
  console.log(`  total initial JS: ${report.totalGzip} bytes = ${kB(report.totalGzip)} gzip of ${kB(report.budget)} budget${totalChange}`);
  if (report.lazy.length > 0) {
    const lazyTotal = report.lazy.reduce((sum, c) => sum + c.gzip, 0);
    console.log(`Lazy chunks: ${report.lazy.length}, ${kB(lazyTotal)} gzip`);
    for (const c of report.lazy) console.log(`  ${pad(c.file, 58)}${pad(kB(c.raw), 11)} raw  ${kB(c.gzip)} gzip`);
  }

  let failed = false;
  if (report.totalGzip > report.budget) {
    console.error(`OVER BUDGET: ${kB(report.totalGzip)} > ${kB(report.budget)}`);
    failed = true;
  }
  for (const f of report.forbidden) {
    console.error(`FORBIDDEN in initial chunk ${f.file}: "${f.needle}" must be lazy-loaded`);
    failed = true;
  }

  if (update) {
    const data = {
      measure: 'initial JS (entry module + modulepreloads), gzip level 9, bytes',
      budget: report.budget,
      totalGzip: report.totalGzip,
      totalRaw: report.totalRaw,
      chunks: report.chunks.map((c) => ({ name: c.name, kind: c.kind, raw: c.raw, gzip: c.gzip })),
    };
    fs.mkdirSync(path.dirname(BASELINE_FILE), { recursive: true });
    fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(data, null, 2)}\n`);
    console.log(`Baseline written: ${path.relative(process.cwd(), BASELINE_FILE)}`);
  } else if (!baseline) {
    console.log(`No baseline at ${path.relative(process.cwd(), BASELINE_FILE)}: run with --update to create it.`);
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
