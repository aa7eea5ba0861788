// @vitest-environment node
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { folderReadmeTitle } from '@domain/folder-zip';
import { MSG } from '@domain/messages';
import { aCreative } from '@/testing/creative';
import { GatewayError, type ZipProgress } from '../types';
import { buildCreativesZip, type FetchFile } from './creatives-zip';

/** Files served from memory as a Storage download URL answers them: streamed in small chunks, with their type. */
function memoryFiles(files: Record<string, { bytes: Uint8Array; type: string } | number>): FetchFile & { fetched: string[] } {
  const fetched: string[] = [];
  const fetchFile = async (url: string) => {
    fetched.push(url);
    const file = files[url];
    if (file === undefined) return new Response('absent', { status: 404 });
    if (typeof file === 'number') return new Response('boom', { status: file });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < file.bytes.length; at += 1000) controller.enqueue(file.bytes.slice(at, at + 1000));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': file.type } });
  };
  return Object.assign(fetchFile, { fetched });
}

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);

describe('buildCreativesZip (Firebase mode: the archive made in the page)', () => {
  it('holds each file under the shared names, byte for byte, and README.txt with the missing ones', async () => {
    const a = bytes(4500, 1);
    const b = bytes(10, 2);
    const v = bytes(2500, 3);
    const files = memoryFiles({
      'u:a': { bytes: a, type: 'image/jpeg' },
      'u:b': { bytes: b, type: 'image/jpeg' },
      'u:v': { bytes: v, type: 'video/mp4' },
    });
    const progress: ZipProgress[] = [];
    const blob = await buildCreativesZip(
      [
        aCreative({ id: '1', name: 'Summer Sale', advertiser: 'Acme', mediaUrl: 'u:a' }),
        aCreative({ id: '2', name: 'summer sale', mediaUrl: 'u:b' }),
        aCreative({ id: '3', name: 'Spot Été', mediaUrl: 'u:v', platform: 'Meta, TikTok' }),
        aCreative({ id: '4', name: 'Effacée', mediaUrl: 'u:gone' }),
        aCreative({ id: '5', name: 'Par URL', mediaUrl: null, image: 'https://ailleurs.example/x.jpg' }),
      ],
      folderReadmeTitle('Refs'),
      files,
      (p) => progress.push(p),
    );
    expect(blob.type).toBe('application/zip');
    expect(files.fetched).toEqual(['u:a', 'u:b', 'u:v', 'u:gone']);
    const entries = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['summer-sale.jpg', 'summer-sale-2.jpg', 'spot-ete.mp4', 'README.txt']);
    expect(entries['summer-sale.jpg']).toEqual(a);
    expect(entries['summer-sale-2.jpg']).toEqual(b);
    expect(entries['spot-ete.mp4']).toEqual(v);
    const readme = strFromU8(entries['README.txt']!);
    expect(readme).toContain('Dossier « Refs »\r\nArchive Créathèque — 3 fichiers');
    expect(readme).toContain('- spot-ete.mp4\r\n  Créative : Spot Été\r\n  Annonceur : Annonceur');
    expect(readme).toContain('  Plateforme : Meta, TikTok');
    const missing = readme.slice(readme.indexOf('Médias manquants'));
    expect(missing).toContain('- Effacée');
    expect(missing).toContain('- Par URL');
    expect(progress).toEqual([0, 1, 2, 3, 4, 5].map((done) => ({ done, total: 5 })));
  });

  it('rejects with the download error when a file cannot be fetched (nothing is saved)', async () => {
    const failure = await buildCreativesZip([aCreative({ id: '1', name: 'X', mediaUrl: 'u:x' })], 'T', memoryFiles({ 'u:x': 503 })).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(GatewayError);
    expect((failure as GatewayError).message).toBe(MSG.downloadError);
  });

  it('makes an archive of README.txt alone for an empty folder', async () => {
    const blob = await buildCreativesZip([], folderReadmeTitle('Vide'), memoryFiles({}));
    const entries = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['README.txt']);
    expect(strFromU8(entries['README.txt']!)).toContain('Ce dossier ne contient aucune créative.');
  });
});
