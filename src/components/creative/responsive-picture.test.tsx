import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@domain/image-sizes';
import { ResponsivePicture } from './responsive-picture';

const sources = { avif: '/media/a-320.avif 320w, /media/a-640.avif 640w', webp: '/media/a-320.webp 320w, /media/a-640.webp 640w' };

describe('ResponsivePicture', () => {
  it('offers AVIF then WebP at the sizes of its place, the single src as fallback', () => {
    const { container } = render(
      <ResponsivePicture sources={sources} place="card" src="/media/a-card.webp" alt="Créa" width={640} height={800} />,
    );
    const [avif, webp] = Array.from(container.querySelectorAll('picture > source'));
    expect(avif).toHaveAttribute('type', 'image/avif');
    expect(avif).toHaveAttribute('srcset', sources.avif);
    expect(avif).toHaveAttribute('sizes', IMAGE_SIZES.card);
    expect(webp).toHaveAttribute('type', 'image/webp');
    expect(webp).toHaveAttribute('srcset', sources.webp);
    const img = container.querySelector('picture > img')!;
    expect(img).toHaveAttribute('src', '/media/a-card.webp');
    expect(img).toHaveAttribute('alt', 'Créa');
    expect(img).toHaveAttribute('width', '640');
  });

  it('is a plain image without variants', () => {
    const { container } = render(<ResponsivePicture sources={null} place="detail" src="/media/a.png" alt="Créa" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/media/a.png');
  });
});
