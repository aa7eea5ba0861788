import { analysisPreview, hasAnalysis } from '@domain/analysis-preview';
import type { LengthClass, ShapeClass } from '@domain/media-shape';
import type { CreativeInputData } from '@domain/schemas/creative';
import type { Analysis } from '@domain/types';
import { joinCategory, type CategoryKey } from '@domain/vocabulary';
import { facetKeys, facetMapOf, searchKeys } from './index-keys';

/**
 * The stored shape of a creative in Firestore (spec §3, docs/decisions/005), written by the adapter,
 * `npm run seed:firebase` and the migration alike — the one place that says what goes where:
 *
 * - `creatives/{id}`: what anyone who may read the creative sees — the form's fields, the media, the
 *   counters, the review fields, the short home preview of the analysis (`analysisPreview`, spec §9),
 *   whether it has an analysis (`hasAnalysis`, for the analytics count), and the index keys
 *   (`facets`, `facetMap`, `searchKeys`). Never the analysis itself.
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

/** Fields derived from the form values and the analysis: rewritten with them, in the same write. */
export function derivedFields(fields: IndexedFields, analysis: Analysis) {
  const facets = facetKeys(fields);
  return {
    facets,
    facetMap: facetMapOf(facets),
    searchKeys: searchKeys(fields),
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
 * by ', ', the derived fields) and, separately, the analysis for the private document.
 */
export function creativeFormDocuments(input: CreativeInputData) {
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
  };
  const analysis = analysisOf(input);
  return { creative: { ...fields, ...derivedFields(fields, analysis) }, analysis };
}
