/**
 * Reads billed per filter-dialog opening in the Firebase mode (docs/decisions/024, docs/benchmarks.md):
 * for each view, a visitor's gateway with nothing cached asks `creatives.facets` (what opening the
 * dialog on that view costs), and the counts are checked against the domain's (facet-views.ts)
 * over the seeded catalogue; then one dialog's life on one gateway — open, choose, choose, un-choose,
 * back — shows what the per-query cache saves. Used by bench/firebase-reads.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FirebaseGateway } from '@/gateway/firebase';
import { readsSince } from '@/gateway/firebase/reads';
import type { GalleryQuery } from '@/gateway/types';
import { domainFacetCounts, FACET_VIEWS } from './facet-views';
import type { SeededCreative } from './gallery-seed';

/** One dialog's life: the steps a visitor takes, on one gateway. */
const DIALOG: { label: string; view: GalleryQuery }[] = [
  { label: 'open (no filter)', view: {} },
  { label: 'choose Format: Vidéo', view: { filters: { format: ['Vidéo'] } } },
  { label: 'choose Plateforme: Meta', view: { filters: { format: ['Vidéo'], platform: ['Meta'] } } },
  { label: 'un-choose Vidéo', view: { filters: { platform: ['Meta'] } } },
  { label: 'un-choose Meta (back to no filter)', view: {} },
];

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
  for (const { label, view } of FACET_VIEWS) {
    const g = gateway();
    try {
      const { counts, reads, ms } = await measured(g, view);
      const same = isDeepStrictEqual(counts, domainFacetCounts(seeded, view));
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
