import { describe, expect, it } from 'vitest';
import { activeFilterGroups, EMPTY_FILTERS } from '@domain/gallery-filters';
import { galleryParams } from '@/gateway/http/creatives';
import { readGalleryView, toGalleryQuery, withFilters } from './url-state';

/** The gallery view in the URL (issue 33): the shape and length groups read, written and sent like the categories. */
describe('the gallery URL', () => {
  it('reads ?shape= and ?length= into the filters, each value once, unknown ones dropped', () => {
    const view = readGalleryView(new URLSearchParams('shape=9:16&shape=1:1&shape=9:16&shape=3:2&length=le6&length=court&format=Vidéo'));
    expect(view.filters.media).toEqual({ shape: ['9:16', '1:1'], length: ['le6'] });
    expect(view.filters.categories).toEqual({ format: ['Vidéo'] });
    expect(activeFilterGroups(view.filters)).toBe(3);
  });

  it('writes them back so that reading gives the same view, and keeps the other parameters', () => {
    const filters = { ...EMPTY_FILTERS, categories: { sector: ['Mode'] }, media: { shape: ['4:5'], length: ['le15', 'long'] } };
    const params = withFilters(new URLSearchParams('q=crème&sort=likes&shape=1:1'), filters);
    expect(params.getAll('shape')).toEqual(['4:5']);
    expect(params.getAll('length')).toEqual(['le15', 'long']);
    expect(params.get('q')).toBe('crème');
    const read = readGalleryView(params);
    expect(read.filters).toEqual({ ...filters, isJuntoAngel: false, testedAndApproved: false });
    expect(withFilters(params, EMPTY_FILTERS).has('shape')).toBe(false);
  });

  it('sends them to the API as the same query parameters', () => {
    const query = toGalleryQuery(readGalleryView(new URLSearchParams('shape=16:9&length=le30')));
    expect(galleryParams(query)).toMatchObject({ shape: ['16:9'], length: ['le30'] });
    expect(galleryParams(toGalleryQuery(readGalleryView(new URLSearchParams(''))))).toMatchObject({ shape: undefined, length: undefined });
  });
});
