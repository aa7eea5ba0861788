import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakdown, percent, periodWindow, PERIODS, topContributors, type Period } from '@domain/analytics';
import { dayWindow, zonedDate } from '@domain/calendar';
import { TOP_CONTRIBUTORS } from '@domain/limits';
import type { Analytics } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LISTS, type CategoryKey } from '@domain/vocabulary';
import { ANALYTICS_ROLLUP_TABLE, rebuildAnalyticsRollups } from '@server/db/analytics-rollups';
import type { Db } from '@server/db/client';
import { analyticsDaily, comments, creativeLikes, creatives, user } from '@server/db/schema';
import type { Manifest } from '@server/ops/archive-manifest';
import { dumpDatabase } from '@server/ops/database-dump';
import { loadDatabase } from '@server/ops/database-load';
import { getAnalytics } from '@server/services/analytics.service';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The analytics page reads rollups kept by triggers (migration 0003). The oracle here is the
 * former implementation, a raw scan of creatives, creative_likes, comments and user: after any
 * mix of writes, both must give the same figures for every period. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */

const CATEGORY_COLUMNS: Record<CategoryKey, string> = {
  format: 'formats',
  objective: 'objectives',
  type: 'types',
  sector: 'sectors',
  platform: 'platforms',
};

function inWindow(column: AnyPgColumn, window: { start: Date; end: Date } | null): SQL | undefined {
  return window ? and(gte(column, window.start), lt(column, window.end)) : undefined;
}

const count = sql<number>`count(*)::int`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The raw scan (the service before the rollups); ties among contributors broken by id. */
async function scanAnalytics(db: Db, period: Period, now: Date): Promise<Analytics> {
  const window = periodWindow(period, now);
  const created = inWindow(creatives.createdAt, window);
  const [totals] = await db
    .select({
      creatives: count,
      approved: sql<number>`count(*) filter (where ${creatives.status} = 'approved')::int`,
      pending: sql<number>`count(*) filter (where ${creatives.status} = 'pending')::int`,
      rejected: sql<number>`count(*) filter (where ${creatives.status} = 'rejected')::int`,
      analysed: sql<number>`count(*) filter (where ${creatives.attention} <> '' or ${creatives.interest} <> '' or ${creatives.desire} <> ''
        or jsonb_array_length(${creatives.bestPractices}) > 0 or jsonb_array_length(${creatives.actions}) > 0)::int`,
    })
    .from(creatives)
    .where(created);
  const [users] = await db.select({ n: count }).from(user).where(inWindow(user.createdAt, window));
  const [likes] = await db.select({ n: count }).from(creativeLikes).where(inWindow(creativeLikes.createdAt, window));
  const [commentTotal] = await db.select({ n: count }).from(comments).where(inWindow(comments.createdAt, window));
  const contributors = await db
    .select({ userId: creatives.submittedBy, firstName: user.firstName, lastName: user.lastName, count })
    .from(creatives)
    .leftJoin(user, eq(user.id, creatives.submittedBy))
    .where(created)
    .groupBy(creatives.submittedBy, user.firstName, user.lastName)
    .orderBy(sql`count(*) desc`, sql`coalesce(${creatives.submittedBy}, '')`)
    .limit(TOP_CONTRIBUTORS);
  const total = totals?.creatives ?? 0;
  const breakdowns = {} as Analytics['breakdowns'];
  for (const key of CATEGORY_KEYS) {
    const rows = await db.execute(
      sql`select v as label, count(*)::int as count
            from ${creatives}, unnest(${sql.identifier(CATEGORY_COLUMNS[key])}) as v
           ${created ? sql`where ${created}` : sql``}
           group by v`,
    );
    const counts = new Map(rowsOf<{ label: string; count: number }>(rows).map((r) => [r.label, Number(r.count)]));
    breakdowns[key] = breakdown(CATEGORY_LISTS[key], counts, total);
  }
  return {
    period,
    totals: {
      creatives: total,
      approved: totals?.approved ?? 0,
      pending: totals?.pending ?? 0,
      rejected: totals?.rejected ?? 0,
      users: users?.n ?? 0,
      likes: likes?.n ?? 0,
      comments: commentTotal?.n ?? 0,
    },
    analysedPercent: percent(totals?.analysed ?? 0, total),
    topContributors: topContributors(contributors),
    breakdowns,
  };
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const some = <T>(items: readonly T[], max: number): T[] => Array.from({ length: int(max + 1) }, () => pick(items));
  return { next, int, pick, some, chance: (p: number) => next() < p };
}

/** 'Now' of the checks: the mornings after the spring and autumn clock changes in Paris. */
const NOWS = [new Date('2025-03-31T08:00:00Z'), new Date('2025-10-27T00:30:00Z')];

