import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS, type GalleryFilters } from '@domain/gallery-filters';
import { MEDIA_FILTER_KEYS, MEDIA_FILTER_LISTS } from '@domain/media-shape';
import type { FacetCounts } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import type { GalleryQuery } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import FilterDialog from './filter-dialog';

/** Counts where every value has `n`, but the ones given. */
function counts(n: number, given: Partial<Record<string, number>> = {}): FacetCounts {
  const categories = Object.fromEntries(
    CATEGORY_KEYS.map((key) => [key, Object.fromEntries(CATEGORY_LISTS[key].map((v) => [v, given[v] ?? n]))]),
  ) as FacetCounts['categories'];
  const media = Object.fromEntries(
    MEDIA_FILTER_KEYS.map((key) => [key, Object.fromEntries(MEDIA_FILTER_LISTS[key].map((v) => [v, given[`${key}:${v}`] ?? n]))]),
  ) as FacetCounts['media'];
  return { total: 42, categories, media, junto: 3, tested: 0 };
}

describe('FilterDialog counts', () => {
  it('shows how many creatives each value would show, dims the values that would show none, and follows the draft', async () => {
    const facets = vi.fn(async (query: GalleryQuery) =>
      query.filters?.format?.includes('Vidéo') ? counts(2, { Mode: 0 }) : counts(5, { GIF: 0 }),
    );
    renderWithProviders(<FilterDialog initial={EMPTY_FILTERS} q="croquettes" onApply={() => {}} onClose={() => {}} />, {
      gateway: fakeGateway({ features: { relevanceSort: true, facetCounts: true }, creatives: { facets } }),
    });
    const video = await screen.findByRole('button', { name: 'Vidéo' });
    await waitFor(() => expect(video).toHaveAccessibleDescription('5 créas'));
    expect(screen.getByRole('button', { name: 'GIF' })).toHaveAttribute('data-empty');
    expect(screen.getByRole('button', { name: 'GIF' })).toHaveAccessibleDescription('0 créa');
    expect(screen.getByRole('button', { name: 'GIF' })).toBeEnabled();
    expect(screen.getByText('42 créas correspondent')).toBeInTheDocument();
    expect(facets).toHaveBeenCalledWith(expect.objectContaining({ q: 'croquettes' }));

    await userEvent.click(video);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mode' })).toHaveAttribute('data-empty'));
    expect(screen.getByRole('button', { name: 'GIF' })).not.toHaveAttribute('data-empty');
    expect(video).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows no counts on a backend that cannot count, and never asks', async () => {
    const facets = vi.fn();
    renderWithProviders(<FilterDialog initial={EMPTY_FILTERS} q="" onApply={() => {}} onClose={() => {}} />, {
      gateway: fakeGateway({ features: { relevanceSort: false, facetCounts: false }, creatives: { facets } }),
    });
    expect(await screen.findByRole('button', { name: 'Vidéo' })).not.toHaveAttribute('data-empty');
    expect(screen.getByRole('button', { name: 'Vidéo' })).not.toHaveAccessibleDescription();
    expect(facets).not.toHaveBeenCalled();
  });

  it('shows the proportions and the length as two groups of their own, counted, chosen and applied', async () => {
    const facets = vi.fn(async (query: GalleryQuery) =>
      query.media?.shape?.includes('9:16') ? counts(4, { 'length:long': 0 }) : counts(6, { 'shape:other': 0 }),
    );
    const onApply = vi.fn<(filters: GalleryFilters) => void>();
    renderWithProviders(<FilterDialog initial={EMPTY_FILTERS} q="" onApply={onApply} onClose={() => {}} />, {
      gateway: fakeGateway({ features: { relevanceSort: true, facetCounts: true }, creatives: { facets } }),
    });
    const shapes = await screen.findByRole('group', { name: 'Proportions' });
    const lengths = screen.getByRole('group', { name: 'Durée' });
    const story = within(shapes).getByRole('button', { name: '9:16 (story, reel)' });
    await waitFor(() => expect(story).toHaveAccessibleDescription('6 créas'));
    expect(within(shapes).getByRole('button', { name: 'Autre' })).toHaveAttribute('data-empty');
    expect(
      within(lengths)
        .getAllByRole('button')
        .map((b) => b.firstChild?.textContent),
    ).toEqual(['≤ 6 s', '≤ 15 s', '≤ 30 s', 'Plus de 30 s']);

    await userEvent.click(story);
    expect(story).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(lengths).getByRole('button', { name: 'Plus de 30 s' })).toHaveAttribute('data-empty'));
    expect(facets).toHaveBeenLastCalledWith(expect.objectContaining({ media: { shape: ['9:16'] } }));
    // The keyboard reaches a length and toggles it like a click.
    within(lengths).getByRole('button', { name: '≤ 6 s' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ media: { shape: ['9:16'], length: ['le6'] } }));
  });
});
