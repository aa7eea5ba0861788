import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type GalleryFilters } from '@domain/gallery-filters';
import { MEDIA_FILTER_LISTS } from '@domain/media-shape';
import { CATEGORY_LISTS } from '@domain/vocabulary';
import { facetCountPlan, specKey, type PlannedCount } from './facet-count-plan';
import { FLAG_FACETS } from './index-keys';

const filters = (overrides: Partial<GalleryFilters>): GalleryFilters => ({ ...EMPTY_FILTERS, ...overrides });
const distinct = (plan: PlannedCount[] | null) => new Set(plan!.map((p) => specKey(p.spec))).size;
const specOf = (plan: PlannedCount[] | null, match: (p: PlannedCount) => boolean) => plan!.find(match)!.spec;

describe('facetCountPlan', () => {
  it('counts the shape and the length like category groups: any value within, each without its own choice', () => {
    const plan = facetCountPlan(filters({ categories: { sector: ['Mode'] }, media: { shape: ['9:16', '4:5'], length: ['le6'] } }), '');
    const isValue = (group: string, value: string) => (p: PlannedCount) =>
      p.slot.kind === 'value' && p.slot.group === group && p.slot.value === value;
    expect(specOf(plan, isValue('shape', '1:1'))).toEqual({ anyOf: [['shape:1:1'], ['sector:Mode'], ['length:le6']], searchKey: null });
    expect(specOf(plan, isValue('length', 'long'))).toEqual({
      anyOf: [['length:long'], ['sector:Mode'], ['shape:9:16', 'shape:4:5']],
      searchKey: null,
    });
    expect(specOf(plan, (p) => p.slot.kind === 'total')).toEqual({
      anyOf: [['sector:Mode'], ['shape:9:16', 'shape:4:5'], ['length:le6']],
      searchKey: null,
    });
  });

  it('counts each value, each flag and the total once without a filter', () => {
    const plan = facetCountPlan(EMPTY_FILTERS, '');
    const values = [...Object.values(CATEGORY_LISTS), ...Object.values(MEDIA_FILTER_LISTS)].reduce((n, list) => n + list.length, 0);
    expect(plan).toHaveLength(values + 3);
    expect(distinct(plan)).toBe(values + 3);
    expect(specOf(plan, (p) => p.slot.kind === 'total')).toEqual({ anyOf: [], searchKey: null });
    expect(specOf(plan, (p) => p.slot.kind === 'junto')).toEqual({ anyOf: [[FLAG_FACETS.isJuntoAngel]], searchKey: null });
  });

  it("leaves a value's own group out of its count, and keeps the other groups, the flags and the search", () => {
    const plan = facetCountPlan(
      filters({ categories: { format: ['GIF', 'Vidéo', 'GIF'], platform: ['Meta'] }, testedAndApproved: true }),
      'Crème brûlée',
    );
    const isValue = (group: string, value: string) => (p: PlannedCount) =>
      p.slot.kind === 'value' && p.slot.group === group && p.slot.value === value;
    expect(specOf(plan, isValue('format', 'Motion'))).toEqual({
      anyOf: [['format:Motion'], ['platform:Meta'], [FLAG_FACETS.testedAndApproved]],
      searchKey: 'brulee',
    });
    expect(specOf(plan, isValue('type', 'UGC'))).toEqual({
      anyOf: [['type:UGC'], ['format:GIF', 'format:Vidéo'], ['platform:Meta'], [FLAG_FACETS.testedAndApproved]],
      searchKey: 'brulee',
    });
    // The view's flag: its count is the total.
    const tested = specOf(plan, (p) => p.slot.kind === 'tested');
    expect(specKey(tested)).toBe(specKey(specOf(plan, (p) => p.slot.kind === 'total')));
  });

  it('names equal queries alike, whatever the order of their parts and values', () => {
    expect(specKey({ anyOf: [['b', 'a'], ['c']], searchKey: null })).toBe(specKey({ anyOf: [['c'], ['a', 'b']], searchKey: null }));
    expect(specKey({ anyOf: [['a']], searchKey: 'x' })).not.toBe(specKey({ anyOf: [['a']], searchKey: null }));
  });

  it('refuses a view of more than 30 disjunctions once expanded', () => {
    const two = ['UGC', 'IA'];
    const four = ['Mode', 'Food', 'Sport', 'Santé'];
    expect(facetCountPlan(filters({ categories: { type: two, sector: four, objective: ['TOFU', 'MOFU', 'BOFU'] } }), '')).not.toBeNull();
    expect(
      facetCountPlan(filters({ categories: { type: two, sector: four, platform: ['Meta', 'TikTok', 'Google', 'Snapchat'] } }), ''),
    ).toBeNull();
  });
});
