import { describe, expect, it } from 'vitest';
import { wholeLines } from './whole-lines';

describe('wholeLines', () => {
  it('drops a line that another line of the picture contains', () => {
    expect(wholeLines(['Annulation gra', 'Réservez maintenant', 'Annulation gratuite sous 48 heures'])).toEqual([
      'Réservez maintenant',
      'Annulation gratuite sous 48 heures',
    ]);
  });

  it('compares letters and digits only, in any case and accent', () => {
    expect(wholeLines(['RESERVEZ', 'Réservez maintenant !'])).toEqual(['Réservez maintenant !']);
  });

  it('keeps the first of two equal lines and drops lines without a letter or digit', () => {
    expect(wholeLines(['-50 % sur la crème', '—', '-50% sur la creme'])).toEqual(['-50 % sur la crème']);
  });

  it('keeps lines that only share words', () => {
    expect(wholeLines(['Livraison offerte', 'offerte dès 30 €'])).toEqual(['Livraison offerte', 'offerte dès 30 €']);
  });
});
