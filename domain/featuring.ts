import { statusAfter, type ReviewAction } from './transitions';
import type { CreativeStatus } from './vocabulary';

/** The fields featuring sets on the chosen creative and resets on the previously featured one (spec §4). */
export interface FeatureFields {
  isFeatured: boolean;
  featuredAt: Date | null;
  analyzedBy: string | null;
  rating: number | null;
}

export const UNFEATURED: FeatureFields = { isFeatured: false, featuredAt: null, analyzedBy: null, rating: null };

export function featuredFields(input: { analyzedBy: string; rating: number }, now: Date = new Date()): FeatureFields {
  return { isFeatured: true, featuredAt: now, analyzedBy: input.analyzedBy, rating: input.rating };
}

/**
 * Applies featuring to a set of creatives: the chosen one gets the analyst and rating, every other
 * featured one is cleared, so exactly one is featured afterwards.
 */
export function applyFeaturing<T extends { id: string } & FeatureFields>(
  creatives: readonly T[],
  id: string,
  input: { analyzedBy: string; rating: number },
  now: Date = new Date(),
): T[] {
  return creatives.map((c) => (c.id === id ? { ...c, ...featuredFields(input, now) } : c.isFeatured ? { ...c, ...UNFEATURED } : c));
}

/** The fields a review sets (spec §4): approving validates and clears any reason, rejecting keeps the reason. */
export interface ReviewedFields {
  status: CreativeStatus;
  validated: boolean;
  rejectionReason: string | null;
}

export function reviewedFields(action: ReviewAction, reason?: string | null): ReviewedFields {
  return {
    status: statusAfter(action),
    validated: action === 'approve',
    rejectionReason: action === 'reject' ? (reason ?? null) : null,
  };
}
