import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_MAX_DISTANCE, hammingDistance } from '@domain/perceptual-hash';
import type { Creative, DuplicateCheck, Page } from '@domain/types';
import { creatives } from '@server/db/schema';
import { perceptualHash } from '@server/media/fingerprint';
import { duplicateLookup } from '@server/services/creatives/duplicates.service';
import { backfillFingerprints } from '@server/services/fingerprint-backfill';
import { storeMedia } from '@server/services/media.service';
import { insertCreative } from './helpers/fixtures';
import { poster } from './helpers/pictures';
import { createTestApp, type TestApp } from './helpers/test-app';
import { creativeForm, submitCreative, VALID_FORM } from './helpers/uploads';

/**
 * Duplicate detection at submission (issue 18): exact copies by SHA-256 of the upload, near copies
 * (re-encoded, resized, converted; a video re-encoded smaller) by the dHash of the picture or poster,
 * found through indexes; the agency learns nothing of a creative it may not open; the review queue
 * names the suspected original.
 */
const run = promisify(execFile);
let t: TestApp;
const cookies = { agency: '', otherAgency: '', specialist: '', admin: '' };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-dupes-'));

const png = (seed: number) => sharp(poster(seed)).png().toBuffer();

async function check(cookie: string, bytes: Buffer, name: string, type: string) {
  const form = creativeForm(VALID_FORM, { bytes, name, type });
  // The check needs only the file; the form's other fields are ignored.
  return t.request<DuplicateCheck>('POST', '/api/creatives/duplicates', { cookie, body: form });
}

let original: Creative;
let originalPng: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  cookies.agency = (await t.loginAs('agency')).cookie;
  cookies.otherAgency = (await t.loginAs('agency')).cookie;
  cookies.specialist = (await t.loginAs('specialist')).cookie;
  cookies.admin = (await t.loginAs('admin')).cookie;
  originalPng = await png(1);
  original = await submitCreative(t, cookies.admin, originalPng, 'original.png', 'image/png');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('what is stored at submission', () => {
  it('the SHA-256 of the bytes as sent and the dHash of the picture', async () => {
    const [row] = await t.db.select().from(creatives).where(eq(creatives.id, original.id));
    expect(row!.mediaSha256).toBe(crypto.createHash('sha256').update(originalPng).digest('hex'));
    expect(row!.phash).toBe(await perceptualHash(originalPng));
    expect(row!.duplicateOf).toBeNull();
  });
});

