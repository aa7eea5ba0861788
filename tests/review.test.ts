import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, QUEUE_PAGE_SIZE, VIDEO_MAX_BYTES } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Creative, Highlights, Page } from '@domain/types';
import { comments, creativeLikes, folderCreatives, folders, media } from '@server/db/schema';
import { insertCreative } from './helpers/fixtures';
import { expectTamperedCursorsRefused, followPages, newestFirst } from './helpers/paging';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';
import { creativeForm, demoVideoBytes, padTo, pngBytes, VALID_FORM } from './helpers/uploads';

let t: TestApp;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let hook: { url: string; received: unknown[]; close(): Promise<void> };

function startReceiver(): Promise<typeof hook> {
  const received: unknown[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

beforeAll(async () => {
  hook = await startReceiver();
  t = await createTestApp({ env: { SUBMISSION_WEBHOOK_URL: hook.url } });
  for (const role of ['user', 'agency', 'specialist', 'admin'] as const) {
    const { user, cookie } = await t.loginAs(role, { firstName: `Pre${role}`, lastName: `Nom${role}` });
    cookies[role] = cookie;
    ids[role] = user.id;
  }
});

afterAll(async () => {
  await t.close();
  await hook.close();
});

/** `T`: a Creative on success (201), an ApiError otherwise. */
async function submit<T = unknown>(role: string | null, form: FormData) {
  return t.request<T>('POST', '/api/creatives', { cookie: role ? cookies[role] : undefined, body: form });
}

const tempFiles = () => fs.readdirSync(path.join(t.dataDir, 'media', '.tmp'));
const storedFiles = () => {
  const dir = path.join(t.dataDir, 'media', 'creatives');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('uploads', () => {
  it('stores an agency submission as pending with its file, derivative and metadata', async () => {
    const res = await submit<Creative>(
      'agency',
      creativeForm({ ...VALID_FORM, advertiser: '' }, { bytes: await pngBytes(), name: 'visuel.png', type: 'image/png' }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      validated: false,
      advertiser: 'Non connu',
      mediaType: 'image',
      submittedBy: ids.agency,
    });
    expect(res.body.mediaUrl).toMatch(/^\/media\/creatives\/\d+-[0-9a-f]+\.png$/);
    expect(res.body.thumbUrl).toMatch(/-card\.webp$/);
    const [row] = await t.db
      .select()
      .from(media)
      .where(eq(media.name, res.body.mediaUrl!.replace('/media/', '')));
    expect(row).toMatchObject({ contentType: 'image/png', originalName: 'visuel.png', bucket: 'local' });
    expect(row!.timestamp).toBeGreaterThan(0);
    // Pending: its files, like the creative, for the agency and staff only (tests/media-privacy.test.ts).
    expect((await t.request('GET', res.body.mediaUrl!, { cookie: cookies.agency })).status).toBe(200);
    expect((await t.request('GET', res.body.mediaUrl!)).status).toBe(404);
    expect((await t.request('GET', `/api/creatives/${res.body.id}`)).status).toBe(404);
  });

  it('approves staff submissions at once', async () => {
    for (const role of ['specialist', 'admin']) {
      const res = await submit(role, creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }));
      expect(res.body).toMatchObject({ status: 'approved', validated: true });
    }
  });

  it('refuses visitors and plain users', async () => {
    const form = () => creativeForm(VALID_FORM, { bytes: Buffer.from('x'), name: 'a.png', type: 'image/png' });
    const anon = await submit<ApiError>(null, form());
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe(MSG.mustBeLoggedToSubmit);
    expect((await submit('user', form())).status).toBe(403);
  });

  it('decides the type by magic bytes: a renamed text file, SVG and HTML are refused', async () => {
    const cases = [
      { bytes: Buffer.from('bonjour, je suis un fichier texte'.repeat(200)), name: 'photo.png', type: 'image/png' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: 'a.svg',
        type: 'image/svg+xml',
      },
      { bytes: Buffer.from('<!doctype html><html><body>hi</body></html>'.repeat(100)), name: 'a.jpg', type: 'image/jpeg' },
      { bytes: await sharp_gif(), name: 'anim.gif', type: 'image/gif' },
    ];
    for (const file of cases) {
      const res = await submit<ApiError>('specialist', creativeForm(VALID_FORM, file));
      expect(res.status, file.name).toBe(415);
      expect(res.body.error.message).toBe(MSG.mediaInvalidType);
    }
    expect(tempFiles()).toEqual([]);
  });

  it('refuses an image of 10 MB + 1 byte with 413 and keeps nothing', async () => {
    const before = storedFiles().length;
    const res = await submit<ApiError>(
      'specialist',
      creativeForm(VALID_FORM, { bytes: padTo(await pngBytes(), IMAGE_MAX_BYTES + 1), name: 'big.png', type: 'image/png' }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(MSG.imageTooLarge);
    expect(tempFiles()).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });

  it('accepts a 50 MB video and refuses 50 MB + 1 byte', async () => {
    const ok = await submit<Creative>(
      'specialist',
      creativeForm(VALID_FORM, { bytes: padTo(demoVideoBytes(), VIDEO_MAX_BYTES), name: 'spot.mp4', type: 'video/mp4' }),
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.mediaType).toBe('video');
    expect(ok.body.posterUrl).toMatch(/-poster\.jpg$/);
    const tooBig = await submit<ApiError>(
      'specialist',
      creativeForm(VALID_FORM, { bytes: padTo(demoVideoBytes(), VIDEO_MAX_BYTES + 1), name: 'spot.mp4', type: 'video/mp4' }),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe(MSG.videoTooLarge);
    expect(tempFiles()).toEqual([]);
  }, 60_000);

  it('requires a media and valid fields, keeping no file when the form is invalid', async () => {
    const noMedia = await submit<ApiError>('agency', creativeForm(VALID_FORM));
    expect(noMedia.status).toBe(400);
    expect(noMedia.body.error.fields.media).toBe(MSG.mediaRequired);
    const before = storedFiles().length;
    const bad = await submit<ApiError>(
      'agency',
      creativeForm(
        { ...VALID_FORM, name: 'x'.repeat(36), format: [], platform: [] },
        { bytes: await pngBytes(), name: 'a.png', type: 'image/png' },
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      name: MSG.nameMax,
      format: MSG.selectAtLeastOne.format,
      platform: MSG.selectAtLeastOne.platform,
    });
    expect(storedFiles().length).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it('posts the submission webhook', async () => {
    await submit('agency', creativeForm({ ...VALID_FORM, name: 'Webhook' }, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }));
    await expect
      .poll(() => hook.received.find((b) => (b as { name: string }).name === 'Webhook'))
      .toMatchObject({
        name: 'Webhook',
        submittedBy: { firstName: 'Preagency', lastName: 'Nomagency' },
        status: 'pending',
      });
    const body = hook.received.find((b) => (b as { name: string }).name === 'Webhook') as { createdAt: string };
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });
});

async function sharp_gif(): Promise<Buffer> {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

describe('validation workflow', () => {
  it('lets staff reject with a reason and approve, and refuses everyone else', async () => {
    const { id } = await insertCreative(t.db, { status: 'pending', submittedBy: ids.agency });
    for (const role of ['user', 'agency']) {
      expect((await t.request('POST', `/api/creatives/${id}/approve`, { cookie: cookies[role] })).status).toBe(403);
      expect((await t.request('POST', `/api/creatives/${id}/reject`, { cookie: cookies[role], body: { reason: 'Non' } })).status).toBe(403);
    }
    expect((await t.request('POST', `/api/creatives/${id}/approve`)).status).toBe(401);

    const blank = await t.request<ApiError>('POST', `/api/creatives/${id}/reject`, { cookie: cookies.specialist, body: { reason: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields.reason).toBe(MSG.rejectionRequired);
    const long = await t.request<ApiError>('POST', `/api/creatives/${id}/reject`, {
      cookie: cookies.specialist,
      body: { reason: 'x'.repeat(101) },
    });
    expect(long.body.error.fields.reason).toBe(MSG.rejectionMax);

    const rejected = await t.request('POST', `/api/creatives/${id}/reject`, {
      cookie: cookies.specialist,
      body: { reason: ' Visuel flou ' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', validated: false, rejectionReason: 'Visuel flou' });
    const again = await t.request('POST', `/api/creatives/${id}/reject`, { cookie: cookies.admin, body: { reason: 'Encore' } });
    expect(again.status).toBe(409);

    const agencyView = await t.request<Page<Creative>>('GET', '/api/agency/creatives?status=rejected', { cookie: cookies.agency });
    expect(agencyView.body.items.find((c) => c.id === id)?.rejectionReason).toBe('Visuel flou');

    const approved = await t.request('POST', `/api/creatives/${id}/approve`, { cookie: cookies.admin });
    expect(approved.body).toMatchObject({ status: 'approved', validated: true, rejectionReason: null });
    expect((await t.request('POST', `/api/creatives/${id}/approve`, { cookie: cookies.admin })).status).toBe(409);
    expect((await t.request('GET', `/api/creatives/${id}`)).status).toBe(200);
  });

  it('lists the queues newest first with counts, and an agency only its own', async () => {
    const fresh = await createTestApp();
    try {
      const spec = (await fresh.loginAs('specialist')).cookie;
      const a = await fresh.loginAs('agency');
      const b = await fresh.loginAs('agency');
      await insertCreative(fresh.db, {
        name: 'Vieille',
        status: 'pending',
        submittedBy: a.user.id,
        createdAt: new Date(Date.now() - 60_000),
      });
      await insertCreative(fresh.db, { name: 'Récente', status: 'pending', submittedBy: b.user.id });
      await insertCreative(fresh.db, { name: 'Refus', status: 'rejected', submittedBy: a.user.id, rejectionReason: 'Non' });
      const pending = await fresh.request<Page<Creative>>('GET', '/api/review/creatives?status=pending', { cookie: spec });
      expect(pending.body.items.map((c) => c.name)).toEqual(['Récente', 'Vieille']);
      expect(pending.body.nextCursor).toBeNull();
      expect(pending.body.items[0]!.submitter).toMatchObject({ firstName: 'Test' });
      expect((await fresh.request('GET', '/api/review/counts', { cookie: spec })).body).toEqual({ pending: 2, rejected: 1 });
      expect((await fresh.request('GET', '/api/agency/counts', { cookie: a.cookie })).body).toEqual({ pending: 1, rejected: 1 });
      const own = await fresh.request<Page<Creative>>('GET', '/api/agency/creatives?status=pending', { cookie: b.cookie });
      expect(own.body.items.map((c) => c.name)).toEqual(['Récente']);
      expect((await fresh.request('GET', '/api/review/creatives?status=pending', { cookie: a.cookie })).status).toBe(403);
      expect((await fresh.request('GET', '/api/review/creatives?status=approved', { cookie: spec })).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it("pages both queues and an agency's own to the end, newest first, each creative once (id breaks ties)", async () => {
    const fresh = await createTestApp();
    try {
      const spec = (await fresh.loginAs('specialist')).cookie;
      const a = await fresh.loginAs('agency');
      const b = await fresh.loginAs('agency');
      const base = Date.now() - 3_600_000;
      const seeded: { id: string; createdAt: Date; status: 'pending' | 'rejected'; submittedBy: string }[] = [];
      for (let i = 0; i < QUEUE_PAGE_SIZE + 5; i++) {
        for (const status of ['pending', 'rejected'] as const) {
          // Creatives go in pairs sharing one time: only the id orders the two.
          const createdAt = new Date(base + Math.floor(i / 2) * 1000 + (status === 'rejected' ? 500 : 0));
          const submittedBy = i % 4 === 0 ? b.user.id : a.user.id;
          const id = `q${status[0]}${String(i).padStart(3, '0')}`;
          await insertCreative(fresh.db, {
            id,
            name: `File ${id}`,
            status,
            submittedBy,
            createdAt,
            rejectionReason: status === 'rejected' ? 'Non' : null,
          });
          seeded.push({ id, createdAt, status, submittedBy });
        }
      }
      await insertCreative(fresh.db, { name: 'Publiée', status: 'approved', submittedBy: a.user.id });
      const expected = (status: string, submittedBy?: string) =>
        newestFirst(
          seeded.filter((c) => c.status === status && (!submittedBy || c.submittedBy === submittedBy)),
          (c) => c.createdAt,
          (c) => c.id,
        ).map((c) => c.id);

      for (const status of ['pending', 'rejected'] as const) {
        const queue = await followPages<Creative>(fresh, `/api/review/creatives?status=${status}`, QUEUE_PAGE_SIZE, spec);
        expect(queue.pages).toBe(2);
        expect(queue.items.map((c) => c.id)).toEqual(expected(status));
        expect(queue.items.every((c) => c.status === status)).toBe(true);

        const own = await followPages<Creative>(fresh, `/api/agency/creatives?status=${status}`, QUEUE_PAGE_SIZE, a.cookie);
        expect(own.items.map((c) => c.id)).toEqual(expected(status, a.user.id));
        expect(own.pages).toBe(Math.ceil(expected(status, a.user.id).length / QUEUE_PAGE_SIZE));
      }
      // A cursor only says where to start: an agency's next page still holds its own creatives only.
      const first = await fresh.request<Page<Creative>>('GET', '/api/review/creatives?status=pending', { cookie: spec });
      const after = await fresh.request<Page<Creative>>('GET', `/api/agency/creatives?status=pending&cursor=${first.body.nextCursor}`, {
        cookie: b.cookie,
      });
      expect(after.body.items.length).toBeGreaterThan(0);
      expect(after.body.items.every((c) => c.submittedBy === b.user.id)).toBe(true);

      await expectTamperedCursorsRefused(fresh, '/api/review/creatives?status=pending', spec);
      await expectTamperedCursorsRefused(fresh, '/api/agency/creatives?status=rejected', a.cookie);
    } finally {
      await fresh.close();
    }
  });

  it('pushes the pending count to staff over server-sent events', async () => {
    expect((await t.request('GET', '/api/review/events', { cookie: cookies.agency })).status).toBe(403);
    const res = await t.app.request(new URL('/api/review/events', t.config.publicUrl).toString(), {
      headers: { cookie: cookies.specialist! },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const nextCount = async () => {
      let text = '';
      while (!/data: (\d+)/.test(text)) text += decoder.decode((await reader.read()).value);
      return Number(/data: (\d+)/.exec(text)![1]);
    };
    const first = await nextCount();
    await submit('agency', creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }));
    expect(await nextCount()).toBe(first + 1);
    await reader.cancel();
  });
});

describe('edit, delete and featuring', () => {
  it('edits fields and replaces the media, removing the old files', async () => {
    const created = await submit<Creative>(
      'specialist',
      creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }),
    );
    const oldFile = created.body.mediaUrl!.replace('/media/creatives/', '');
    expect(
      (await t.request('PATCH', `/api/creatives/${created.body.id}`, { cookie: cookies.agency, body: creativeForm(VALID_FORM) })).status,
    ).toBe(403);
    const edited = await t.request<Creative>('PATCH', `/api/creatives/${created.body.id}`, {
      cookie: cookies.admin,
      body: creativeForm(
        { ...VALID_FORM, name: 'Renommée', format: ['GIF', 'Motion'] },
        { bytes: await pngBytes(80, 80), name: 'b.png', type: 'image/png' },
      ),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renommée', format: 'GIF, Motion' });
    expect(edited.body.mediaUrl).not.toContain(oldFile);
    expect(storedFiles()).not.toContain(oldFile);
    const keepMedia = await t.request<Creative>('PATCH', `/api/creatives/${created.body.id}`, {
      cookie: cookies.specialist,
      body: creativeForm({ ...VALID_FORM, name: 'Sans média' }),
    });
    expect(keepMedia.body.mediaUrl).toBe(edited.body.mediaUrl);
  });

  it('deletes a creative with its comments, likes, folder entries and files', async () => {
    const created = await submit<Creative>(
      'specialist',
      creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }),
    );
    const id = created.body.id;
    await t.request('POST', `/api/creatives/${id}/like`, { cookie: cookies.user });
    await t.request('POST', `/api/creatives/${id}/comments`, { cookie: cookies.user, body: { text: 'Top' } });
    const [folder] = await t.db.insert(folders).values({ userId: ids.user!, name: 'Dossier' }).returning();
    await t.db.insert(folderCreatives).values({ folderId: folder!.id, creativeId: id });
    const files = storedFiles().length;

    expect((await t.request('DELETE', `/api/creatives/${id}`, { cookie: cookies.agency })).status).toBe(403);
    expect((await t.request('DELETE', `/api/creatives/${id}`, { cookie: cookies.specialist })).status).toBe(200);
    expect((await t.request('GET', `/api/creatives/${id}`, { cookie: cookies.admin })).status).toBe(404);
    const count = async (table: typeof comments | typeof creativeLikes | typeof folderCreatives) =>
      (
        (await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.creativeId, id))) as [{ n: number }]
      )[0].n;
    expect(await count(comments)).toBe(0);
    expect(await count(creativeLikes)).toBe(0);
    expect(await count(folderCreatives)).toBe(0);
    // The original, its card WebP, its link-preview JPEG and its responsive variants (AVIF + WebP per width).
    const variants = created.body.sources!.avif.split(', ').length * 2;
    expect(storedFiles().length).toBe(files - 3 - variants);
    expect((await t.request('DELETE', `/api/creatives/${id}`, { cookie: cookies.specialist })).status).toBe(404);
  });

  it('keeps exactly one featured creative, with analyst and rating', async () => {
    const a = await insertCreative(t.db, { name: 'Une' });
    const b = await insertCreative(t.db, { name: 'Deux' });
    const pending = await insertCreative(t.db, { status: 'pending' });
    expect(
      (await t.request('POST', `/api/creatives/${a.id}/feature`, { cookie: cookies.agency, body: { analyzedBy: 'Léa', rating: 3 } }))
        .status,
    ).toBe(403);
    const noStar = await t.request<ApiError>('POST', `/api/creatives/${a.id}/feature`, {
      cookie: cookies.specialist,
      body: { analyzedBy: 'Léa', rating: 0 },
    });
    expect(noStar.body.error.fields.rating).toBe(MSG.ratingRequired);
    const noName = await t.request<ApiError>('POST', `/api/creatives/${a.id}/feature`, {
      cookie: cookies.specialist,
      body: { analyzedBy: ' ', rating: 4 },
    });
    expect(noName.body.error.fields.analyzedBy).toBe(MSG.analystRequired);
    await t.request('POST', `/api/creatives/${a.id}/feature`, { cookie: cookies.specialist, body: { analyzedBy: 'Léa', rating: 3 } });
    const second = await t.request('POST', `/api/creatives/${b.id}/feature`, {
      cookie: cookies.admin,
      body: { analyzedBy: 'Hugo', rating: 5 },
    });
    expect(second.body).toMatchObject({ isFeatured: true, analyzedBy: 'Hugo', rating: 5 });
    const first = await t.request<Creative>('GET', `/api/creatives/${a.id}`);
    expect(first.body).toMatchObject({ isFeatured: false, featuredAt: null, analyzedBy: null, rating: null });
    expect((await t.request<Highlights>('GET', '/api/creatives/highlights')).body.featured?.id).toBe(b.id);
    expect(
      (await t.request('POST', `/api/creatives/${pending.id}/feature`, { cookie: cookies.admin, body: { analyzedBy: 'X', rating: 2 } }))
        .status,
    ).toBe(409);
  });

  it('creates approved creatives from the admin form only for admins', async () => {
    const body = {
      name: 'Form admin',
      advertiser: 'Marque',
      image: 'https://exemple.fr/visuel.jpg',
      format: 'GIF',
      objective: 'MOFU',
      type: 'Prix',
      sector: 'Mode',
      platform: 'Google',
    };
    expect((await t.request('POST', '/api/admin/creatives', { cookie: cookies.specialist, body })).status).toBe(403);
    const empty = await t.request<ApiError>('POST', '/api/admin/creatives', { cookie: cookies.admin, body: { ...body, name: '' } });
    expect(empty.body.error.fields.name).toBe(MSG.adminFieldRequired);
    const res = await t.request<Creative>('POST', '/api/admin/creatives', { cookie: cookies.admin, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'approved', image: body.image, mediaUrl: body.image, format: 'GIF' });
  });
});
