import type { LengthClass, MediaFilterKey, ShapeClass } from './media-shape';

/**
 * The French labels of the shape and length groups and of their classes (domain/media-shape.ts): the
 * filter dialog's and the card's. A module of their own, so that the gallery's first page, which reads
 * the classes from the URL, does not carry the labels the lazy dialog shows.
 */
export const MEDIA_FILTER_LABELS: Record<MediaFilterKey, string> = {
  shape: 'Proportions',
  length: 'Durée',
};

export const SHAPE_LABELS: Record<ShapeClass, string> = {
  '9:16': '9:16 (story, reel)',
  '4:5': '4:5 (portrait)',
  '1:1': '1:1 (carré)',
  '16:9': '16:9 (paysage)',
  other: 'Autre',
};

export const LENGTH_LABELS: Record<LengthClass, string> = {
  le6: '≤ 6 s',
  le15: '≤ 15 s',
  le30: '≤ 30 s',
  long: 'Plus de 30 s',
};

/** A value's French label, in its group. */
export function mediaValueLabel(key: MediaFilterKey, value: string): string {
  return key === 'shape' ? SHAPE_LABELS[value as ShapeClass] : LENGTH_LABELS[value as LengthClass];
}
