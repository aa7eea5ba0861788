import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFileName } from '@domain/download';
import type { Role } from '@domain/roles';
import { media } from '@server/db/schema';
import { parseEnv } from '@server/env';
import { configureLogging } from '@server/log';
import { mediaStoreOf } from '@server/media/media-store-of';
import type { MediaStore } from '@server/media/store';
import { backupDatabase } from '@server/ops/backup';
import { checkIntegrity, isClean, repairIntegrity } from '@server/ops/integrity';
import { restore } from '@server/ops/restore';
import { backfillImageVariants, backfillOpenGraphImages } from '@server/services/media-backfill';
import { filesOf, removeFiles } from '@server/services/media.service';
import type { Readiness } from '@server/services/readiness';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { storedBytes } from './helpers/stored-bytes';
import { createTestApp, type TestApp } from './helpers/test-app';
import { creativeForm, demoVideoBytes, pngBytes, submitCreative, VALID_FORM } from './helpers/uploads';

/**
 * The server with its media in an S3-compatible bucket (MEDIA_STORE=s3, a real s3rver process):
 * uploads, ranged reads, downloads, private media, failed uploads, backup and restore, integrity
 * check, backfill, readiness.
 * Runs on PGlite, or on PostgreSQL with DATABASE_URL.
 */
let s3: S3TestServer;
let t: TestApp;
const cookies = {} as Record<Role, string>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-s3-'));
const prefix = `run-${crypto.randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  s3 = await startS3Server({ prefix });
  t = await createTestApp({ env: s3.env });
  for (const role of ['user', 'agency', 'admin'] as const) cookies[role] = (await t.loginAs(role)).cookie;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await s3?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const submit = (role: Role, bytes: Buffer, name: string, type: string) => submitCreative(t, cookies[role], bytes, name, type);

/** Every stored name under this run's prefix (staged files: stagedLeft). */
async function bucketKeys(): Promise<string[]> {
  const store = storeAt(prefix);
  const keys: string[] = [];
  for await (const name of store.list()) keys.push(name);
  return keys.sort();
}

/** A store on the same bucket, under another prefix (or this run's). */
function storeAt(at: string, dataDir = scratch): MediaStore {
  return mediaStoreOf({ env: parseEnv({ ...s3.env, S3_PREFIX: at }), dataDir });
}

/** Staged keys left under this run's prefix: listed below the interface, as the sweep sees them. */
async function stagedLeft(): Promise<number> {
  return t.deps.media.store.sweepTemp({ olderThanMs: 0, dryRun: true, recorded: async () => new Set() });
}

it('uses the bucket', () => {
  expect(t.deps.media.store.kind).toBe('s3');
  expect(t.deps.media.store.location).toBe(`s3://${s3.bucket}/${prefix}/`);
});

