import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { monthWindow } from '@domain/calendar';
import { searchTextOf } from '@domain/search';
import type { Deps } from '@server/http/context';
import { serverPaths } from '@server/paths';
import { storeMedia } from '@server/services/media.service';
import { commentLikes, comments, creativeLikes, creatives, user } from '../schema';
import { renderAd } from './demo-ad-art';
import { demoAnalysis } from './demo-analysis';
import { APPROVED, PENDING, REJECTED, type DemoCreative } from './demo-catalog';
import { DEMO_COMMENTS, DEMO_MEMBERS } from './demo-people';

const ASSETS = serverPaths.seedAssets;
const DAY = 86_400_000;
const FEATURED = 'Sérum éclat avant/après';

type SubmitterIds = Record<DemoCreative['by'], string>;

/**
 * When a demo creative was created: `ageDays` ago, except that liked ones are kept inside the
 * current calendar month (so 'creative of the month' always has candidates, even on the 1st).
 */
function createdAt(c: DemoCreative, rank: number, now: Date): Date {
  const at = new Date(now.getTime() - c.ageDays * DAY - rank * 60_000);
  if (c.likes === 0) return at;
  const { start } = monthWindow(now);
  if (at >= start) return at;
  return new Date(start.getTime() + ((now.getTime() - start.getTime()) * (rank + 1)) / (APPROVED.length + 2));
}

async function storeDemoMedia(deps: Deps, c: DemoCreative) {
  if (c.video) {
    const [data, poster] = await Promise.all([
      fs.readFile(path.join(ASSETS, `${c.video}.mp4`)),
      fs.readFile(path.join(ASSETS, `${c.video}-poster.jpg`)),
    ]);
    return storeMedia(deps, {
      source: { data },
      ext: 'mp4',
      contentType: 'video/mp4',
      originalName: `${c.video}.mp4`,
      mediaType: 'video',
      poster,
    });
  }
  const data = await renderAd({ ...c.art!, brand: c.advertiser });
  return storeMedia(deps, {
    source: { data },
    ext: 'jpg',
    contentType: 'image/jpeg',
    originalName: `${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.jpg`,
    mediaType: 'image',
    width: c.art!.size[0],
    height: c.art!.size[1],
  });
}

/** Seeds the demo library; returns counts for the log line. */
export async function seedDemoContent(deps: Deps, submitters: SubmitterIds, now = new Date()) {
  const all = [
    ...APPROVED.map((c) => ({ c, status: 'approved' as const, reason: null })),
    ...PENDING.map((c) => ({ c, status: 'pending' as const, reason: null })),
    ...REJECTED.map((c) => ({ c, status: 'rejected' as const, reason: c.reason })),
  ];
  // Media first (files fully written, then their rows); the content goes in one transaction.
  const stored = await Promise.all(all.map(({ c }) => storeDemoMedia(deps, c)));

  const members = DEMO_MEMBERS.map(([firstName, lastName], i) => ({
    id: crypto.randomUUID(),
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email:
      `${firstName}.${lastName}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase() + '@exemple.fr',
    role: 'user',
    createdAt: new Date(now.getTime() - (40 + i * 3) * DAY),
  }));
  const likers = [...members.map((m) => m.id), ...Object.values(submitters)];

  await deps.db.transaction(async (tx) => {
    await tx.insert(user).values(members);
    const rows = await tx
      .insert(creatives)
      .values(
        all.map(({ c, status, reason }, i) => {
          const analysis = demoAnalysis(c, i);
          const featured = c.name === FEATURED;
          return {
            name: c.name,
            advertiser: c.advertiser,
            searchText: searchTextOf(c),
            mediaId: stored[i]!.id,
            mediaType: c.video ? 'video' : 'image',
            formats: c.format,
            objectives: c.objective,
            types: c.type,
            sectors: c.sector,
            platforms: c.platform,
            likes: status === 'approved' ? c.likes : 0,
            status,
            validated: status === 'approved',
            submittedBy: submitters[c.by],
            isJuntoAngel: c.isJuntoAngel ?? false,
            testedAndApproved: c.testedAndApproved ?? false,
            ...analysis,
            isFeatured: featured,
            featuredAt: featured ? new Date(now.getTime() - DAY) : null,
            analyzedBy: featured ? 'Julien' : null,
            rating: featured ? 4 : null,
            rejectionReason: reason,
            createdAt: createdAt(c, i, now),
          };
        }),
      )
      .returning({ id: creatives.id, likes: creatives.likes, createdAt: creatives.createdAt, status: creatives.status });

    const likeRows = rows.flatMap((r) =>
      likers.slice(0, r.likes).map((userId, k) => ({
        creativeId: r.id,
        userId,
        createdAt: new Date(Math.min(now.getTime(), r.createdAt.getTime() + (k + 1) * 3_600_000)),
      })),
    );
    if (likeRows.length) await tx.insert(creativeLikes).values(likeRows);

    const approved = rows.filter((r) => r.status === 'approved');
    const commentRows = DEMO_COMMENTS.flatMap((text, k) =>
      [0, 1, 2].map((j) => {
        const target = approved[(k * 3 + j * 7) % Math.min(approved.length, 16)]!;
        const author = members[(k + j * 5) % members.length]!;
        return {
          id: crypto.randomUUID(),
          creativeId: target.id,
          userId: author.id,
          userFirstName: author.firstName,
          userLastName: author.lastName,
          text,
          likes: (k + j) % 3,
          createdAt: new Date(Math.min(now.getTime(), target.createdAt.getTime() + (k + j + 1) * 5_400_000)),
        };
      }),
    ).slice(0, 26);
    await tx.insert(comments).values(commentRows);
    const commentLikeRows = commentRows.flatMap((c) => members.slice(10, 10 + c.likes).map((m) => ({ commentId: c.id, userId: m.id })));
    if (commentLikeRows.length) await tx.insert(commentLikes).values(commentLikeRows);
    const perCreative = new Map<string, number>();
    for (const c of commentRows) perCreative.set(c.creativeId, (perCreative.get(c.creativeId) ?? 0) + 1);
    for (const [id, n] of perCreative) await tx.update(creatives).set({ commentCount: n }).where(eq(creatives.id, id));
  });
  return { creatives: all.length, approved: APPROVED.length, members: members.length };
}
