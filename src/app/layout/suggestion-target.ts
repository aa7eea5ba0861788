import type { Suggestion } from '@domain/types';
import { paths } from '@/config/paths';
import { readGalleryView, withFilters } from '@/features/gallery/url-state';

/**
 * Where picking a suggestion leads: an advertiser searches for its name on the current list (?q=); a
 * tag value becomes a filter of the gallery, added to the gallery's current ones, in place of the
 * typed text; a creative opens.
 */
export function suggestionTarget(suggestion: Suggestion, location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  if (suggestion.kind === 'creative' && suggestion.id) return paths.creative(suggestion.id);
  if (suggestion.kind === 'tag' && suggestion.category) {
    const base = location.pathname === paths.home ? params : new URLSearchParams();
    const { filters } = readGalleryView(base);
    const values = filters.categories[suggestion.category] ?? [];
    const next = withFilters(base, {
      ...filters,
      categories: { ...filters.categories, [suggestion.category]: [...new Set([...values, suggestion.label])] },
    });
    next.delete('q');
    return `${paths.home}?${next.toString()}`;
  }
  params.set('q', suggestion.label);
  return `${location.pathname}?${params.toString()}`;
}