describe('uploads go to the bucket and are served through the server', () => {
  it('a picture: original and derivatives in the bucket, served whole and in ranges, downloaded with its name', async () => {
    const png = await pngBytes(300, 200);
    const creative = await submit('admin', png, 'affiche.png', 'image/png');
    const name = creative.mediaUrl!.replace(/^\/media\//, '');
    const keys = await bucketKeys();
    expect(keys).toContain(name);
    expect(keys.filter((k) => k.startsWith(name.replace(/\.png$/, '')))).toHaveLength(keys.length);
    expect(await stagedLeft()).toBe(0);

    const whole = await t.request('GET', creative.mediaUrl!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.bytes.equals(await storedBytes(t.deps.media.store, name))).toBe(true);
    const part = await t.request('GET', creative.mediaUrl!, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${whole.bytes.length}`);
    expect(part.bytes.equals(whole.bytes.subarray(0, 8))).toBe(true);
    const beyond = await t.request('GET', creative.mediaUrl!, { headers: { range: `bytes=${whole.bytes.length}-` } });
    expect(beyond.status).toBe(416);

    const download = await t.request('GET', `/api/creatives/${creative.id}/download`, { cookie: cookies.user });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${downloadFileName(creative.name, 'image/png')}"`);
    expect(download.headers.get('cache-control')).toBe('private, no-store');
    expect(download.bytes.equals(whole.bytes)).toBe(true);
  });

  it('a video: remuxed, with its poster, seekable with ranges', async () => {
    const creative = await submit('admin', demoVideoBytes(), 'spot.mp4', 'video/mp4');
    expect(creative.posterUrl).toBeTruthy();
    const head = await t.request('HEAD', creative.mediaUrl!);
    const size = Number(head.headers.get('content-length'));
    expect(size).toBeGreaterThan(1000);
    const middle = await t.request('GET', creative.mediaUrl!, { headers: { range: `bytes=${size - 100}-` } });
    expect(middle.status).toBe(206);
    expect(middle.bytes.length).toBe(100);
    expect((await t.request('GET', creative.posterUrl!)).status).toBe(200);
    expect(await stagedLeft()).toBe(0);
  });

  it('a pending creative’s media go only to who may open it, uncached', async () => {
    const creative = await submit('agency', await pngBytes(), 'attente.png', 'image/png');
    expect(creative.status).toBe('pending');
    expect((await t.request('GET', creative.mediaUrl!)).status).toBe(404);
    expect((await t.request('GET', creative.mediaUrl!, { cookie: cookies.user })).status).toBe(404);
    const own = await t.request('GET', creative.mediaUrl!, { cookie: cookies.agency });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('a failed upload leaves nothing in the bucket', () => {
  it('an unreadable picture: 415, no object staged or stored', async () => {
    const before = await bucketKeys();
    const fake = Buffer.concat([(await pngBytes()).subarray(0, 64), crypto.randomBytes(4000)]);
    const res = await t.request('POST', '/api/creatives', {
      cookie: cookies.admin,
      body: creativeForm(VALID_FORM, { bytes: fake, name: 'x.png', type: 'image/png' }),
    });
    expect(res.status).toBe(415);
    expect(await bucketKeys()).toEqual(before);
    expect(await stagedLeft()).toBe(0);
  });

  it('the media row cannot be written: 500 JSON, the staged files are discarded', async () => {
    const before = await bucketKeys();
    await t.db.execute(
      sql`CREATE OR REPLACE FUNCTION refuse_media() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`,
    );
    await t.db.execute(sql`CREATE TRIGGER refuse_media BEFORE INSERT ON media FOR EACH ROW EXECUTE FUNCTION refuse_media()`);
    configureLogging({ level: 'silent' }); // the expected 500 logs its error
    try {
      const res = await t.request<{ error: { code: string } }>('POST', '/api/creatives', {
        cookie: cookies.admin,
        body: creativeForm(VALID_FORM, { bytes: demoVideoBytes(), name: 'spot.mp4', type: 'video/mp4' }),
      });
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBeTruthy();
    } finally {
      configureLogging({ level: 'warn' });
      await t.db.execute(sql`DROP TRIGGER refuse_media ON media`);
      await t.db.execute(sql`DROP FUNCTION refuse_media()`);
    }
    expect(await bucketKeys()).toEqual(before);
    expect(await stagedLeft()).toBe(0);
  });
});

describe('backup and restore', () => {
  it('a backup reads the media from the bucket; a restore writes them to the configured store', async () => {
    const archive = path.join(scratch, 'sauvegarde.tar.gz');
    const summary = await backupDatabase(
      { db: t.db, kind: t.database.kind, dataDir: t.dataDir, media: t.deps.media.store },
      { out: archive },
    );
    const names = await bucketKeys();
    expect(summary.mediaFiles).toBe(names.length);

    const target = storeAt(`${prefix}-restored`, path.join(scratch, 'restored'));
    const restored = await restore({ dataDir: path.join(scratch, 'restored'), file: archive, media: target });
    expect(restored.mediaFiles).toBe(names.length);
    const copies: string[] = [];
    for await (const name of target.list()) copies.push(name);
    expect(copies.sort()).toEqual(names);
    for (const name of names)
      expect((await storedBytes(target, name)).equals(await storedBytes(t.deps.media.store, name)), name).toBe(true);
    expect(await target.sweepTemp({ olderThanMs: 0, dryRun: true, recorded: async () => new Set() })).toBe(0);
  }, 60_000);
});

describe('operations through the bucket', () => {
  it('check:integrity walks the bucket: clean, then finds an orphan object and removes it', async () => {
    expect(isClean(await checkIntegrity(t.db, t.deps.media.store, { minAgeMs: 0 }))).toBe(true);
    const orphan = 'creatives/1700000000000-0badc0ffee00.png';
    await t.deps.media.store.put(orphan, Buffer.from('sans ligne'));
    const report = await checkIntegrity(t.db, t.deps.media.store, { minAgeMs: 0 });
    expect(report.orphanFiles).toEqual([orphan]);
    expect(report.missingFiles).toEqual([]);
    await repairIntegrity(t.db, t.deps.media.store, report);
    expect(await t.deps.media.store.exists(orphan)).toBe(false);
  });

  it('the backfill reads pictures from the bucket and writes their variants and link-preview JPEG there', async () => {
    const creative = await submit('admin', await pngBytes(500, 400), 'ancien.png', 'image/png');
    const [row] = await t.db
      .select()
      .from(media)
      .where(eq(media.name, creative.mediaUrl!.replace(/^\/media\//, '')));
    const variants = filesOf(row!).filter((name) => name !== row!.name && name !== row!.thumbName);
    expect(variants.length).toBeGreaterThan(0);
    await removeFiles(t.deps.media.store, variants);
    expect(variants).toContain(row!.name.replace(/\.png$/, '-og.jpg'));
    await t.db.update(media).set({ variantWidths: null, placeholderColor: null, ogWidth: null }).where(eq(media.id, row!.id));
    expect(await backfillImageVariants(t.db, t.deps.media.store)).toEqual({ made: 1, missing: 0 });
    expect(await backfillOpenGraphImages(t.db, t.deps.media.store)).toEqual({ made: 1, missing: 0 });
    for (const name of variants) expect(await t.deps.media.store.exists(name), name).toBe(true);
    expect(await stagedLeft()).toBe(0);
  });
});

describe('readiness', () => {
  it('reports the media store failed once the bucket cannot be reached', async () => {
    const ok = await t.request<Readiness>('GET', '/api/ready');
    expect(ok.status).toBe(200);
    await s3.kill();
    const res = await t.request<Pick<Readiness, 'checks'>>('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body.checks).toMatchObject({ database: 'ok', media: 'failed' });
  }, 30_000);
});
