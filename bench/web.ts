/**
 * `npm run bench:web` — what a visitor's browser sees (issue 13): builds the app (unless
 * --no-build), starts the production server on a fresh demo library (PGlite), and loads home, a
 * creative's page and the signed-in gallery in headless Debian Chromium (playwright-core), on a
 * desktop profile (1440 px, loopback) and a phone profile (390 px, 4× CPU slowdown, 150 ms RTT,
 * 1.6 Mbps down, 750 kbps up). Each page: a first view in a fresh browser context and a repeat view
 * in the same one; median of --runs (5) of LCP, CLS, TBT, the INP of a like click (signed in) and
 * the bytes received. Prints the targets met or missed and writes bench/baselines/web-<label>.json.
 *
 *   npm run bench:web -- [--label after] [--runs 5] [--no-build] [--server dist-server/index.js]
 *                        [--profiles desktop,phone]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@server/db/seed/accounts';
import { startServer, type RunningServer } from './load/server';
import { benchDir, projectRoot } from './scale/target';
import {
  instrument,
  longestInteractionMs,
  median,
  prepareContext,
  PROFILES,
  readVitals,
  type PageVitals,
  type Profile,
} from './web/vitals';

const { values: args } = parseArgs({
  options: {
    label: { type: 'string', default: 'run' },
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    server: { type: 'string', default: path.join(projectRoot, 'dist-server', 'index.js') },
    profiles: { type: 'string', default: 'desktop,phone' },
  },
});
const runs = Number(args.runs);
const profiles = PROFILES.filter((p) => args.profiles.split(',').includes(p.name));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

interface View extends PageVitals {
  firstViewBytes: number;
  repeatViewBytes: number;
  likeInpMs: number | null;
  /** A visitor opening the gallery's filter dialog (home). */
  filtersInpMs: number | null;
}
type PageName = 'home' | 'detail' | 'signed-in gallery';
type Results = Record<string, Record<PageName, View[]>>;

interface Target {
  what: string;
  profile: Profile['name'];
  page: PageName;
  metric: keyof View;
  max: number;
  unit: string;
}

const TARGETS: Target[] = [
  { what: 'LCP home', profile: 'phone', page: 'home', metric: 'lcpMs', max: 1200, unit: 'ms' },
  { what: 'LCP detail', profile: 'phone', page: 'detail', metric: 'lcpMs', max: 1200, unit: 'ms' },
  ...(['home', 'detail', 'signed-in gallery'] as const).flatMap((page) => [
    { what: `CLS ${page}`, profile: 'phone' as const, page, metric: 'cls' as const, max: 0.02, unit: '' },
    { what: `TBT ${page}`, profile: 'phone' as const, page, metric: 'tbtMs' as const, max: 200, unit: 'ms' },
  ]),
  { what: 'INP of a like click', profile: 'phone', page: 'signed-in gallery', metric: 'likeInpMs', max: 100, unit: 'ms' },
  { what: 'INP of opening the filters', profile: 'phone', page: 'home', metric: 'filtersInpMs', max: 100, unit: 'ms' },
  { what: 'first view of home', profile: 'phone', page: 'home', metric: 'firstViewBytes', max: 250_000, unit: 'B' },
  { what: 'repeat view of home', profile: 'phone', page: 'home', metric: 'repeatViewBytes', max: 30_000, unit: 'B' },
  { what: 'LCP home, desktop loopback', profile: 'desktop', page: 'home', metric: 'lcpMs', max: 350, unit: 'ms' },
  { what: 'LCP detail, desktop loopback', profile: 'desktop', page: 'detail', metric: 'lcpMs', max: 350, unit: 'ms' },
];