describe('the check before sending (POST /api/creatives/duplicates)', () => {
  it('finds an exact duplicate: the same bytes', async () => {
    const res = await check(cookies.agency, originalPng, 'copie.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.body.matches).toHaveLength(1);
    expect(res.body.matches[0]).toMatchObject({ exact: true, creative: { id: original.id, name: original.name } });
    expect(res.body.hiddenMatch).toBe(false);
  });

  const copies: [string, () => Promise<Buffer>, string][] = [
    ['a JPEG re-encoded at quality 60', () => sharp(originalPng).jpeg({ quality: 60 }).toBuffer(), 'image/jpeg'],
    ['a copy resized to 50 %', () => sharp(originalPng).resize(400).png().toBuffer(), 'image/png'],
    ['a PNG converted to JPEG', () => sharp(originalPng).jpeg().toBuffer(), 'image/jpeg'],
    ['a WebP resized to 50 %', () => sharp(originalPng).resize(400).webp({ quality: 70 }).toBuffer(), 'image/webp'],
  ];
  for (const [label, make, type] of copies) {
    it(`finds a near duplicate: ${label}`, async () => {
      const bytes = await make();
      const distance = hammingDistance((await perceptualHash(bytes))!, (await perceptualHash(originalPng))!);
      expect(distance).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
      const res = await check(cookies.agency, bytes, `copie.${type.split('/')[1]}`, type);
      expect(res.status, res.text).toBe(200);
      expect(res.body.matches.map((m) => [m.exact, m.creative.id])).toEqual([[false, original.id]]);
    });
  }

  it('does not match an unrelated picture', async () => {
    for (const seed of [2, 3, 4]) {
      const res = await check(cookies.agency, await png(seed), 'autre.png', 'image/png');
      expect(res.body).toEqual({ matches: [], hiddenMatch: false });
    }
  });

  it('flat pictures (one colour) are matched by their exact bytes only, never to each other', async () => {
    const flat = (background: string) =>
      sharp({ create: { width: 320, height: 400, channels: 3, background } })
        .png()
        .toBuffer();
    const red = await submitCreative(t, cookies.admin, await flat('#e11d48'), 'rouge.png', 'image/png');
    const [row] = await t.db.select({ phash: creatives.phash }).from(creatives).where(eq(creatives.id, red.id));
    expect(row!.phash).toBeNull();
    expect((await check(cookies.agency, await flat('#0ea5e9'), 'bleu.png', 'image/png')).body).toEqual({ matches: [], hiddenMatch: false });
    const same = await check(cookies.agency, await flat('#e11d48'), 'rouge.png', 'image/png');
    expect(same.body.matches.map((m) => [m.exact, m.creative.id])).toEqual([[true, red.id]]);
  });

  it("an agency learns only that a creative it may not open matches: another agency's pending one", async () => {
    const secret = await png(5);
    const pending = await submitCreative(t, cookies.otherAgency, secret, 'secret.png', 'image/png');
    expect(pending.status).toBe('pending');
    const res = await check(cookies.agency, secret, 'secret.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matches: [], hiddenMatch: true });
    expect(res.text).not.toContain(pending.id);
    expect(res.text).not.toContain(pending.name);
    // Its own agency and the staff see it.
    const own = await check(cookies.otherAgency, secret, 'secret.png', 'image/png');
    expect(own.body.matches.map((m) => m.creative.id)).toEqual([pending.id]);
    const staff = await check(cookies.specialist, secret, 'secret.png', 'image/png');
    expect(staff.body.matches.map((m) => m.creative.id)).toEqual([pending.id]);
  });

  it('refuses a form without a file, like the submit form', async () => {
    const res = await t.request('POST', '/api/creatives/duplicates', { cookie: cookies.agency, body: creativeForm(VALID_FORM) });
    expect(res.status).toBe(400);
  });

  it("a video's poster frame: a re-encoded, smaller copy of the video matches", async ({ skip }) => {
    const ffmpeg = t.deps.media.tools.ffmpeg;
    if (!ffmpeg) skip('no ffmpeg here: videos are matched by their exact bytes only (README, Duplicate detection)');
    const video = path.join(scratch, 'clip.mp4');
    const smaller = path.join(scratch, 'clip-small.mp4');
    // prettier-ignore
    await run(ffmpeg!, ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '2',
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', video]);
    // prettier-ignore
    await run(ffmpeg!, ['-hide_banner', '-v', 'error', '-y', '-i', video, '-vf', 'scale=320:180', '-c:v', 'libx264', '-crf', '35',
      '-pix_fmt', 'yuv420p', '-movflags', '+faststart', smaller]);
    const stored = await submitCreative(t, cookies.admin, fs.readFileSync(video), 'clip.mp4', 'video/mp4');
    const [row] = await t.db.select({ phash: creatives.phash }).from(creatives).where(eq(creatives.id, stored.id));
    expect(row!.phash).not.toBeNull();
    const res = await check(cookies.agency, fs.readFileSync(smaller), 'clip-small.mp4', 'video/mp4');
    expect(res.status, res.text).toBe(200);
    expect(res.body.matches.map((m) => [m.exact, m.creative.id])).toEqual([[false, stored.id]]);
  });
});

describe('the backfill (npm run media:backfill)', () => {
  it('fingerprints the creatives stored before duplicate detection, once', async () => {
    const stored = await storeMedia(t.deps, {
      source: { data: await png(6) },
      ext: 'png',
      contentType: 'image/png',
      originalName: 'ancienne.png',
      mediaType: 'image',
    });
    const before = await insertCreative(t.db, { name: 'Avant les empreintes', mediaId: stored.id });
    expect(before.phash).toBeNull();
    const storedBytes = await new Promise<Buffer>((resolve, reject) => {
      void t.deps.media.store.read(stored.name).then((stream) => {
        const chunks: Buffer[] = [];
        stream!
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => resolve(Buffer.concat(chunks)))
          .on('error', reject);
      });
    });
    const first = await backfillFingerprints(t.db, t.deps.media.store);
    expect(first.made).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(creatives).where(eq(creatives.id, before.id));
    expect(row!.mediaSha256).toBe(crypto.createHash('sha256').update(storedBytes).digest('hex'));
    expect(row!.phash).toBe(await perceptualHash(storedBytes));
    expect((await backfillFingerprints(t.db, t.deps.media.store)).made).toBe(0);
    // From now on, a copy of it is found.
    const res = await check(cookies.agency, await sharp(storedBytes).jpeg({ quality: 60 }).toBuffer(), 'ancienne.jpg', 'image/jpeg');
    expect(res.body.matches.map((m) => m.creative.id)).toEqual([before.id]);
  });
});

describe('the review queue', () => {
  it("marks a suspected duplicate with its original; the agency's own list does not", async () => {
    const copy = await sharp(originalPng).jpeg({ quality: 60 }).toBuffer();
    const sent = await submitCreative(t, cookies.agency, copy, 'copie.jpg', 'image/jpeg');
    const queue = await t.request<Page<Creative>>('GET', '/api/review/creatives?status=pending', { cookie: cookies.specialist });
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((c) => c.id === sent.id);
    expect(item?.duplicateOf).toBe(original.id);
    const unique = queue.body.items.find((c) => c.name === VALID_FORM.name && c.id !== sent.id && c.duplicateOf === null);
    expect(unique, 'a creative without a match carries duplicateOf: null').toBeDefined();
    const mine = await t.request<Page<Creative>>('GET', '/api/agency/creatives?status=pending', { cookie: cookies.agency });
    expect(mine.body.items.find((c) => c.id === sent.id)).not.toHaveProperty('duplicateOf');
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

describe('the lookup is indexed (no scan of creatives)', () => {
  it('reads media_sha256 and the dHash bands through their indexes', async () => {
    // Some thousands of rows with random hashes, so that an index is worth something to the planner.
    await t.db.execute(sql`insert into creatives (id, name, advertiser, media_sha256, phash)
      select gen_random_uuid()::text, 'Remplissage', 'Annonceur', md5(i::text) || md5(random()::text),
             ('x' || substr(md5(random()::text), 1, 16))::bit(64)::bigint
        from generate_series(1, 3000) i`);
    await t.db.execute(sql`analyze creatives`);
    await insertCreative(t.db, { name: 'Sans empreinte' });
    const fp = { sha256: 'a'.repeat(64), phash: (await perceptualHash(originalPng))! };
    // As tests/query-plans.test.ts: on a small table, seq scans off shows whether an index can answer at all.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain (format json) ${duplicateLookup(fp)}`)) as unknown as {
        rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
      };
      const cell = result.rows[0]!['QUERY PLAN'];
      return (typeof cell === 'string' ? JSON.parse(cell) : cell)[0].Plan as PlanNode;
    });
    const nodes = nodesOf(plan);
    const indexes = nodes.map((n) => n['Index Name']).filter(Boolean);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    expect(indexes).toContain('creatives_media_sha256_idx');
    for (let band = 0; band <= DUPLICATE_MAX_DISTANCE; band++) expect(indexes).toContain(`creatives_phash_band${band}_idx`);
  });
});
