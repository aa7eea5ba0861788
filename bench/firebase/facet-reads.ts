/**
 * Reads billed per filter-dialog opening in the Firebase mode (docs/decisions/024, docs/benchmarks.md):
 * for each view, a visitor's gateway with nothing cached asks `creatives.facets` (what opening the
 * dialog on that view costs), and the counts are checked against the domain's (domain/facets.ts)
 * over the seeded catalogue; then one dialog's life on one gateway — open, choose, choose, un-choose,
 * back — shows what the per-query cache saves. Used by bench/firebase-reads.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import { countFacets, maskOf } from '@domain/facets';
import { matchesSearch } from '@domain/search';
import type { FacetCounts } from '@domain/types';
import { CATEGORY_KEYS, splitCategory } from '@domain/vocabulary';
import type { FirebaseGateway } from '@/gateway/firebase';
import { galleryFiltersOf } from '@/gateway/firebase/gallery-plan';
import { searchKeyOf } from '@/gateway/firebase/index-keys';
import { readsSince } from '@/gateway/firebase/reads';
import type { GalleryQuery } from '@/gateway/types';
import type { SeededCreative } from './gallery-seed';

const VIEWS: { label: string; view: GalleryQuery }[] = [
  { label: 'no filter', view: {} },
  { label: 'format: 1 value (Vidéo)', view: { filters: { format: ['Vidéo'] } } },
  { label: 'type: 3 values (Humour, Prix, IA)', view: { filters: { type: ['Humour', 'Prix', 'IA'] } } },
  { label: 'flag: Junto Angel', view: { isJuntoAngel: true } },
  { label: 'two groups (GIF + TikTok)', view: { filters: { format: ['GIF'], platform: ['TikTok'] } } },
  {
    label: 'three groups + flag (Statique + TOFU + Beauté + tested)',
    view: { filters: { format: ['Statique'], objective: ['TOFU'], sector: ['Beauté'] }, testedAndApproved: true },
  },
  { label: 'search: common word (croquettes)', view: { q: 'croquettes' } },
  { label: 'group + search (Vidéo + croquettes)', view: { filters: { format: ['Vidéo'] }, q: 'croquettes' } },
  {
    label: 'all five groups (Statique, TOFU, UGC, Beauté, Meta)',
    view: { filters: { format: ['Statique'], objective: ['TOFU'], type: ['UGC'], sector: ['Beauté'], platform: ['Meta'] } },
  },
];

/** One dialog's life: the steps a visitor takes, on one gateway. */
const DIALOG: { label: string; view: GalleryQuery }[] = [
  { label: 'open (no filter)', view: {} },
  { label: 'choose Format: Vidéo', view: { filters: { format: ['Vidéo'] } } },
  { label: 'choose Plateforme: Meta', view: { filters: { format: ['Vidéo'], platform: ['Meta'] } } },
  { label: 'un-choose Vidéo', view: { filters: { platform: ['Meta'] } } },
  { label: 'un-choose Meta (back to no filter)', view: {} },
];

/** The domain's counts of a view over the seeded catalogue, the search as the adapter counts it. */
function domainCounts(seeded: SeededCreative[], view: GalleryQuery): FacetCounts {
  const term = searchKeyOf(view.q ?? '') ?? '';
  const masks = seeded
    .filter((c) => c.data.status === 'approved' && matchesSearch(c.data, term))
    .map((c) =>
      maskOf([
        ...CATEGORY_KEYS.flatMap((key) => splitCategory(c.data[key]).map((value) => `${key}:${value}`)),
        ...(c.data.isJuntoAngel ? ['junto'] : []),
        ...(c.data.testedAndApproved ? ['tested'] : []),
      ]),
    );
  return countFacets({ lo: masks.map((m) => m.lo), hi: masks.map((m) => m.hi), n: masks.map(() => 1) }, galleryFiltersOf(view));
}

async function measured(gateway: FirebaseGateway, view: GalleryQuery) {
  const before = { ...gateway.reads };
  const started = performance.now();
  const counts = await gateway.creatives.facets(view);
  return { counts, reads: readsSince(before, gateway.reads), ms: Math.round(performance.now() - started) };
}

/** The markdown tables of the facet counts' reads; `gateway()` makes a visitor's gateway (disposed here). */
export async function facetReadTables(gateway: () => FirebaseGateway, seeded: SeededCreative[]): Promise<string[]> {
  const lines = [
    '| view (dialog opened on it) | total | reads billed | time (emulator) | equal to the domain |',
    '|---|---:|---:|---:|---|',
  ];
  for (const { label, view } of VIEWS) {
    const g = gateway();
    try {
      const { counts, reads, ms } = await measured(g, view);
      const same = isDeepStrictEqual(counts, domainCounts(seeded, view));
      lines.push(`| ${label} | ${counts.total} | ${reads} | ${ms} ms | ${same ? 'yes' : '**no**'} |`);
    } finally {
      await g.dispose();
    }
  }
  lines.push('', '| one dialog, step by step | reads billed |', '|---|---:|');
  const g = gateway();
  try {
    for (const { label, view } of DIALOG) lines.push(`| ${label} | ${(await measured(g, view)).reads} |`);
  } finally {
    await g.dispose();
  }
  return lines;
}
