import { describe, expect, it } from 'vitest';
import { keptText } from './creative-document';

describe('keptText: the media text an edit stores', () => {
  const reading = { text: 'Nouveau texte', width: 1080, height: 1080, durationMs: null };
  it('keeps the staff correction, with or without a new file', () => {
    expect(keptText('Corrigé', 'Lu', undefined)).toBe('Corrigé');
    expect(keptText('Corrigé', 'Lu', reading)).toBe('Corrigé');
  });
  it("takes a new file's reading when the form sent the stored text back unchanged", () => {
    expect(keptText('Lu', 'Lu', reading)).toBe('Nouveau texte');
    expect(keptText(undefined, 'Lu', null)).toBe('');
  });
  it('keeps the stored text when the file stays', () => {
    expect(keptText('Lu', 'Lu', undefined)).toBe('Lu');
    expect(keptText(undefined, 'Lu', undefined)).toBe('Lu');
  });
});
