import { describe, expect, it } from 'vitest';
import {
  folderReadmeTitle,
  folderZipAsciiName,
  folderZipName,
  zipEntryNamer,
  zipEntryNames,
  zipReadmeText,
  type ZipReadmeEntry,
} from './folder-zip';

const tags = { format: 'Statique', objective: 'TOFU', type: 'UGC, Prix', sector: 'Food', platform: 'Meta, TikTok' };

describe('zip entry names', () => {
  it('uses the download name and numbers repeats before the extension', () => {
    expect(
      zipEntryNames([
        { name: 'Summer Sale', contentType: 'image/jpeg' },
        { name: 'summer sale!', contentType: 'image/jpeg' },
        { name: 'Summer  Sale', contentType: 'image/jpeg' },
        { name: 'Summer Sale', contentType: 'video/mp4' },
        { name: 'Crème brûlée', contentType: 'image/png' },
      ]),
    ).toEqual(['summer-sale.jpg', 'summer-sale-2.jpg', 'summer-sale-3.jpg', 'summer-sale.mp4', 'creme-brulee.png']);
  });

  it('never gives a name twice, even when a creative is named like a numbered repeat', () => {
    const next = zipEntryNamer();
    expect([next('Promo', 'image/png'), next('Promo 2', 'image/png'), next('Promo', 'image/png'), next('Promo', 'image/png')]).toEqual([
      'promo.png',
      'promo-2.png',
      'promo-3.png',
      'promo-4.png',
    ]);
  });

  it('falls back to .bin and to "creative" like a single download', () => {
    expect(
      zipEntryNames([
        { name: '***', contentType: null },
        { name: '!!!', contentType: 'application/x-what' },
      ]),
    ).toEqual(['creative.bin', 'creative-2.bin']);
  });
});

describe('archive name', () => {
  it('keeps accents, drops what a file name cannot hold', () => {
    expect(folderZipName('Été 2026 : idées / refs')).toBe('Été 2026 - idées - refs.zip');
    expect(folderZipName('  ..secret..  ')).toBe('secret.zip');
    expect(folderZipName('***')).toBe('dossier.zip');
  });

  it('has a plain ASCII form for the filename parameter', () => {
    expect(folderZipAsciiName('Été 2026 : idées')).toBe('ete-2026-idees.zip');
    expect(folderZipAsciiName('広告')).toBe('dossier.zip');
  });
});

describe('README.txt', () => {
  const entries: ZipReadmeEntry[] = [
    { fileName: 'summer-sale.jpg', name: 'Summer Sale', advertiser: 'Acme', ...tags },
    { fileName: null, name: 'Sans fichier', advertiser: 'Élan', ...tags, platform: '' },
  ];

  it('lists each file with its creative, advertiser and tags, and the missing media apart', () => {
    const text = zipReadmeText(folderReadmeTitle('Inspirations'), entries);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['Dossier « Inspirations »', 'Archive Créathèque — 1 fichier']);
    expect(text).toContain(
      [
        'Fichiers',
        '========',
        '',
        '- summer-sale.jpg',
        '  Créative : Summer Sale',
        '  Annonceur : Acme',
        '  Format : Statique',
        '  Objectif : TOFU',
        '  Type : UGC, Prix',
        '  Secteur : Food',
        '  Plateforme : Meta, TikTok',
      ].join('\r\n'),
    );
    const missing = text.slice(text.indexOf('Médias manquants'));
    expect(missing).toContain('- Sans fichier\r\n  Créative : Sans fichier\r\n  Annonceur : Élan');
    expect(missing).toContain('  Plateforme : —');
    expect(text.indexOf('Médias manquants')).toBeGreaterThan(text.indexOf('summer-sale.jpg'));
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it('says when the folder is empty', () => {
    const text = zipReadmeText(folderReadmeTitle('Vide'), []);
    expect(text).toContain('0 fichier');
    expect(text).toContain('Ce dossier ne contient aucune créative.');
    expect(text).not.toContain('Fichiers\r\n');
  });
});
