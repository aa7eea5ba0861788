import type { CreativeInput } from '@/gateway/types';

/**
 * A valid submit form and the multipart body the web app sends: for the tests, and for the
 * benchmarks and drills that submit creatives (no test framework imported here).
 */
export const VALID_FORM: CreativeInput = {
  name: 'Nouvelle créa',
  advertiser: 'Marque Test',
  format: ['Statique'],
  objective: ['TOFU'],
  type: ['UGC'],
  sector: ['Food'],
  platform: ['Meta'],
  isJuntoAngel: false,
  testedAndApproved: false,
  attention: '',
  interest: '',
  desire: '',
  bestPractices: [],
  actions: [],
};

/** The multipart body the web app sends: `data` JSON and an optional `media` file. */
export function creativeForm(data: unknown, file?: { bytes: Buffer; name: string; type: string }): FormData {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (file) form.set('media', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
