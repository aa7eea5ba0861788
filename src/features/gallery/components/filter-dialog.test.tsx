import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from '@domain/gallery-filters';
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
  return { total: 42, categories, junto: 3, tested: 0 };
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
});
