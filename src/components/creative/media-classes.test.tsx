import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCreative } from '@/testing/creative';
import { renderWithProviders } from '@/testing/render';
import { CreativeCard } from './creative-card';

/** The card's hover details (issue 33): the media's proportions, and a video's length. */
describe("a card's media classes", () => {
  it('shows the shape and, for a video, the length, named for screen readers', async () => {
    const video = aCreative({ id: 'v', name: 'Spot', mediaType: 'video', shape: '9:16', lengthClass: 'le6' });
    renderWithProviders(<CreativeCard creative={video} onToggleLike={() => {}} />);
    expect(await screen.findByText('9:16 (story, reel)')).toBeInTheDocument();
    expect(screen.getByText('≤ 6 s')).toBeInTheDocument();
    expect(screen.getByText('Proportions')).toHaveClass('sr-only');
    expect(screen.getByText('Durée')).toHaveClass('sr-only');
  });

  it("shows an image's shape only, and nothing when the size is unknown", async () => {
    renderWithProviders(
      <>
        <CreativeCard creative={aCreative({ id: 'i', name: 'Carré', shape: '1:1', lengthClass: 'le15' })} onToggleLike={() => {}} />
        <CreativeCard creative={aCreative({ id: 'n', name: 'Inconnu' })} onToggleLike={() => {}} />
      </>,
    );
    // Once the details' chunk has loaded for the first card, the second has rendered its own: none.
    expect(await screen.findByText('1:1 (carré)')).toBeInTheDocument();
    expect(screen.queryByText('≤ 15 s')).toBeNull();
    expect(screen.getAllByText('Proportions')).toHaveLength(1);
  });
});
