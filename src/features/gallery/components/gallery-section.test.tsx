import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Creative, Page } from '@domain/types';
import type { GalleryQuery } from '@/gateway/types';
import { aCreative } from '@/testing/creative';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { GallerySection } from './gallery-section';

const approved = (id: string, name: string) => aCreative({ id, name });

describe('GallerySection', () => {
  it('reads on, for a visitor too, while pages end early and empty, instead of saying nothing matches', async () => {
    // What the Firebase mode answers when a rare filter lies past its read bound: empty pages with a cursor.
    const pages: Record<string, Page<Creative>> = {
      '': { items: [], nextCursor: 'a' },
      a: { items: [], nextCursor: 'b' },
      b: { items: [approved('c1', 'Rare trouvaille')], nextCursor: null },
    };
    const list = vi.fn(async (q: GalleryQuery) => pages[q.cursor ?? '']!);
    renderWithProviders(<GallerySection />, {
      gateway: fakeGateway({ auth: { getSession: () => Promise.resolve(null) }, creatives: { list } }),
      route: '/?format=GIF',
    });
    expect(await screen.findByText('Rare trouvaille')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('Aucune créative ne correspond à votre recherche')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
  });

  it('still says so when nothing matches at all', async () => {
    const list = vi.fn(async () => ({ items: [], nextCursor: null }));
    renderWithProviders(<GallerySection />, {
      gateway: fakeGateway({ auth: { getSession: () => Promise.resolve(null) }, creatives: { list } }),
      route: '/?format=GIF',
    });
    expect(await screen.findByText('Aucune créative ne correspond à votre recherche')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);
  });
});
