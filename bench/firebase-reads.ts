/**
 * Documents read per gallery page in the Firebase mode (issue 16, item 2; docs/benchmarks.md), and
 * per filter-dialog opening (the filter counts, docs/decisions/024; bench/firebase/facet-reads.ts), and
 * per page of a search in 'Pertinence' order (docs/decisions/027; bench/firebase/relevance-reads.ts).
 *
 *   npm run bench:firebase [-- --approved 10000 --pending 300 --label before --only pages,facets,relevance]
 *   firebase emulators:exec --only auth "npm run bench:firebase -- --only notes,sessions,duplicates"
 *
 * Uses the Firestore emulator at FIRESTORE_EMULATOR_HOST, or starts one (scripts/firestore-emulator.mjs)
 * with firestore.rules loaded. **Empties the emulator's demo-creatheque database**, seeds the
 * catalogue with firebase-admin (bench/firebase/gallery-seed.ts), then, as a visitor on the real
 * gateway (`createFirebaseGateway`, memory mode, like tests/firebase/harness.ts), loads the first
 * and the next page of every gallery variant and prints the reads Firestore would bill for each
 * (`gateway.reads`: documents returned, one per empty query, one per aggregation) as a markdown table.
 * Folder notes, device sessions and the duplicate check are measured on members' gateways, which
 * sign in on the Auth emulator at FIREBASE_AUTH_EMULATOR_HOST (bench/firebase/feature-reads.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { matchesFilters } from '@domain/gallery-filters';
import { matchesSearch, normalizeSearch } from '@domain/search';
import { RARE_WORD } from './scale/words';
import type { GalleryQuery } from '@/gateway/types';
import { createFirebaseGateway, type FirebaseGateway } from '@/gateway/firebase';
import { galleryFiltersOf } from '@/gateway/firebase/gallery-plan';
import { readsSince } from '@/gateway/firebase/reads';
import { clearFirestoreEmulator, loadFirestoreRules, startFirestoreEmulator } from '../scripts/firestore-emulator.mjs';
import { openAdmin } from '../scripts/firebase/admin';
import { emulatorConfig } from '../tests/firebase/helpers';
import { facetReadTables } from './firebase/facet-reads';
import { featureReadTables } from './firebase/feature-reads';
import { relevanceReadTable } from './firebase/relevance-reads';
import { seedGalleryCreatives, type SeededCreative } from './firebase/gallery-seed';
import { projectRoot } from './scale/target';

const PROJECT_ID = 'demo-creatheque';

const { values: opts } = parseArgs({
  options: {
    approved: { type: 'string', default: '10000' },
    pending: { type: 'string', default: '300' },
    label: { type: 'string', default: '' },
    /**
     * What to measure, comma-separated: pages (gallery pages), facets (filter counts), relevance
     * (pages of a search in 'Pertinence' order), notes (folder notes), sessions ('Déconnecter les
     * autres appareils'), duplicates (the check on choosing a file). Default: pages, facets and
     * relevance. notes, sessions and duplicates need the Auth emulator too.
     */
    only: { type: 'string', default: 'pages,facets,relevance' },
  },
});

/** Every gallery variant of the brief: no filter, each group (one value, several), flags, searches, combinations. */
const VARIANTS: { label: string; query: GalleryQuery }[] = [
  { label: 'no filter', query: {} },
  { label: 'format: 1 value (GIF)', query: { filters: { format: ['GIF'] } } },
  { label: 'format: 2 values (GIF, Motion)', query: { filters: { format: ['GIF', 'Motion'] } } },
  { label: 'objective: 1 value (MOFU)', query: { filters: { objective: ['MOFU'] } } },
  { label: 'objective: 2 values (MOFU, BOFU)', query: { filters: { objective: ['MOFU', 'BOFU'] } } },
  { label: 'type: 1 value (ASMR, rare)', query: { filters: { type: ['ASMR'] } } },
  { label: 'type: 1 value (UGC, common)', query: { filters: { type: ['UGC'] } } },
  { label: 'type: 3 values (Humour, Prix, IA)', query: { filters: { type: ['Humour', 'Prix', 'IA'] } } },
  { label: 'sector: 1 value (Automobile, rare)', query: { filters: { sector: ['Automobile'] } } },
  { label: 'sector: 3 values (Travel, Formation, Énergie)', query: { filters: { sector: ['Travel', 'Formation', 'Énergie'] } } },
  { label: 'platform: 1 value (DV360, rare)', query: { filters: { platform: ['DV360'] } } },
  { label: 'platform: 2 values (LinkedIn, Pinterest)', query: { filters: { platform: ['LinkedIn', 'Pinterest'] } } },
  { label: 'flag: Junto Angel', query: { isJuntoAngel: true } },
  { label: 'flag: tested and approved', query: { testedAndApproved: true } },
  { label: 'both flags', query: { isJuntoAngel: true, testedAndApproved: true } },
  { label: 'search: common word (croquettes)', query: { q: 'croquettes' } },
  { label: `search: rare word (${normalizeSearch(RARE_WORD)})`, query: { q: RARE_WORD } },
  { label: 'search: two words (crème bio)', query: { q: 'crème bio' } },
  { label: 'search: one letter (a)', query: { q: 'a' } },
  { label: 'group + search (Vidéo + croquettes)', query: { filters: { format: ['Vidéo'] }, q: 'croquettes' } },
  { label: 'two groups (GIF + TikTok)', query: { filters: { format: ['GIF'], platform: ['TikTok'] } } },
  {
    label: 'three groups + flag (Statique + TOFU + Beauté + tested)',
    query: { filters: { format: ['Statique'], objective: ['TOFU'], sector: ['Beauté'] }, testedAndApproved: true },
  },
  {
    label: 'all five groups (Statique, TOFU, UGC, Beauté, Meta)',
    query: { filters: { format: ['Statique'], objective: ['TOFU'], type: ['UGC'], sector: ['Beauté'], platform: ['Meta'] } },
  },
];

