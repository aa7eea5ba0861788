import { describe, expect, it } from 'vitest';
import { downloadFileName, sanitizeFileName } from './download';

describe('download file name', () => {
  it('folds accents and keeps only safe characters', () => {
    expect(sanitizeFileName('Crème brûlée — Offre d’été !')).toBe('creme-brulee-offre-d-ete');
    expect(sanitizeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(sanitizeFileName('***')).toBe('creative');
  });

  it('uses the extension of the content type', () => {
    expect(downloadFileName('Promo Été', 'image/jpeg')).toBe('promo-ete.jpg');
    expect(downloadFileName('Spot TV', 'video/quicktime')).toBe('spot-tv.mov');
    expect(downloadFileName('Spot', 'video/mp4; codecs=avc1')).toBe('spot.mp4');
    expect(downloadFileName('X', 'application/octet-stream')).toBe('x.bin');
  });
});
