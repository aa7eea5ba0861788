import crypto from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import type { Folder } from '@domain/types';
import { folderCreatives, media } from '@server/db/schema';
import { randomMediaName } from '@server/media/store';
import { streamCreativesZip } from '@server/services/creatives-zip';
import { insertCreative, type CreativeRowInput } from './helpers/fixtures';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';

let t: TestApp;
let owner: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.loginAs('user');
});
afterAll(() => t.close());

/** Random bytes stored as an original, with its media row (as an upload leaves them). */
async function storedOriginal(bytes: number, ext: string, contentType: string) {
  const data = crypto.randomBytes(bytes);
  const name = randomMediaName(ext);
  await t.deps.media.store.put(name, data);
  const [row] = await t.db
    .insert(media)
    .values({ name, size: data.length, contentType, originalName: `x.${ext}`, timestamp: Date.now() })
    .returning();
  return { data, row: row! };
}

async function newFolder(name: string, cookie = owner.cookie): Promise<Folder> {
  return (await t.request<Folder>('POST', '/api/folders', { cookie, body: { name } })).body;
}

/** Files `input` into the folder; older first, so the last filed comes first in the archive. */
async function filed(folder: Folder, input: CreativeRowInput) {
  const creative = await insertCreative(t.db, input);
  await t.request('PUT', `/api/folders/${folder.id}/creatives/${creative.id}`, { cookie: owner.cookie });
  return creative;
}

const unzipped = (bytes: Buffer) => unzipSync(new Uint8Array(bytes));