async function emulator(): Promise<{ hostPort: string; stop: () => Promise<void> }> {
  const rules = readFileSync(path.join(projectRoot, 'firestore.rules'), 'utf8');
  const given = process.env.FIRESTORE_EMULATOR_HOST?.replace(/^https?:\/\//, '');
  if (given) {
    await loadFirestoreRules(given, PROJECT_ID, rules);
    return { hostPort: given, stop: async () => {} };
  }
  const started = await startFirestoreEmulator({ log: console.error });
  if ('reason' in started) throw new Error(`Firestore emulator not available: ${started.reason}`);
  await loadFirestoreRules(started.hostPort, PROJECT_ID, rules);
  process.env.FIRESTORE_EMULATOR_HOST = started.hostPort;
  return { hostPort: started.hostPort, stop: started.stop };
}

/** Whether the gallery shows a creative for a query. */
const shown = (creative: SeededCreative['data'], q: GalleryQuery) =>
  matchesFilters(creative, galleryFiltersOf(q)) && matchesSearch(creative, q.q ?? '');

/** The first and the next page of every variant, in both orders, with the reads each billed (the gateway is disposed). */
async function pageRows(gateway: FirebaseGateway, matching: (q: GalleryQuery) => number): Promise<string[]> {
  const rows: string[] = [];
  try {
    for (const sort of ['recent', 'likes'] as const) {
      for (const variant of VARIANTS) {
        const query: GalleryQuery = { ...variant.query, sort };
        const cells: string[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < 2; page++) {
          if (page > 0 && !cursor) {
            cells.push('–', '–');
            continue;
          }
          const before = { ...gateway.reads };
          const result = await gateway.creatives.list({ ...query, cursor });
          cells.push(String(readsSince(before, gateway.reads)), String(result.items.length));
          cursor = result.nextCursor;
        }
        rows.push(`| ${variant.label} | ${sort} | ${matching(variant.query)} | ${cells.join(' | ')} |`);
      }
    }
  } finally {
    await gateway.dispose();
  }
  return rows;
}

async function main() {
  const approved = Number(opts.approved);
  const pending = Number(opts.pending);
  const fs = await emulator();
  const [host, port] = [fs.hostPort.slice(0, fs.hostPort.lastIndexOf(':')), Number(fs.hostPort.slice(fs.hostPort.lastIndexOf(':') + 1))];
  const admin = openAdmin(PROJECT_ID);
  try {
    await clearFirestoreEmulator(fs.hostPort, PROJECT_ID);
    const started = performance.now();
    const seeded = await seedGalleryCreatives(admin.db, { approved, pending });
    console.error(`seeded ${approved} approved + ${pending} pending creatives in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    let made = 0;
    const visitor = () =>
      createFirebaseGateway(emulatorConfig({ emulatorHost: host }), {
        name: `bench-visitor-${process.pid}-${++made}`,
        mode: 'memory',
        ports: { firestore: port },
        log: () => {},
      });
    const title = opts.label ? ` (${opts.label})` : '';
    const wanted = new Set(opts.only.split(',').map((part) => part.trim()));
    if (wanted.has('pages')) {
      const rows = await pageRows(visitor(), (q) => seeded.filter((c) => c.data.status === 'approved' && shown(c.data, q)).length);
      console.log(`\nReads billed per gallery page${title}: ${approved} approved + ${pending} pending creatives, visitor\n`);
      console.log('| variant | sort | matching | page 1 reads | page 1 items | page 2 reads | page 2 items |');
      console.log('|---|---|---:|---:|---:|---:|---:|');
      for (const row of rows) console.log(row);
    }
    if (wanted.has('facets')) {
      const lines = await facetReadTables(visitor, seeded);
      console.log(`\nReads billed per filter-dialog opening${title}: ${approved} approved + ${pending} pending creatives, visitor\n`);
      for (const line of lines) console.log(line);
    }
    if (wanted.has('relevance')) {
      const lines = await relevanceReadTable(visitor, seeded);
      console.log(
        `\nReads billed per page of a search in 'Pertinence' order${title}: ${approved} approved + ${pending} pending creatives, visitor\n`,
      );
      for (const line of lines) console.log(line);
    }
    const features = { notes: wanted.has('notes'), sessions: wanted.has('sessions'), duplicates: wanted.has('duplicates') };
    if (features.notes || features.sessions || features.duplicates) {
      const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
      if (!authHost)
        throw new Error(
          'notes, sessions and duplicates sign members in: set FIREBASE_AUTH_EMULATOR_HOST (firebase emulators:exec --only auth)',
        );
      const authPort = Number(authHost.slice(authHost.lastIndexOf(':') + 1));
      const target = { host, ports: { auth: authPort, firestore: port }, projectId: PROJECT_ID, admin, seeded };
      const lines = await featureReadTables(target, features);
      console.log(
        `\nReads billed by folder notes, device sessions and the duplicate check${title}: ${approved} approved + ${pending} pending creatives\n`,
      );
      for (const line of lines) console.log(line);
    }
  } finally {
    await admin.close();
    await fs.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
