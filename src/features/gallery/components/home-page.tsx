import { GallerySection, type GallerySectionProps } from './gallery-section';
import { HighlightsBlock } from './highlights-block';

/** '/': the highlights and the gallery; the app may add controls to the gallery cards. */
export function HomePage({ renderCardActions }: GallerySectionProps) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="sr-only">Créathèque — galerie de créatives publicitaires</h1>
      <HighlightsBlock />
      <GallerySection renderCardActions={renderCardActions} />
    </div>
  );
}
