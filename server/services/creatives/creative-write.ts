import type { CreativeInputData } from '@domain/schemas/creative';
import { searchTextOf } from '@domain/search';
import type { creatives } from '@server/db/schema';

/** Columns written from a validated submit / edit form. */
export function creativeColumns(input: CreativeInputData): Partial<typeof creatives.$inferInsert> {
  return {
    name: input.name,
    advertiser: input.advertiser,
    searchText: searchTextOf(input),
    formats: input.format,
    objectives: input.objective,
    types: input.type,
    sectors: input.sector,
    platforms: input.platform,
    isJuntoAngel: input.isJuntoAngel,
    testedAndApproved: input.testedAndApproved,
    attention: input.attention,
    interest: input.interest,
    desire: input.desire,
    bestPractices: input.bestPractices,
    actions: input.actions,
  };
}
