import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Creative, FacetCounts, Page } from '@domain/types';
import { creatives, media } from '@server/db/schema';
import { creativeForm, demoVideoBytes, pngBytes, submitCreative, VALID_FORM } from './helpers/uploads';
import { createTestApp, type ApiError, type TestApp } from './helpers/test-app';

/**
 * The shape and length filter groups (issue 33): a submission classes its media (the image's size, the
 * video's duration read by the same ffmpeg run as its poster), the gallery filters by the classes
 * (`?shape=9:16&length=le6`, any of a group's values, every group) and the filter dialog counts them —
 * by the catalogue engine without a search and with one.
 */

let t: TestApp;
let staff: string;
let story: Creative;
let square: Creative;
let video: Creative;

const list = async (query: string) => {
  const res = await t.request<Page<Creative>>('GET', `/api/creatives?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((c) => c.id);
};

const facets = async (query = '') => {
  const res = await t.request<FacetCounts>('GET', `/api/creatives/facets?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

const rowOf = async (id: string) => (await t.db.select().from(creatives).where(eq(creatives.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.loginAs('specialist')).cookie;
  // Staff submissions are approved at once (spec §4): in the gallery straight away.
  story = await submitCreative(t, staff, await pngBytes(1080, 1920), 'story.png', 'image/png');
  square = await submitCreative(t, staff, await pngBytes(600, 600), 'carre.png', 'image/png');
  video = await submitCreative(t, staff, demoVideoBytes(), 'spot.mp4', 'video/mp4');
}, 60_000);

afterAll(() => t.close());

describe('a submission', () => {
  it('classes an image by its size, and gives it no length', async () => {
    expect(story).toMatchObject({ shape: '9:16', lengthClass: null });
    expect(square).toMatchObject({ shape: '1:1', lengthClass: null });
    expect(await rowOf(story.id)).toMatchObject({ shape: '9:16', lengthClass: null });
  });

  it("classes a video by its frame and by the duration the poster's ffmpeg run read", async () => {
    // The demo clip: 480×480, 3 s.
    const row = await rowOf(video.id);
    const [stored] = await t.db.select().from(media).where(eq(media.id, row.mediaId!));
    expect(stored?.durationMs).toBe(3000);
    expect(row).toMatchObject({ shape: '1:1', lengthClass: 'le6' });
    expect(video).toMatchObject({ shape: '1:1', lengthClass: 'le6' });
  });

  it('is classed anew when an edit replaces its media', async () => {
    const created = await submitCreative(t, staff, await pngBytes(1200, 628), 'banniere.png', 'image/png');
    expect(created.shape).toBe('other');
    const edited = await t.request<Creative>('PATCH', `/api/creatives/${created.id}`, {
      cookie: staff,
      body: creativeForm(VALID_FORM, { bytes: await pngBytes(1080, 1350), name: 'portrait.png', type: 'image/png' }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.shape).toBe('4:5');
    expect((await list('shape=4:5')).includes(created.id)).toBe(true);
    expect((await list('shape=other')).includes(created.id)).toBe(false);
  });
});

describe('the gallery', () => {
  it('finds a 1080×1920 image with ?shape=9:16, and not with another shape', async () => {
    expect(await list('shape=9:16')).toContain(story.id);
    expect(await list('shape=1:1')).not.toContain(story.id);
    expect(await list('shape=1:1')).toEqual(expect.arrayContaining([square.id, video.id]));
  });

  it('takes any of a group’s values and every group', async () => {
    const either = await list('shape=9:16&shape=1:1');
    expect(either).toEqual(expect.arrayContaining([story.id, square.id, video.id]));
    expect(await list('shape=1:1&length=le6')).toEqual([video.id]);
    expect(await list('shape=9:16&length=le6')).toEqual([]);
  });

  it('filters the same with a search (the SQL and the engine paths agree)', async () => {
    const named = await list(`q=${encodeURIComponent(VALID_FORM.name)}&shape=9:16`);
    expect(named).toContain(story.id);
    expect(named).not.toContain(square.id);
  });

  it('refuses an unknown class with a JSON error', async () => {
    const res = await t.request<ApiError>('GET', '/api/creatives?shape=3:2');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
  });
});

describe('the filter counts', () => {
  it('count each class, the shape without its own choice and the length with it', async () => {
    const all = await facets();
    expect(all.media.shape).toMatchObject({ '9:16': 1, '1:1': 2, '4:5': 1, '16:9': 0 });
    expect(all.media.length).toMatchObject({ le6: 1, le15: 0, le30: 0, long: 0 });
    const chosen = await facets('shape=9:16');
    expect(chosen.total).toBe(1);
    expect(chosen.media.shape).toMatchObject({ '9:16': 1, '1:1': 2 });
    expect(chosen.media.length['le6']).toBe(0);
    const searched = await facets(`q=${encodeURIComponent(VALID_FORM.name)}&length=le6`);
    expect(searched.total).toBe(1);
    expect(searched.media.shape).toMatchObject({ '1:1': 1, '9:16': 0 });
  });
});