async function measure(browser: Browser, server: RunningServer, profile: Profile, page: PageName, urlPath: string): Promise<View> {
  const context = await browser.newContext({
    viewport: profile.viewport,
    isMobile: profile.mobile,
    hasTouch: profile.mobile,
    deviceScaleFactor: profile.mobile ? 3 : 1,
    baseURL: server.origin,
  });
  try {
    await prepareContext(context);
    if (page === 'signed-in gallery') {
      const email = DEMO_ACCOUNTS.find((a) => a.role === 'user')!.email;
      const res = await context.request.post('/api/auth/login', {
        data: { email, password: DEMO_PASSWORD },
        headers: { origin: server.origin },
      });
      if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
    }
    const tab = await context.newPage();
    const net = await instrument(tab, profile);
    await tab.goto(urlPath, { waitUntil: 'load' });
    const vitals = await readVitals(tab);
    const firstViewBytes = net.bytes();

    let likeInpMs: number | null = null;
    if (page === 'signed-in gallery') {
      const like = tab.getByRole('button', { name: /^J'aime \(/ }).first();
      await like.click();
      likeInpMs = await longestInteractionMs(tab);
      // Put the like back so every run starts from the same data.
      await tab
        .getByRole('button', { name: /^Je n'aime plus \(/ })
        .first()
        .click();
      await tab.waitForLoadState('networkidle');
    }

    let filtersInpMs: number | null = null;
    if (page === 'home') {
      await tab
        .getByRole('button', { name: /^Filtres/ })
        .first()
        .click();
      await tab.getByRole('dialog').waitFor();
      filtersInpMs = await longestInteractionMs(tab);
      await tab.keyboard.press('Escape');
    }

    net.reset();
    await tab.goto(urlPath, { waitUntil: 'load' });
    await tab.waitForLoadState('networkidle');
    const repeatViewBytes = net.bytes();
    return { ...vitals, firstViewBytes, repeatViewBytes, likeInpMs, filtersInpMs };
  } finally {
    await context.close();
  }
}

function summarise(views: View[]) {
  const pick = (metric: keyof View) => {
    const values = views.map((v) => v[metric]).filter((x): x is number => typeof x === 'number');
    return values.length ? median(values) : null;
  };
  return {
    lcpMs: pick('lcpMs'),
    cls: pick('cls'),
    tbtMs: pick('tbtMs'),
    fcpMs: pick('fcpMs'),
    likeInpMs: pick('likeInpMs'),
    filtersInpMs: pick('filtersInpMs'),
    firstViewBytes: pick('firstViewBytes'),
    repeatViewBytes: pick('repeatViewBytes'),
    lcpElement: views.map((v) => v.lcpElement).join(','),
  };
}

const fmt = (value: number | null, unit: string) =>
  value === null ? '—' : unit === 'B' ? `${(value / 1000).toFixed(1)} kB` : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(3);

async function main() {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (!args['no-build']) {
    console.log('[web] npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-bench-web-'));
  const server = await startServer({
    entry: path.resolve(args.server),
    target: { databaseUrl: undefined, dataDir, pgliteDir: path.join(dataDir, 'db'), label: 'pglite demo' },
    noCache: false,
    logFile: path.join(os.tmpdir(), 'creatheque-bench-web-server.log'),
    env: { SEED: 'demo' },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const gallery = (await (await fetch(`${server.origin}/api/creatives`)).json()) as { items: { id: string }[] };
    const detailPath = `/creatives/${gallery.items[0]!.id}`;
    const pages: [PageName, string][] = [
      ['home', '/'],
      ['detail', detailPath],
      ['signed-in gallery', '/'],
    ];
    console.log(`[web] server ${server.origin} (demo data, started in ${server.startupMs} ms); ${runs} runs per page and profile`);
    const results: Results = {};
    for (const profile of profiles) {
      results[profile.name] = { home: [], detail: [], 'signed-in gallery': [] };
      for (const [name, urlPath] of pages) {
        for (let i = 0; i < runs; i++) results[profile.name]![name].push(await measure(browser, server, profile, name, urlPath));
        const s = summarise(results[profile.name]![name]);
        console.log(
          `[web] ${profile.name.padEnd(7)} ${name.padEnd(17)} LCP ${fmt(s.lcpMs, 'ms')} (${s.lcpElement.split(',')[0]}), FCP ${fmt(s.fcpMs, 'ms')}, CLS ${fmt(s.cls, '')}, ` +
            `TBT ${fmt(s.tbtMs, 'ms')}, INP like ${fmt(s.likeInpMs, 'ms')}, INP filters ${fmt(s.filtersInpMs, 'ms')}, first view ${fmt(s.firstViewBytes, 'B')}, repeat ${fmt(s.repeatViewBytes, 'B')}`,
        );
      }
    }

    console.log('\nTargets (median of the runs):');
    const checks = TARGETS.filter((t) => results[t.profile]).map((t) => {
      const value = summarise(results[t.profile]![t.page])[t.metric as keyof ReturnType<typeof summarise>] as number | null;
      const met = value !== null && value <= t.max;
      console.log(
        `  ${met ? 'MET ' : 'MISS'}  ${t.what.padEnd(28)} ${t.profile.padEnd(7)} ${fmt(value, t.unit).padStart(9)}  (target ≤ ${fmt(t.max, t.unit)})`,
      );
      return { ...t, value, met };
    });
    const out = path.join(benchDir, 'baselines', `web-${args.label}.json`);
    const summary = Object.fromEntries(
      Object.entries(results).map(([profile, byPage]) => [
        profile,
        Object.fromEntries(Object.entries(byPage).map(([p, views]) => [p, summarise(views)])),
      ]),
    );
    fs.writeFileSync(
      out,
      JSON.stringify(
        {
          label: args.label,
          date: new Date().toISOString(),
          machine: `${os.cpus().length} × ${os.cpus()[0]?.model}`,
          runs,
          summary,
          checks,
          raw: results,
        },
        null,
        2,
      ),
    );
    console.log(`\n[web] written ${path.relative(projectRoot, out)}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
