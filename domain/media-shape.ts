/**
 * Where a creative runs, read from its media: the aspect-ratio class of every creative (from the stored
 * width and height) and the duration class of every video. Both are filter groups of the gallery
 * (`?shape=9:16&length=le6`), counted like the category groups, and shown in the card's hover details.
 */
export const SHAPE_CLASSES = ['9:16', '4:5', '1:1', '16:9', 'other'] as const;
export type ShapeClass = (typeof SHAPE_CLASSES)[number];

export const LENGTH_CLASSES = ['le6', 'le15', 'le30', 'long'] as const;
export type LengthClass = (typeof LENGTH_CLASSES)[number];

/** The two groups, as the URL and the filter dialog name them. */
export const MEDIA_FILTER_KEYS = ['shape', 'length'] as const;
export type MediaFilterKey = (typeof MEDIA_FILTER_KEYS)[number];

/** The values of each group, in the order the filter dialog and the facet bits (domain/facets.ts) list them. */
export const MEDIA_FILTER_LISTS: { shape: readonly ShapeClass[]; length: readonly LengthClass[] } = {
  shape: SHAPE_CLASSES,
  length: LENGTH_CLASSES,
};

const RATIOS: readonly [ShapeClass, number][] = [
  ['9:16', 9 / 16],
  ['4:5', 4 / 5],
  ['1:1', 1],
  ['16:9', 16 / 9],
];

/** How far a ratio may be from a class's (relative): 1080×1920 and 720×1280 are 9:16, 1200×628 is not 16:9. */
const RATIO_TOLERANCE = 0.03;

/** The aspect-ratio class of a width × height, or null when the size is unknown. */
export function shapeOf(width: number | null | undefined, height: number | null | undefined): ShapeClass | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const ratio = width / height;
  for (const [shape, target] of RATIOS) if (Math.abs(ratio / target - 1) <= RATIO_TOLERANCE) return shape;
  return 'other';
}

/** The duration class of a video lasting `durationMs` (whole seconds, rounded: a 6.02 s bumper is ≤ 6 s). */
export function lengthOf(durationMs: number | null | undefined): LengthClass | null {
  if (durationMs == null || !Number.isFinite(durationMs) || durationMs < 0) return null;
  const seconds = Math.round(durationMs / 1000);
  if (seconds <= 6) return 'le6';
  if (seconds <= 15) return 'le15';
  if (seconds <= 30) return 'le30';
  return 'long';
}

/** A stored value as a class, or null when it is none of them (an older row, a hand-edited document). */
export function asShape(value: unknown): ShapeClass | null {
  return (SHAPE_CLASSES as readonly unknown[]).includes(value) ? (value as ShapeClass) : null;
}

export function asLength(value: unknown): LengthClass | null {
  return (LENGTH_CLASSES as readonly unknown[]).includes(value) ? (value as LengthClass) : null;
}
