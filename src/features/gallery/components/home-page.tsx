import { GallerySection } from './gallery-section';
import { HighlightsBlock } from './highlights-block';

export function HomePage() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="sr-only">Créathèque — galerie de créatives publicitaires</h1>
      <HighlightsBlock />
      <GallerySection />
    </div>
  );
}
