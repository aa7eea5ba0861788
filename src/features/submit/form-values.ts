import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { splitLines } from '@domain/analysis-preview';
import { DEFAULT_ADVERTISER } from '@domain/limits';
import { creativeInput, type CreativeInputData } from '@domain/schemas/creative';
import type { Creative } from '@domain/types';
import { CATEGORY_LISTS, splitCategory, type CategoryKey } from '@domain/vocabulary';

/**
 * The submit / edit form: `creativeInput` itself, except that HOOK and LE TRUC EN PLUS are typed
 * as one text area each and split by line (empty lines dropped) before the shared list rules run.
 */
// The cast only narrows the rule's input from `string[] | undefined` (it has a default) to `string[]`.
const linesRule = (key: 'bestPractices' | 'actions') => creativeInput.shape[key] as z.ZodType<string[], string[]>;

export const submitFormSchema = creativeInput.extend({
  bestPractices: z.string().transform(splitLines).pipe(linesRule('bestPractices')),
  actions: z.string().transform(splitLines).pipe(linesRule('actions')),
});

export type SubmitFormValues = z.input<typeof submitFormSchema>;
export type CategoryValues<K extends CategoryKey> = SubmitFormValues[K];
export type SubmitFormControl = Control<SubmitFormValues, unknown, CreativeInputData>;

export const EMPTY_FORM: SubmitFormValues = {
  name: '',
  advertiser: '',
  format: [],
  objective: [],
  type: [],
  sector: [],
  platform: [],
  isJuntoAngel: false,
  testedAndApproved: false,
  attention: '',
  interest: '',
  desire: '',
  bestPractices: '',
  actions: '',
};

/** Stored 'A, B' categories back to chips; values no longer in the vocabulary are dropped. */
function chosen<K extends CategoryKey>(key: K, stored: string): CategoryValues<K> {
  const list: readonly string[] = CATEGORY_LISTS[key];
  return splitCategory(stored).filter((v) => list.includes(v)) as CategoryValues<K>;
}

/**
 * The edit form prefilled from a creative. `mediaText` only when the detail gave it: a form without
 * it sends none, and the stored text is kept as it is (never replaced by an empty field).
 */
export function formValuesOf(creative: Creative): SubmitFormValues {
  const analysis = creative.analysis;
  return {
    ...(typeof creative.mediaText === 'string' ? { mediaText: creative.mediaText } : {}),
    name: creative.name,
    advertiser: creative.advertiser === DEFAULT_ADVERTISER ? '' : creative.advertiser,
    format: chosen('format', creative.format),
    objective: chosen('objective', creative.objective),
    type: chosen('type', creative.type),
    sector: chosen('sector', creative.sector),
    platform: chosen('platform', creative.platform),
    isJuntoAngel: creative.isJuntoAngel,
    testedAndApproved: creative.testedAndApproved,
    attention: analysis?.attention ?? '',
    interest: analysis?.interest ?? '',
    desire: analysis?.desire ?? '',
    bestPractices: analysis?.bestPractices.join('\n') ?? '',
    actions: analysis?.actions.join('\n') ?? '',
  };
}
