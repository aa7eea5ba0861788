import { describe, expect, it } from 'vitest';
import {
  folderReadmeTitle,
  folderZipAsciiName,
  folderZipName,
  windowsSafeFileName,
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

describe('names Windows accepts', () => {
  it('gives a device name, in any case, with or without an extension, a "_" after its stem', () => {
    const renamed = [
      'con.png',
      'CON',
      'aux.jpg',
      'Nul.txt',
      'prn',
      'com1.mp4',
      'COM9',
      'lpt9.png',
      'lpt1.tar.gz',
      'com¹.txt',
      'conin$',
      'con .png',
    ];
    expect(renamed.map(windowsSafeFileName)).toEqual([
      'con_.png',
      'CON_',
      'aux_.jpg',
      'Nul_.txt',
      'prn_',
      'com1_.mp4',
      'COM9_',
      'lpt9_.png',
      'lpt1_.tar.gz',
      'com¹_.txt',
      'conin$_',
      'con_.png',
    ]);
  });

  it('leaves names that only look like one alone', () => {
    for (const name of [
      'console.png',
      'icon.png',
      'com10.mp4',
      'lpt.png',
      'aux-1.jpg',
      'null.txt',
      'my-con.png',
      '.con',
      'summer-sale.jpg',
    ]) {
      expect(windowsSafeFileName(name), name).toBe(name);
    }
  });

  it('replaces forbidden characters and controls by "_", drops dots and spaces at the end', () => {
    expect(windowsSafeFileName('a<b>c:d"e/f\\g|h?i*j.png')).toBe('a_b_c_d_e_f_g_h_i_j.png');
    expect(windowsSafeFileName('tab\there\u0000\u001f\u007f.jpg')).toBe('tab_here_.jpg');
    expect(windowsSafeFileName('notes. . ')).toBe('notes');
    expect(windowsSafeFileName('aux. ')).toBe('aux_');
    expect(windowsSafeFileName('...')).toBe('_');
    expect(windowsSafeFileName('')).toBe('_');
  });

  it('renames the entries of creatives named like a device, still numbering repeats', () => {
    expect(
      zipEntryNames([
        { name: 'CON', contentType: 'image/png' },
        { name: 'con', contentType: 'image/png' },
        { name: 'Aux', contentType: 'image/jpeg' },
        { name: 'nul', contentType: null },
        { name: 'COM1', contentType: 'video/mp4' },
        { name: 'LPT9', contentType: 'image/png' },
        { name: 'Con!', contentType: 'image/png' },
      ]),
    ).toEqual(['con_.png', 'con_-2.png', 'aux_.jpg', 'nul_.bin', 'com1_.mp4', 'lpt9_.png', 'con_-3.png']);
  });

  it('names the archive of a folder named like a device so that Windows saves it', () => {
    expect(folderZipName('CON')).toBe('CON_.zip');
    expect(folderZipAsciiName('Lpt1')).toBe('lpt1_.zip');
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
