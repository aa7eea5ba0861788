import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthWindow } from '@domain/calendar';
import { ADVERTISER_MAX, NAME_MAX } from '@domain/limits';
import { CATEGORY_KEYS, CATEGORY_LISTS } from '@domain/vocabulary';
import { buildDeps } from '@server/deps/build-deps';
import { parseEnv, toConfig } from '@server/env';
import type { Deps } from '@server/http/context';
import { createDiskStore } from '@server/media/store';
import { extractPoster } from '@server/media/video';
import { lengthOf } from '@domain/media-shape';
import { openDatabase, type Database } from '../client';
import { comments, creativeLikes, creatives, media, user } from '../schema';
import { seedIfEmpty } from '.';

let database: Database;
let deps: Deps;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  database = await openDatabase({});
  deps = buildDeps({
    db: database.db,
    config: toConfig(parseEnv({ DATA_DIR: dir, SEED: 'demo' })),
    secret: 'x'.repeat(40),
    media: createDiskStore(path.join(dir, 'media')),
  });
  expect(await seedIfEmpty(deps)).toBe(true);
}, 60_000);

afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const all = () => deps.db.select().from(creatives);

describe('demo seed', () => {
  it('creates the four demo accounts with their roles', async () => {
    const rows = await deps.db.select({ email: user.email, role: user.role }).from(user);
    for (const [email, role] of [
      ['admin@example.com', 'admin'],
      ['specialiste@example.com', 'specialist'],
      ['agence@example.com', 'agency'],
      ['utilisateur@example.com', 'user'],
    ]) {
      expect(rows).toContainEqual({ email, role });
    }
  });

  it('has ≥ 30 approved, ≥ 2 pending and ≥ 1 rejected (with reason) by the agency, one featured', async () => {
    const rows = await all();
    const [agency] = await deps.db.select().from(user).where(eq(user.email, 'agence@example.com'));
    const approved = rows.filter((r) => r.status === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(30);
    expect(approved.every((r) => r.validated)).toBe(true);
    const pending = rows.filter((r) => r.status === 'pending');
    const rejected = rows.filter((r) => r.status === 'rejected');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    expect([...pending, ...rejected].every((r) => r.submittedBy === agency!.id)).toBe(true);
    expect(rejected.every((r) => r.rejectionReason && r.rejectionReason.length <= 100)).toBe(true);
    const featured = rows.filter((r) => r.isFeatured);
    expect(featured).toHaveLength(1);
    expect(featured[0]).toMatchObject({ status: 'approved', analyzedBy: expect.any(String), rating: expect.any(Number) });
  });

  it('uses every vocabulary value, respects the limits, and mixes analyses and flags', async () => {
    const approved = (await all()).filter((r) => r.status === 'approved');
    const columns = { format: 'formats', objective: 'objectives', type: 'types', sector: 'sectors', platform: 'platforms' } as const;
    for (const key of CATEGORY_KEYS) {
      const used = new Set(approved.flatMap((r) => r[columns[key]]));
      expect(
        CATEGORY_LISTS[key].filter((v) => !used.has(v)),
        key,
      ).toEqual([]);
    }
    expect(approved.every((r) => [...r.name].length <= NAME_MAX && [...r.advertiser].length <= ADVERTISER_MAX)).toBe(true);
    expect(approved.some((r) => r.attention && r.interest && r.desire && r.bestPractices.length && r.actions.length)).toBe(true);
    expect(approved.some((r) => !r.attention && r.bestPractices.length === 0)).toBe(true);
    expect(approved.some((r) => r.isJuntoAngel)).toBe(true);
    expect(approved.some((r) => r.testedAndApproved)).toBe(true);
    expect(approved.filter((r) => r.mediaType === 'video').length).toBeGreaterThanOrEqual(3);
  });

  it('keeps likes and comment counters equal to their rows, with likes this month', async () => {
    const rows = await all();
    const likes = await deps.db
      .select({ id: creativeLikes.creativeId, n: sql<number>`count(*)::int` })
      .from(creativeLikes)
      .groupBy(creativeLikes.creativeId);
    const notes = await deps.db
      .select({ id: comments.creativeId, n: sql<number>`count(*)::int` })
      .from(comments)
      .groupBy(comments.creativeId);
    for (const r of rows) {
      expect(r.likes).toBe(likes.find((l) => l.id === r.id)?.n ?? 0);
      expect(r.commentCount).toBe(notes.find((c) => c.id === r.id)?.n ?? 0);
    }
    expect(notes.reduce((s, c) => s + c.n, 0)).toBeGreaterThanOrEqual(20);
    const { start } = monthWindow(new Date());
    expect(rows.some((r) => r.status === 'approved' && r.likes > 0 && r.createdAt >= start)).toBe(true);
  });

  it('stores every media file with its card derivative, and posters for videos', async () => {
    const files = await deps.db.select().from(media);
    expect(files.length).toBe((await all()).length);
    for (const f of files) {
      expect(await deps.media.store.exists(f.name), f.name).toBe(true);
      expect(f.thumbName && (await deps.media.store.exists(f.thumbName))).toBe(true);
      if (f.contentType.startsWith('video/')) expect(f.posterName && (await deps.media.store.exists(f.posterName))).toBe(true);
    }
  });

  it('gives every creative its shape, every video its length and the size of its file, every image its words', async () => {
    const rows = await all();
    const files = await deps.db.select().from(media);
    expect(rows.every((r) => r.shape !== null)).toBe(true);
    for (const r of rows.filter((row) => row.mediaType === 'video')) {
      const file = files.find((f) => f.id === r.mediaId)!;
      const probed = await extractPoster(deps.media.tools, path.join(dir, 'media', file.name));
      expect(probed, file.name).not.toBeNull();
      expect({ width: file.width, height: file.height }).toEqual({ width: probed!.width, height: probed!.height });
      expect(Math.abs(file.durationMs! - probed!.durationMs!)).toBeLessThan(100);
      expect(r.lengthClass).toBe(lengthOf(file.durationMs));
      expect(r.mediaAnalysedAt).toBeNull();
    }
    for (const r of rows.filter((row) => row.mediaType === 'image')) {
      expect(r.mediaText, r.name).toContain(r.advertiser);
      expect(r.mediaAnalysedAt).not.toBeNull();
    }
  });

  it('does nothing on a second start', async () => {
    const before = (await all()).length;
    expect(await seedIfEmpty(deps)).toBe(false);
    expect((await all()).length).toBe(before);
  });
});
