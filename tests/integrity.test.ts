import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, creativeLikes, creatives, media } from '@server/db/schema';
import { deleteMedia } from '@server/services/media.service';
import { checkIntegrity, isClean, repairIntegrity } from '@server/ops/integrity';
import { insertCreative, insertUsers, sessionCookieFor, storeTestImage } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * server/ops/integrity.ts (npm run check:integrity): each kind of disagreement between what is
 * stored is made by hand, found by the check, fixed by the repair; a clean library reports nothing.
 */
let t: TestApp;
const now = { minAgeMs: 0 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function creativeWithLikes(likes: number) {
  const stored = await storeTestImage(t.deps);
  const creative = await insertCreative(t.db, { mediaId: stored.id });
  const users = likes > 0 ? await insertUsers(t.db, likes) : [];
  for (const u of users) {
    const liked = await t.request('POST', `/api/creatives/${creative.id}/like`, { cookie: await sessionCookieFor(t.deps, u.id) });
    expect(liked.status).toBe(200);
  }
  return { creative, stored };
}

describe('check:integrity', () => {
  it('reports nothing for a library written only through the API', async () => {
    const { creative } = await creativeWithLikes(3);
    const { cookie } = await t.loginAs('user');
    expect((await t.request('POST', `/api/creatives/${creative.id}/comments`, { cookie, body: { text: 'Très bien' } })).status).toBe(201);
    const report = await checkIntegrity(t.db, t.deps.media.store, now);
    expect(report).toEqual({
      counterDrift: [],
      analyticsDrift: 0,
      missingFiles: [],
      orphanFiles: [],
      orphanMedia: [],
      staleTempFiles: 0,
    });
    expect(isClean(report)).toBe(true);
  });

  it('finds counters that differ from their rows and sets them back to the count', async () => {
    const { creative } = await creativeWithLikes(2);
    const [comment] = await t.db
      .insert(comments)
      .values({ creativeId: creative.id, userFirstName: 'A', userLastName: 'B', text: 'x', likes: 4 })
      .returning();
    await t.db.update(creatives).set({ likes: 7, commentCount: 0 }).where(eq(creatives.id, creative.id));
    await t.db.execute(sql`UPDATE analytics_daily SET n = n + 5 WHERE kind = 'likes'`);

    const report = await checkIntegrity(t.db, t.deps.media.store, now);
    expect(report.counterDrift).toEqual(
      expect.arrayContaining([
        { counter: 'creatives.likes', id: creative.id, stored: 7, actual: 2 },
        { counter: 'creatives.comment_count', id: creative.id, stored: 0, actual: 1 },
        { counter: 'comments.likes', id: comment!.id, stored: 4, actual: 0 },
      ]),
    );
    expect(report.analyticsDrift).toBeGreaterThan(0);

    const repaired = await repairIntegrity(t.db, t.deps.media.store, report);
    expect(repaired.countersFixed).toBe(3);
    expect(repaired.analyticsRebuilt).toBe(true);
    const [row] = await t.db.select().from(creatives).where(eq(creatives.id, creative.id));
    expect(row).toMatchObject({ likes: 2, commentCount: 1 });
    const [likeRows] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creativeLikes)
      .where(eq(creativeLikes.creativeId, creative.id));
    expect(likeRows!.n).toBe(2);
    expect(isClean(await checkIntegrity(t.db, t.deps.media.store, now))).toBe(true);
  });

  it('removes files without a row, media without a creative and temp files of dead processes', async () => {
    const orphanFile = 'creatives/1700000000000-0123456789ab-640.avif';
    await t.deps.media.store.put(orphanFile, Buffer.from('x'));
    const unused = await storeTestImage(t.deps);
    const deadTemp = path.join(t.dataDir, 'media', '.tmp', `999999999-${Date.now()}-abcdef.part`);
    await fs.writeFile(deadTemp, 'partial');

    const report = await checkIntegrity(t.db, t.deps.media.store, now);
    expect(report.orphanFiles).toEqual([orphanFile]);
    expect(report.orphanMedia).toEqual([unused.id]);
    expect(report.staleTempFiles).toBe(1);

    const repaired = await repairIntegrity(t.db, t.deps.media.store, report);
    expect(repaired).toMatchObject({ orphanFilesRemoved: 1, orphanMediaRemoved: 1, tempFilesRemoved: 1 });
    expect(await t.deps.media.store.exists(orphanFile)).toBe(false);
    expect(await t.deps.media.store.exists(unused.name)).toBe(false);
    expect(await t.db.select().from(media).where(eq(media.id, unused.id))).toEqual([]);
    expect(isClean(await checkIntegrity(t.db, t.deps.media.store, now))).toBe(true);
  });

  it('reports a row whose file is gone and leaves it (only a backup can bring it back)', async () => {
    const { stored } = await creativeWithLikes(0);
    await t.deps.media.store.remove(stored.thumbName!);
    const report = await checkIntegrity(t.db, t.deps.media.store, now);
    expect(report.missingFiles).toEqual([{ mediaId: stored.id, file: stored.thumbName }]);
    await repairIntegrity(t.db, t.deps.media.store, report);
    expect((await checkIntegrity(t.db, t.deps.media.store, now)).missingFiles).toEqual([{ mediaId: stored.id, file: stored.thumbName }]);
    await t.db.delete(creatives).where(eq(creatives.mediaId, stored.id));
    await deleteMedia(t.db, t.deps.media.store, stored.id);
  });

  it('leaves recent files and media alone (an upload writes its files before its row)', async () => {
    const fresh = 'creatives/1700000000001-0123456789ab.png';
    await t.deps.media.store.put(fresh, Buffer.from('x'));
    const unused = await storeTestImage(t.deps);
    const report = await checkIntegrity(t.db, t.deps.media.store, { minAgeMs: 60 * 60 * 1000 });
    expect(report.orphanFiles).toEqual([]);
    expect(report.orphanMedia).toEqual([]);
    const later = await checkIntegrity(t.db, t.deps.media.store, now);
    expect(later.orphanFiles).toEqual([fresh]);
    expect(later.orphanMedia).toEqual([unused.id]);
    await repairIntegrity(t.db, t.deps.media.store, later);
  });
});