describe('analytics rollups', () => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.db;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function expectSameAsScan(label: string, on: Db = db): Promise<void> {
    for (const now of NOWS) {
      for (const period of PERIODS) {
        const expected = await scanAnalytics(on, period, now);
        expect(await getAnalytics(on, period, now), `${label}, period ${period}, now ${now.toISOString()}`).toEqual(expected);
      }
    }
  }

  it('counts each instant on its Europe/Paris calendar day, as domain/calendar does (midnights, clock changes)', async () => {
    const instants: Date[] = [];
    for (const now of [...NOWS, new Date('2024-12-31T23:30:00Z'), new Date('2025-07-01T12:00:00Z')]) {
      for (const offset of [-2, -1, 0, 1]) {
        const { start } = dayWindow(now, offset);
        for (const ms of [-3_600_000, -1, 0, 1, 3_600_000]) instants.push(new Date(start.getTime() + ms));
      }
    }
    // The clock changes themselves: 02:00 → 03:00 on 30 March, 03:00 → 02:00 on 26 October 2025.
    for (const iso of ['2025-03-30T00:59:59.999Z', '2025-03-30T01:00:00Z', '2025-10-26T00:59:59.999Z', '2025-10-26T01:00:00Z']) {
      instants.push(new Date(iso));
    }
    const ymd = (d: Date) => {
      const { year, month, day } = zonedDate(d);
      return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    };
    for (const instant of instants) {
      const [row] = rowsOf<{ day: string }>(
        await db.execute(sql`select analytics_day(${instant.toISOString()}::timestamptz)::text as day`),
      );
      expect(row?.day, instant.toISOString()).toBe(ymd(instant));
    }
  });

  it('equal the raw scan for every period after a random mix of writes around Paris midnights', async () => {
    const rand = prng(20250330);
    /** An instant within ±95 days of one of the NOWS, often within 90 s of a Paris midnight. */
    const instant = (): Date => {
      const { start } = dayWindow(rand.pick(NOWS), rand.int(97) - 95);
      const ms = rand.chance(0.5) ? rand.int(180_000) - 90_000 : rand.int(86_400_000);
      return new Date(start.getTime() + ms);
    };
    const values = (key: CategoryKey): string[] => {
      const chosen: string[] = rand.some(CATEGORY_LISTS[key], 2);
      if (rand.chance(0.1)) chosen.push('Hors liste');
      return chosen;
    };
    const analysis = () => ({
      attention: rand.pick(['', '', 'Accroche', ' ']),
      interest: rand.pick(['', '', 'Intérêt']),
      desire: rand.pick(['', '', '', 'Désir']),
      bestPractices: rand.chance(0.2) ? ['Hook'] : [],
      actions: rand.chance(0.15) ? ['Tester'] : [],
    });
    const status = () => rand.pick(['pending', 'approved', 'rejected', 'approved']);

    const ids = async () => ({
      users: (await db.select({ id: user.id }).from(user)).map((r) => r.id),
      creatives: (await db.select({ id: creatives.id }).from(creatives)).map((r) => r.id),
      likes: await db.select({ creativeId: creativeLikes.creativeId, userId: creativeLikes.userId }).from(creativeLikes),
      comments: (await db.select({ id: comments.id }).from(comments)).map((r) => r.id),
    });
    const newUser = () => {
      const id = crypto.randomUUID();
      const named = rand.chance(0.85);
      return {
        id,
        name: 'Rollup',
        email: `${id}@example.com`,
        firstName: named ? rand.pick(['Ana', 'Léo', 'Zoé']) : '',
        lastName: named ? rand.pick(['Lyste', 'Martin']) : '',
        createdAt: instant(),
      };
    };
    const newCreative = (users: string[]) => ({
      name: 'Créa',
      advertiser: 'Annonceur',
      status: status(),
      submittedBy: users.length && rand.chance(0.85) ? rand.pick(users) : null,
      formats: values('format'),
      objectives: values('objective'),
      types: values('type'),
      sectors: values('sector'),
      platforms: values('platform'),
      ...analysis(),
      createdAt: instant(),
    });

    await db.insert(user).values(Array.from({ length: 8 }, newUser));
    for (let round = 1; round <= 6; round++) {
      for (let op = 0; op < 45; op++) {
        const s = await ids();
        const creative = () => rand.pick(s.creatives);
        const choice = s.creatives.length < 5 ? 0 : rand.int(19);
        switch (choice) {
          case 0:
          case 16:
          case 17:
            await db.insert(creatives).values(Array.from({ length: 1 + rand.int(3) }, () => newCreative(s.users)));
            break;
          case 1:
            await db.update(creatives).set({ status: status() }).where(eq(creatives.id, creative()));
            break;
          case 2:
            await db
              .update(creatives)
              .set({ formats: values('format'), types: values('type'), platforms: values('platform') })
              .where(eq(creatives.id, creative()));
            break;
          case 3:
            await db.update(creatives).set(analysis()).where(eq(creatives.id, creative()));
            break;
          case 4:
            await db
              .update(creatives)
              .set({ submittedBy: s.users.length && rand.chance(0.8) ? rand.pick(s.users) : null })
              .where(eq(creatives.id, creative()));
            break;
          case 5:
            await db.update(creatives).set({ createdAt: instant() }).where(eq(creatives.id, creative()));
            break;
          case 6:
            await db.delete(creatives).where(inArray(creatives.id, [creative(), creative()]));
            break;
          case 7:
          case 8:
          case 9: {
            const c = creative();
            const likers = rand.some(s.users, 3);
            if (!likers.length) break;
            await db.transaction(async (tx) => {
              const added = await tx
                .insert(creativeLikes)
                .values(likers.map((userId) => ({ creativeId: c, userId, createdAt: instant() })))
                .onConflictDoNothing()
                .returning();
              await tx
                .update(creatives)
                .set({ likes: sql`${creatives.likes} + ${added.length}` })
                .where(eq(creatives.id, c));
            });
            break;
          }
          case 10: {
            const like = s.likes.length ? rand.pick(s.likes) : null;
            if (!like) break;
            await db.transaction(async (tx) => {
              await tx
                .delete(creativeLikes)
                .where(and(eq(creativeLikes.creativeId, like.creativeId), eq(creativeLikes.userId, like.userId)));
              await tx
                .update(creatives)
                .set({ likes: sql`${creatives.likes} - 1` })
                .where(eq(creatives.id, like.creativeId));
            });
            break;
          }
          case 11:
          case 12: {
            const c = creative();
            await db.transaction(async (tx) => {
              await tx.insert(comments).values({
                creativeId: c,
                userId: s.users.length ? rand.pick(s.users) : null,
                userFirstName: 'Ana',
                userLastName: 'Lyste',
                text: 'Bien vu',
                createdAt: instant(),
              });
              await tx
                .update(creatives)
                .set({ commentCount: sql`${creatives.commentCount} + 1` })
                .where(eq(creatives.id, c));
            });
            break;
          }
          case 13:
            if (s.comments.length) await db.delete(comments).where(eq(comments.id, rand.pick(s.comments)));
            break;
          case 14:
            await db.insert(user).values(newUser());
            break;
          case 15:
            // Cascades: their likes go, their creatives and comments lose their author.
            if (s.users.length > 3) await db.delete(user).where(eq(user.id, rand.pick(s.users)));
            break;
          default:
            // A save that changes nothing counted (an edit form sent back as it was, counters).
            await db
              .update(creatives)
              .set({ status: sql`${creatives.status}`, formats: sql`${creatives.formats}`, likes: sql`${creatives.likes}` })
              .where(eq(creatives.id, creative()));
        }
      }
      if (round === 3) {
        // A null element in a category array is no value (the scan's unnest groups it under null).
        const [first] = (await ids()).creatives;
        await db.execute(sql`update ${creatives} set types = array_append(types, null) where id = ${first!}`);
      }
      await expectSameAsScan(`round ${round}`);
    }
    const [{ n } = { n: 0 }] = await db.select({ n: count }).from(creatives);
    expect(n).toBeGreaterThan(20);
  }, 180_000);

  it('do not fire on counter updates nor on saves that change nothing counted', async () => {
    const [c] = await db.select({ id: creatives.id }).from(creatives).limit(1);
    const firedTriggers = async (update: SQL): Promise<string[]> => {
      const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (analyze, format json) ${update}`));
      const plan = (typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN']) as {
        Triggers?: { 'Trigger Name': string }[];
      }[];
      return (plan[0]?.Triggers ?? []).map((x) => x['Trigger Name']);
    };
    const id = c!.id;
    expect(
      await firedTriggers(sql`update ${creatives} set likes = likes + 1, comment_count = comment_count + 1 where id = ${id}`),
    ).not.toContain('creatives_analytics_update');
    expect(
      await firedTriggers(sql`update ${creatives} set status = status, formats = formats, updated_at = now() where id = ${id}`),
    ).not.toContain('creatives_analytics_update');
    expect(
      await firedTriggers(
        sql`update ${creatives} set status = case status when 'approved' then 'rejected' else 'approved' end where id = ${id}`,
      ),
    ).toContain('creatives_analytics_update');
    await expectSameAsScan('after the trigger checks');
  });

  it('come back with a restore: as dumped, or rebuilt when the archive predates them', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'creatheque-rollups-'));
    try {
      const dump = await dumpDatabase(db, dir);
      expect(dump.tables[ANALYTICS_ROLLUP_TABLE]?.rows).toBeGreaterThan(0);
      for (const withRollups of [true, false]) {
        const target = await createTestApp();
        try {
          const tables = { ...dump.tables };
          if (!withRollups) delete tables[ANALYTICS_ROLLUP_TABLE];
          // loadDatabase reads only the manifest's tables (the rest is checked by restore()).
          await loadDatabase(target.db, dir, { tables } as unknown as Manifest, { replace: true });
          await expectSameAsScan(withRollups ? 'restored with its rollups' : 'restored without rollups', target.db);
        } finally {
          await target.close();
        }
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('are rebuilt from the tables by analytics_rebuild() and kept right by TRUNCATE', async () => {
    await db.delete(analyticsDaily);
    await rebuildAnalyticsRollups(db);
    await expectSameAsScan('after analytics_rebuild()');
    await db.execute(sql`truncate ${creativeLikes}, ${comments} cascade`);
    await expectSameAsScan('after truncate creative_likes, comments cascade');
    await db.execute(sql`truncate ${creatives} cascade`);
    await expectSameAsScan('after truncate creatives cascade');
  });
});
