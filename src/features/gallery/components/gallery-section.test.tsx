import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Creative, Page } from '@domain/types';
import type { GalleryQuery } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { GallerySection } from './gallery-section';

const approved = (id: string, name: string): Creative => ({
  id,
  name,
  advertiser: 'Annonceur',
  mediaType: 'image',
  mediaUrl: null,
  thumbUrl: null,
  posterUrl: null,
  width: null,
  height: null,
  image: null,
  format: 'GIF',
  objective: 'TOFU',
  type: 'UGC',
  sector: 'Food',
  platform: 'Meta',
  likes: 0,
  likedByMe: false,
  commentCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  validated: true,
  status: 'approved',
  submittedBy: null,
  submitter: null,
  isJuntoAngel: false,
  testedAndApproved: false,
  analysis: null,
  analysisPreview: [],
  isFeatured: false,
  featuredAt: null,
  analyzedBy: null,
  rating: null,
  rejectionReason: null,
});

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