describe('GET /api/folders/:id/zip', () => {
  it("streams the folder's originals named by the download rule, repeats numbered, with README.txt", async () => {
    const folder = await newFolder('Été : refs');
    const jpg = await storedOriginal(200_000, 'jpg', 'image/jpeg');
    const jpgToo = await storedOriginal(1000, 'jpg', 'image/jpeg');
    const mp4 = await storedOriginal(70_000, 'mp4', 'video/mp4');
    const gone = await storedOriginal(10, 'png', 'image/png');
    await filed(folder, { name: 'Sans média', advertiser: 'Lien', mediaId: null, image: 'https://exemple.fr/a.jpg' });
    await filed(folder, { name: 'Disparue', mediaId: gone.row.id });
    await filed(folder, {
      name: 'Spot Été',
      advertiser: 'Crème & Co',
      mediaId: mp4.row.id,
      mediaType: 'video',
      platforms: ['Meta', 'TikTok'],
    });
    await filed(folder, { name: 'Summer sale', advertiser: 'Acme', mediaId: jpgToo.row.id });
    const first = await filed(folder, { name: 'Summer Sale', advertiser: 'Acme', mediaId: jpg.row.id, formats: ['Carrousel'] });
    const rejected = await filed(folder, { name: 'Plus publique', mediaId: (await storedOriginal(10, 'jpg', 'image/jpeg')).row.id });
    await t.db
      .update(folderCreatives)
      .set({ addedAt: new Date(Date.now() + 1000) })
      .where(eq(folderCreatives.creativeId, first.id));
    await t.db.execute(`update creatives set status = 'rejected' where id = '${rejected.id}'`);
    await t.deps.media.store.remove(gone.row.name);

    const res = await t.request('GET', `/api/folders/${folder.id}/zip`, {
      cookie: owner.cookie,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="ete-refs.zip"; filename*=UTF-8''%C3%89t%C3%A9%20-%20refs.zip`,
    );

    const files = unzipped(res.bytes);
    expect(Object.keys(files)).toEqual(['summer-sale.jpg', 'summer-sale-2.jpg', 'spot-ete.mp4', 'README.txt']);
    expect(Buffer.from(files['summer-sale.jpg']!).equals(jpg.data)).toBe(true);
    expect(Buffer.from(files['summer-sale-2.jpg']!).equals(jpgToo.data)).toBe(true);
    expect(Buffer.from(files['spot-ete.mp4']!).equals(mp4.data)).toBe(true);

    const readme = strFromU8(files['README.txt']!);
    expect(readme.split('\r\n').slice(0, 2)).toEqual(['Dossier « Été : refs »', 'Archive Créathèque — 3 fichiers']);
    expect(readme).toContain(
      '- summer-sale.jpg\r\n  Créative : Summer Sale\r\n  Annonceur : Acme\r\n  Format : Carrousel\r\n  Objectif : TOFU',
    );
    expect(readme).toContain('- spot-ete.mp4\r\n  Créative : Spot Été\r\n  Annonceur : Crème & Co');
    expect(readme).toContain('  Plateforme : Meta, TikTok');
    const missing = readme.slice(readme.indexOf('Médias manquants'));
    expect(missing).toContain('- Disparue');
    expect(missing).toContain('- Sans média');
    expect(readme).not.toContain('Plus publique');
  });

  it('answers HEAD with the same headers and no archive', async () => {
    const folder = await newFolder('Tête');
    const res = await t.request('HEAD', `/api/folders/${folder.id}/zip`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.bytes.length).toBe(0);
  });

  it('gives an empty folder an archive holding only README.txt, which says so', async () => {
    const folder = await newFolder('Vide');
    const res = await t.request('GET', `/api/folders/${folder.id}/zip`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const files = unzipped(res.bytes);
    expect(Object.keys(files)).toEqual(['README.txt']);
    expect(strFromU8(files['README.txt']!)).toContain('Ce dossier ne contient aucune créative.');
  });

  it("is the owner's only: 404 for another user's folder, 401 for a visitor", async () => {
    const folder = await newFolder('Privé');
    await filed(folder, { mediaId: (await storedOriginal(10, 'jpg', 'image/jpeg')).row.id });
    const other = await t.loginAs('user');
    const stranger = await t.request<ApiError>('GET', `/api/folders/${folder.id}/zip`, { cookie: other.cookie });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe(MSG.folderNotFound);
    const visitor = await t.request<ApiError>('GET', `/api/folders/${folder.id}/zip`);
    expect(visitor.status).toBe(401);
  });

  it('refuses a folder past the 4 GiB cap before the first byte', async () => {
    const folder = await newFolder('Trop gros');
    const big = await storedOriginal(10, 'mp4', 'video/mp4');
    await t.db
      .update(media)
      .set({ size: 5 * 1024 ** 3 })
      .where(eq(media.id, big.row.id));
    await filed(folder, { mediaId: big.row.id, mediaType: 'video' });
    const res = await t.request<ApiError>('GET', `/api/folders/${folder.id}/zip`, { cookie: owner.cookie });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(MSG.folderZipTooLarge);
    expect((await t.request('HEAD', `/api/folders/${folder.id}/zip`, { cookie: owner.cookie })).status).toBe(413);
  });

  it('closes the file being read when the client goes away mid-archive', async () => {
    const folder = await newFolder('Coupé');
    const large = await storedOriginal(8 * 1024 * 1024, 'mp4', 'video/mp4');
    await filed(folder, { mediaId: large.row.id, mediaType: 'video' });
    const opened: (Readable & { bytesRead?: number })[] = [];
    const read = t.deps.media.store.read;
    t.deps.media.store.read = async (name, range) => {
      const stream = await read(name, range);
      if (stream) opened.push(stream);
      return stream;
    };
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0, overrideGlobalObjects: false }) as http.Server;
    try {
      if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const abort = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/folders/${folder.id}/zip`, {
        headers: { cookie: owner.cookie },
        signal: abort.signal,
      });
      const reader = res.body!.getReader();
      let received = 0;
      while (received < 256 * 1024) received += (await reader.read()).value!.length;
      abort.abort();
      await expect.poll(() => opened.length === 1 && opened[0]!.closed, { timeout: 5000 }).toBe(true);
      // It stopped early: far from the 8 MB file (the socket and the stream hold a few chunks at most).
      expect(opened[0]!.bytesRead).toBeGreaterThan(0);
      expect(opened[0]!.bytesRead).toBeLessThan(4 * 1024 * 1024);
    } finally {
      t.deps.media.store.read = read;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('streamCreativesZip', () => {
  it('reads one file at a time, only as the archive is consumed', async () => {
    const a = await storedOriginal(300_000, 'jpg', 'image/jpeg');
    const b = await storedOriginal(300_000, 'jpg', 'image/jpeg');
    const opened: string[] = [];
    const store = { ...t.deps.media.store, read: async (name: string) => (opened.push(name), t.deps.media.store.read(name)) };
    const tags = { format: 'Statique', objective: 'TOFU', type: 'UGC', sector: 'Food', platform: 'Meta' };
    const stream = streamCreativesZip(
      store,
      [
        { name: 'A', advertiser: 'X', mediaName: a.row.name, contentType: 'image/jpeg', size: 300_000, ...tags },
        { name: 'B', advertiser: 'X', mediaName: b.row.name, contentType: 'image/jpeg', size: 300_000, ...tags },
      ],
      'Partage « Client »',
    );
    expect(opened).toEqual([]);
    const reader = stream.getReader();
    await reader.read();
    expect(opened).toEqual([a.row.name]);
    const rest: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest.push(next.value);
    expect(opened).toEqual([a.row.name, b.row.name]);
  });
});
