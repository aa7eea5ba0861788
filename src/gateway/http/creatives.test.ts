import { describe, expect, it } from 'vitest';
import { creativeInput } from '@domain/schemas/creative';
import { creativeForm } from './creatives';

const base = {
  name: 'Crème',
  format: ['GIF'],
  objective: ['TOFU'],
  type: ['UGC'],
  sector: ['Food'],
  platform: ['Meta'],
};

describe('creativeForm (the edit request)', () => {
  it('carries the corrected text as mediaText in its data', () => {
    const input = creativeInput.parse({ ...base, mediaText: ' Livraison offerte\n-50 % ' });
    const data = JSON.parse(String(creativeForm(input).get('data'))) as Record<string, unknown>;
    expect(data.mediaText).toBe('Livraison offerte\n-50 %');
  });

  it('sends no mediaText when the form had none (the stored text stays)', () => {
    const data = JSON.parse(String(creativeForm(creativeInput.parse(base)).get('data'))) as Record<string, unknown>;
    expect(data).not.toHaveProperty('mediaText');
  });
});
