import type { ImgHTMLAttributes } from 'react';
import { IMAGE_SIZES, type ImagePlace } from '@domain/image-sizes';
import type { ImageSources } from '@domain/types';

/**
 * A creative's picture at the width it is shown: AVIF, else WebP, from its responsive variants
 * (`sources`, with the `sizes` of its place), else the single `src`. Every attribute of the
 * `<img>` (alt, size, loading, classes…) is passed through.
 */
export function ResponsivePicture({
  sources,
  place,
  ...img
}: { sources: ImageSources | null | undefined; place: ImagePlace } & ImgHTMLAttributes<HTMLImageElement>) {
  // eslint-disable-next-line jsx-a11y/alt-text -- alt comes with the attributes
  if (!sources) return <img {...img} />;
  const sizes = IMAGE_SIZES[place];
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {/* eslint-disable-next-line jsx-a11y/alt-text -- alt comes with the attributes */}
      <img {...img} />
    </picture>
  );
}
