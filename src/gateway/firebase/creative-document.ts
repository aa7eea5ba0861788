import { analysisPreview, hasAnalysis } from '@domain/analysis-preview';
import { lengthOf, shapeOf, type LengthClass, type ShapeClass } from '@domain/media-shape';
import { clampText } from '@domain/media-text';
import type { CreativeInputData } from '@domain/schemas/creative';
import type { Analysis } from '@domain/types';
import { joinCategory, type CategoryKey } from '@domain/vocabulary';
import type { MediaReading } from '../types';
import { facetKeys, facetMapOf } from './index-keys';
import { creativeSearchKeys } from './media-text-search';

/**
 * The stored shape of a creative in Firestore (spec §3, docs/decisions/005), written by the adapter,
 * `npm run seed:firebase` and the migration alike — the one place that says what goes where:
 *
 * - `creatives/{id}`: what anyone who may read the creative sees — the form's fields, the media, the
 *   counters, the review fields, the short home preview of the analysis (`analysisPreview`, spec §9),
 *   whether it has an analysis (`hasAnalysis`, for the analytics count), and the index keys
 *   (`facets`, `facetMap`, `searchKeys`). Never the analysis itself. What the submitter's browser read
 *   in the media (`mediaText`, corrected by the staff in the edit form; `shape`, `lengthClass`:
 *   domain/media-shape.ts), the text's word starts among the `searchKeys` (media-text-search.ts).
 * - `creatives/{id}/private/analysis` (ANALYSIS_DOC): the full analysis, for members only.
 */

/** Id of the analysis document in the creative's `private` sub-collection. */
export const PRIVATE_COLLECTION = 'private';
export const ANALYSIS_DOC = 'analysis';

/**
 * The form values a creative is indexed and previewed by, and its media's classes (domain/media-shape.ts)
 * when it has them: facetKeys indexes them as `shape:…` / `length:…`.
 */
export interface IndexedFields extends Record<CategoryKey, string> {
  name: string;
  advertiser: string;
  isJuntoAngel: boolean;
  testedAndApproved: boolean;
  shape?: ShapeClass | null;
  lengthClass?: LengthClass | null;
}

/**
 * Fields derived from the form values, the analysis and the media's text: rewritten with them, in the
 * same write.
 */
export function derivedFields(fields: IndexedFields, analysis: Analysis, mediaText = '') {
  const facets = facetKeys(fields);
  return {
    facets,
    facetMap: facetMapOf(facets),
    searchKeys: creativeSearchKeys(fields, mediaText),
    analysisPreview: analysisPreview(analysis.bestPractices),
    hasAnalysis: hasAnalysis(analysis),
  };
}

/** The analysis of a validated form. */
export function analysisOf(input: CreativeInputData): Analysis {
  return {
    attention: input.attention,
    interest: input.interest,
    desire: input.desire,
    bestPractices: input.bestPractices,
    actions: input.actions,
  };
}

/**
 * What a validated submit / edit form writes: the public fields of the creative (categories joined
 * by ', ', the media's text, the derived fields) and, separately, the analysis for the private
 * document. `mediaText`: the text the creative keeps (read by the browser at submission, or the one
 * stored when the staff's edit sent none); the edit form's `input.mediaText` replaces it. `classes`: the
 * media's shape and length class (mediaClassFields), indexed among the facets.
 */
export function creativeFormDocuments(
  input: CreativeInputData,
  mediaText = '',
  classes: Pick<IndexedFields, 'shape' | 'lengthClass'> = {},
) {
  const fields: IndexedFields = {
    name: input.name,
    advertiser: input.advertiser,
    format: joinCategory(input.format),
    objective: joinCategory(input.objective),
    type: joinCategory(input.type),
    sector: joinCategory(input.sector),
    platform: joinCategory(input.platform),
    isJuntoAngel: input.isJuntoAngel,
    testedAndApproved: input.testedAndApproved,
    ...classes,
  };
  const analysis = analysisOf(input);
  const text = clampText(input.mediaText ?? mediaText);
  return { creative: { ...fields, mediaText: text, ...derivedFields(fields, analysis, text) }, analysis };
}

/**
 * The shape and length classes of a media as stored: its size (the stored one, else the one the
 * browser read, a video's), and a video's duration as the browser read it.
 */
export function mediaClassFields(
  kind: 'image' | 'video',
  stored: { width: number | null; height: number | null },
  reading: MediaReading | null | undefined,
) {
  const width = stored.width ?? reading?.width ?? null;
  const height = stored.height ?? reading?.height ?? null;
  return {
    width,
    height,
    shape: shapeOf(width, height),
    lengthClass: kind === 'video' ? lengthOf(reading?.durationMs) : null,
  };
}

/**
 * The text the creative keeps: the staff's correction (a text that differs from the stored one); else,
 * with a new file, what the browser read in it ('' when it read nothing); else the stored text.
 */
export function keptText(sent: string | undefined, stored: string, newFileReading: MediaReading | null | undefined): string {
  if (sent !== undefined && sent !== stored) return sent;
  if (newFileReading !== undefined) return newFileReading?.text ?? '';
  return stored;
}
