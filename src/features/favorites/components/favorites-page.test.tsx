import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Creative, Page } from '@domain/types';
import { aCreative } from '@/testing/creative';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { FavoritesPage } from './favorites-page';

describe('FavoritesPage', () => {
  it('reads on while searched pages end early and empty, instead of saying no favourite matches', async () => {
    // What the Firebase mode answers when the few matching likes lie past its read bound.
    const pages: Record<string, Page<Creative>> = {
      '': { items: [], nextCursor: 'a' },
      a: { items: [aCreative({ id: 'c1', name: 'Coup de cœur', likedByMe: true })], nextCursor: null },
    };
    const favorites = vi.fn(async (q: { q?: string; cursor?: string | null }) => pages[q.cursor ?? '']!);
    renderWithProviders(<FavoritesPage />, { gateway: fakeGateway({ creatives: { favorites } }), route: '/favorites?q=cœur' });
    expect(await screen.findByText('Coup de cœur')).toBeInTheDocument();
    expect(favorites).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Aucun favori ne correspond à votre recherche')).not.toBeInTheDocument();
  });

  it('says so when no favourite matches the search', async () => {
    const favorites = vi.fn(async () => ({ items: [], nextCursor: null }));
    renderWithProviders(<FavoritesPage />, { gateway: fakeGateway({ creatives: { favorites } }), route: '/favorites?q=rien' });
    expect(await screen.findByText('Aucun favori ne correspond à votre recherche')).toBeInTheDocument();
  });
});
