/** Case- and accent-insensitive search over a creative's name and advertiser (spec §2 Home). */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text stored beside a creative and matched by the search term. */
export function searchTextOf(creative: { name: string; advertiser: string }): string {
  return normalizeSearch(`${creative.name} ${creative.advertiser}`);
}

/** True when the normalised term occurs in the creative's name or advertiser. */
export function matchesSearch(creative: { name: string; advertiser: string }, term: string): boolean {
  const q = normalizeSearch(term);
  return q === '' || searchTextOf(creative).includes(q);
}
