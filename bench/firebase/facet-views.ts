/**
 * The filter-dialog views that Firebase mode's filter counts are measured on (bench/firebase/facet-reads.ts)
 * and proved on (tests/firebase/facet-counts.emulator.test.ts), and the counts the domain gives them
 * (domain/facets.ts, as the self-hosted server computes them) over a seeded catalogue.
 */
import { countFacets, maskOf } from '@domain/facets';
import { matchesSearch } from '@domain/search';
import type { FacetCounts } from '@domain/types';
import { CATEGORY_KEYS, splitCategory } from '@domain/vocabulary';
import { galleryFiltersOf } from '@/gateway/firebase/gallery-plan';
import { searchKeyOf } from '@/gateway/firebase/index-keys';
import type { GalleryQuery } from '@/gateway/types';
import type { SeededCreative } from './gallery-seed';

export const FACET_VIEWS: readonly { label: string; view: GalleryQuery }[] = [
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

/** The domain's counts of a view over the approved part of `catalogue`, the search counted as the adapter counts it. */
export function domainFacetCounts(catalogue: readonly SeededCreative[], view: GalleryQuery): FacetCounts {
  const term = searchKeyOf(view.q ?? '') ?? '';
  const masks = catalogue
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
