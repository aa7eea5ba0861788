import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Creative, Page } from '@domain/types';
import { creatives, media } from '@server/db/schema';
import { readText, scriptedAnalyser, type ScriptedAnalyser } from './helpers/scripted-analyser';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';
import { creativeForm, demoVideoBytes, pngBytes, submitCreative, VALID_FORM } from './helpers/uploads';

/**
 * The media-analysis queue (server/analysis/queue, pg-boss) on the test's database — PGlite, and
 * PostgreSQL with DATABASE_URL: a submission queues its creative, the job writes the text read; one job
 * per creative at a time; a failed attempt is retried; a replaced media or a deleted creative drops the
 * result; the staff's corrections win. The analyser is scripted here (the OCR has tests of its own).
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`toujours pas : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stored(app: TestApp, id: string) {
  const [row] = await app.db
    .select({
      text: creatives.mediaText,
      analysedAt: creatives.mediaAnalysedAt,
      lengthClass: creatives.lengthClass,
      mediaId: creatives.mediaId,
    })
    .from(creatives)
    .where(eq(creatives.id, id));
  return row;
}

const analysed = (app: TestApp, id: string) =>
  until(`analyse de ${id}`, async () => ((await stored(app, id))?.analysedAt ? stored(app, id) : null));

async function start(analyser: ScriptedAnalyser) {
  t = await createTestApp({ mediaAnalysis: { analyser, retryDelaySeconds: 1 } });
  return t;
}

describe(`media-analysis queue (${engine})`, () => {
  it('a submission is analysed: its text stored, shown on its page, the queue empty after', async () => {
    const analyser = scriptedAnalyser(async () => readText('Livraison offerte\n|\n-50 % sur la crème\nLivraison  offerte'));
    const app = await start(analyser);
    const agency = await app.loginAs('agency');
    const created = await submitCreative(app, agency.cookie, await pngBytes(108, 108), 'pub.png', 'image/png');
    const row = await analysed(app, created.id);
    // Noise dropped, the repeated line kept once (domain/media-text.ts).
    expect(row!.text).toBe('Livraison offerte\n-50 % sur la crème');
    expect(analyser.tasks).toHaveLength(1);
    expect(analyser.tasks[0]!.mediaType).toBe('image');
    const page = await app.request<Creative>('GET', `/api/creatives/${created.id}`, { cookie: agency.cookie });
    expect(page.body.mediaText).toBe('Livraison offerte\n-50 % sur la crème');
    await until('file vide', async () => {
      const depth = await app.queue!.depth();
      return depth.created + depth.retry + depth.active === 0;
    });
  });

  it("a video's duration and length class are written with its text", async () => {
    const analyser = scriptedAnalyser(async () => ({ text: 'Essai gratuit', durationMs: 5_400.4, frames: 3 }));
    const app = await start(analyser);
    const staff = await app.loginAs('specialist');
    const created = await submitCreative(app, staff.cookie, demoVideoBytes(), 'spot.mp4', 'video/mp4');
    const row = await analysed(app, created.id);
    expect(row).toMatchObject({ text: 'Essai gratuit', lengthClass: 'le6' });
    const [file] = await app.db.select({ durationMs: media.durationMs }).from(media).where(eq(media.id, row!.mediaId!));
    expect(file!.durationMs).toBe(5_400);
    expect(analyser.tasks[0]!.mediaType).toBe('video');
  });

  it('one job per creative: queued again while it runs, it waits, and never runs twice at once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Two threads: a second job of the same creative could be taken beside the first if the queue let it.
    const analyser = scriptedAnalyser(async () => {
      await held;
      return readText('Une fois');
    }, 2);
    const app = await start(analyser);
    const staff = await app.loginAs('specialist');
    const created = await submitCreative(app, staff.cookie, await pngBytes(), 'a.png', 'image/png');
    await until('job en cours', async () => analyser.tasks.length === 1);
    for (let i = 0; i < 3; i++) await app.queue!.enqueue(created.id);
    // While one runs: one more waits, however often it was asked for.
    expect(await app.queue!.depth()).toEqual({ created: 1, retry: 0, active: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(analyser.mostAtOnce).toBe(1);
    release();
    await analysed(app, created.id);
    await until('file vide', async () => {
      const depth = await app.queue!.depth();
      return depth.created + depth.retry + depth.active === 0;
    });
    // The waiting job found the creative analysed: the media is not read again.
    expect(analyser.tasks).toHaveLength(1);
  });

  it('a failed attempt is retried with back-off, then the result is written', async () => {
    const analyser = scriptedAnalyser(async (_task, attempt) => {
      if (attempt === 1) throw new Error('le lecteur a planté');
      return readText('Deuxième essai');
    });
    const app = await start(analyser);
    const staff = await app.loginAs('specialist');
    const created = await submitCreative(app, staff.cookie, await pngBytes(), 'a.png', 'image/png');
    const row = await analysed(app, created.id);
    expect(row!.text).toBe('Deuxième essai');
    expect(analyser.tasks).toHaveLength(2);
  });

  it('a media replaced during the analysis drops the stale result; the new media is analysed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const analyser = scriptedAnalyser(async (_task, attempt) => {
      if (attempt === 1) {
        await held;
        return readText('Ancienne affiche');
      }
      return readText('Nouvelle affiche');
    });
    const app = await start(analyser);
    const staff = await app.loginAs('specialist');
    const created = await submitCreative(app, staff.cookie, await pngBytes(), 'a.png', 'image/png');
    await until('job en cours', async () => analyser.tasks.length === 1);
    const replaced = await app.request('PATCH', `/api/creatives/${created.id}`, {
      cookie: staff.cookie,
      body: creativeForm(VALID_FORM, { bytes: await pngBytes(90, 160), name: 'b.png', type: 'image/png' }),
    });
    expect(replaced.status, replaced.text).toBe(200);
    release();
    const row = await analysed(app, created.id);
    expect(row!.text).toBe('Nouvelle affiche');
    expect(analyser.tasks).toHaveLength(2);
  });

  it('a creative deleted before its job runs: the job completes without error', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const analyser = scriptedAnalyser(async () => {
      await held;
      return readText('Disparue');
    });
    const app = await start(analyser);
    const staff = await app.loginAs('specialist');
    const first = await submitCreative(app, staff.cookie, await pngBytes(), 'a.png', 'image/png');
    const second = await submitCreative(app, staff.cookie, await pngBytes(), 'b.png', 'image/png');
    await until('job en cours', async () => analyser.tasks.length === 1);
    expect((await app.request('DELETE', `/api/creatives/${second.id}`, { cookie: staff.cookie })).status).toBe(200);
    release();
    await analysed(app, first.id);
    await until('file vide', async () => {
      const depth = await app.queue!.depth();
      return depth.created + depth.retry + depth.active === 0;
    });
    expect(analyser.tasks).toHaveLength(1);
  });
});

describe(`the text of a creative, corrected by the staff (${engine})`, () => {
  it('only specialists and admins may write it: 403 in French for an agency', async () => {
    const analyser = scriptedAnalyser(async () => readText('Lu par la machine'));
    const app = await start(analyser);
    const agency = await app.loginAs('agency');
    const refused = await app.request<ApiError>('POST', '/api/creatives', {
      cookie: agency.cookie,
      body: creativeForm({ ...VALID_FORM, mediaText: 'Texte inventé' }, { bytes: await pngBytes(), name: 'a.png', type: 'image/png' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Seuls les spécialistes et les administrateurs peuvent corriger le texte de la créative',
    });
    const created = await submitCreative(app, agency.cookie, await pngBytes(), 'a.png', 'image/png');
    await analysed(app, created.id);
    const edit = await app.request<ApiError>('PATCH', `/api/creatives/${created.id}`, {
      cookie: agency.cookie,
      body: creativeForm({ ...VALID_FORM, mediaText: 'Texte inventé' }),
    });
    expect(edit.status).toBe(403);
    expect((await stored(app, created.id))!.text).toBe('Lu par la machine');
  });

  it("a specialist's correction is kept: the analysis never overwrites it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const analyser = scriptedAnalyser(async () => {
      await held;
      return readText('Livraisom offerte');
    });
    const app = await start(analyser);
    const specialist = await app.loginAs('specialist');
    const created = await submitCreative(app, specialist.cookie, await pngBytes(), 'a.png', 'image/png');
    await until('job en cours', async () => analyser.tasks.length === 1);
    const edit = await app.request<Creative>('PATCH', `/api/creatives/${created.id}`, {
      cookie: specialist.cookie,
      body: creativeForm({ ...VALID_FORM, mediaText: 'Livraison offerte' }),
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.mediaText).toBe('Livraison offerte');
    release();
    await until('file vide', async () => {
      const depth = await app.queue!.depth();
      return depth.created + depth.retry + depth.active === 0;
    });
    const row = await stored(app, created.id);
    expect(row).toMatchObject({ text: 'Livraison offerte' });
    expect(row!.analysedAt).not.toBeNull();
    // An edit that sends the text unchanged is no correction (the form sends it with every save).
    const admin = await app.loginAs('admin');
    const again = await app.request<Creative>('PATCH', `/api/creatives/${created.id}`, {
      cookie: admin.cookie,
      body: creativeForm({ ...VALID_FORM, name: 'Renommée', mediaText: 'Livraison offerte' }),
    });
    expect(again.status, again.text).toBe(200);
    expect((await stored(app, created.id))!.analysedAt).toEqual(row!.analysedAt);
  });
});

describe(`search by the words in the picture (${engine})`, () => {
  it('an approved creative is found by a word only its picture shows — by the engine — a pending one is not', async () => {
    const analyser = scriptedAnalyser(async () => readText('Essai gratuit\nJusqu’à dimanche'));
    const app = await start(analyser);
    await app.deps.caches.catalogue.start();
    const agency = await app.loginAs('agency');
    const staff = await app.loginAs('specialist');
    const created = await submitCreative(app, agency.cookie, await pngBytes(), 'a.png', 'image/png');
    await analysed(app, created.id);
    const search = async (q: string) => {
      const res = await app.request<Page<Creative>>('GET', `/api/creatives?q=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      return res.body.items.map((c) => c.id);
    };
    expect(await search('dimanche')).toEqual([]);
    expect((await app.request('POST', `/api/creatives/${created.id}/approve`, { cookie: staff.cookie })).status).toBe(200);
    expect(app.deps.caches.catalogue.ready).toBe(true);
    expect(await search('dimanche')).toEqual([created.id]);
    expect(await search('essai gratuit')).toEqual([created.id]);
  });
});
