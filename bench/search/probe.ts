/**
 * Times the gallery's search and the facet counts straight on a database (no HTTP, no response cache): cold first call
 * and the median of repeats, per case. `DATABASE_URL=… npx tsx bench/search/probe.ts`.
 */
import { performance } from 'node:perf_hooks';
import { facetsQueryInput, galleryQueryInput } from '@domain/schemas/gallery';
import { openDatabase } from '@server/db/client';
import { Catalogue } from '@server/catalogue/catalogue';
import { facetCounts } from '@server/services/creatives/facets.service';
import { listGallery } from '@server/services/creatives/gallery.service';
import { COMMON_Q, RARE_Q } from '../load/scenarios';

const CASES: [string, Record<string, string>][] = [
  ['no filter', {}],
  ['sector=Beauté', { sector: 'Beauté' }],
  ['format=Vidéo+sector=Beauté+platform=TikTok', { format: 'Vidéo', sector: 'Beauté', platform: 'TikTok' }],
  [`q=${COMMON_Q}`, { q: COMMON_Q }],
  [`q=${RARE_Q}`, { q: RARE_Q }],
  ['q=croqettes (typo)', { q: 'croqettes' }],
  ['q=avis clients beauté', { q: 'avis clients beauté' }],
  [`q=${COMMON_Q}+sector=Animaux`, { q: COMMON_Q, sector: 'Animaux' }],
];

async function time(fn: () => Promise<unknown>, repeats: number): Promise<{ cold: number; median: number }> {
  let t = performance.now();
  await fn();
  const cold = performance.now() - t;
  const runs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    t = performance.now();
    await fn();
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  return { cold, median: runs.length ? runs[Math.floor(runs.length / 2)]! : cold };
}

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const f = (n: number) => n.toFixed(1).padStart(8);
const catalogue = new Catalogue(database.db, { pollMs: 0 });
const built = await time(() => catalogue.start(), 0);
console.log(`catalogue loaded in ${built.cold.toFixed(0)} ms (${JSON.stringify(catalogue.stats)})`);
console.log(`| case | first page, relevance: cold / median ms | sort=recent: cold / median ms | facet counts: cold / median ms |`);
for (const [name, params] of CASES) {
  const gallery = await time(() => listGallery(database.db, null, galleryQueryInput.parse(params), catalogue), 5);
  const recent = await time(() => listGallery(database.db, null, galleryQueryInput.parse({ ...params, sort: 'recent' }), catalogue), 5);
  const facets = await time(() => facetCounts(database.db, catalogue, false, facetsQueryInput.parse(params)), 5);
  console.log(
    `| ${name} | ${f(gallery.cold)} / ${f(gallery.median)} | ${f(recent.cold)} / ${f(recent.median)} | ${f(facets.cold)} / ${f(facets.median)} |`,
  );
}
catalogue.close();
await database.close();
