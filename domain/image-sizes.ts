/**
 * The `sizes` of each place a creative's picture is shown, for its responsive `srcset`
 * (server/media/derivatives.ts makes 320–1280 px): the browser picks the smallest variant that is
 * sharp at that width. Shared by the web app and the server, which preloads the highlight's
 * picture with the same values (a preload with other sizes would be a second download).
 * Layouts: the gallery grid has 1, 2 (sm), 3 (lg) and 4 (xl) columns in a page up to 1536 px;
 * the highlight's picture takes 2/5 of the card from md; the detail page's media half the page from lg.
 */
export const IMAGE_SIZES = {
  card: '(min-width: 1536px) 360px, (min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  highlight: '(min-width: 1536px) 580px, (min-width: 768px) 40vw, 100vw',
  detail: '(min-width: 1536px) 740px, (min-width: 1024px) 50vw, 100vw',
} as const;

export type ImagePlace = keyof typeof IMAGE_SIZES;
