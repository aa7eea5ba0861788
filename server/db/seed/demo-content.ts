import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { searchTextOf } from '@domain/search';
import type { Deps } from '@server/http/context';
import { serverPaths } from '@server/paths';
import { perceptualHash, sha256Of } from '@server/media/fingerprint';
import { storeMedia } from '@server/services/media.service';
import { mediaColumns } from '@server/services/creatives/creative-write';
import { commentLikes, comments, creativeLikes, creatives, user } from '../schema';
import { drawnText, renderAd } from './demo-ad-art';
import { demoAnalysis } from './demo-analysis';
import { APPROVED, type DemoCreative } from './demo-catalog';
import {
  DEMO_ENTRIES,
  demoCommentPlan,
  demoCreatedAt,
  demoFeaturedAt,
  demoLikedAt,
  demoMembers,
  FEATURED,
  FIRST_COMMENT_LIKER,
} from './demo-plan';

const ASSETS = serverPaths.seedAssets;
type SubmitterIds = Record<DemoCreative['by'], string>;

/** The stored media of a demo creative, and its fingerprint for duplicate detection (like a submission's). */
async function storeDemoMedia(deps: Deps, c: DemoCreative) {
  const { media, picture, data } = await storeDemoFiles(deps, c);
  return { media, fingerprint: { sha256: await sha256Of(data), phash: await perceptualHash(picture) } };
}

/**
 * Size and length of the demo's videos (server/db/seed/assets/), whose poster is given, not extracted;
 * the Firebase demo seed stores the same (seed.test.ts checks them against the files).
 */
export const DEMO_VIDEOS: Record<string, { width: number; height: number; durationMs: number }> = {
  'appli-budget': { width: 480, height: 480, durationMs: 3000 },
  'energie-solaire': { width: 640, height: 360, durationMs: 3000 },
  'smoothie-matin': { width: 360, height: 640, durationMs: 3000 },
  'velo-electrique': { width: 360, height: 640, durationMs: 3000 },
};

async function storeDemoFiles(deps: Deps, c: DemoCreative) {
  if (c.video) {
    const [data, poster] = await Promise.all([
      fs.readFile(path.join(ASSETS, `${c.video}.mp4`)),
      fs.readFile(path.join(ASSETS, `${c.video}-poster.jpg`)),
    ]);
    const media = await storeMedia(deps, {
      source: { data },
      ext: 'mp4',
      contentType: 'video/mp4',
      originalName: `${c.video}.mp4`,
      mediaType: 'video',
      ...DEMO_VIDEOS[c.video],
      poster,
    });
    return { media, picture: poster, data };
  }
  const data = await renderAd({ ...c.art!, brand: c.advertiser });
  const media = await storeMedia(deps, {
    source: { data },
    ext: 'jpg',
    contentType: 'image/jpeg',
    originalName: `${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.jpg`,
    mediaType: 'image',
    width: c.art!.size[0],
    height: c.art!.size[1],
  });
  return { media, picture: data, data };
}

/**
 * The text a demo image shows, as drawn: stored as read, so the demo's search finds the words of its
 * pictures. The demo's videos stay unread: `npm run media:analyse` reads them (the server's queue
 * reads only what is submitted or edited while it runs).
 */
function demoMediaText(c: DemoCreative, now: Date) {
  return c.art ? { mediaText: drawnText({ ...c.art, brand: c.advertiser }), mediaAnalysedAt: now } : {};
}

/** Seeds the demo library; returns counts for the log line. */
export async function seedDemoContent(deps: Deps, submitters: SubmitterIds, now = new Date()) {
  const all = DEMO_ENTRIES;
  // Media first (files fully written, then their rows); the content goes in one transaction.
  const stored = await Promise.all(all.map(({ c }) => storeDemoMedia(deps, c)));

  const members = demoMembers(now).map((m) => ({
    id: crypto.randomUUID(),
    name: `${m.firstName} ${m.lastName}`,
    ...m,
    role: 'user',
  }));
  const likers = [...members.map((m) => m.id), ...Object.values(submitters)];

  await deps.db.transaction(async (tx) => {
    await tx.insert(user).values(members);
    const rows = await tx
      .insert(creatives)
      .values(
        all.map(({ c, status, reason }, i) => {
          const analysis = demoAnalysis(c, i);
          const featured = c.name === FEATURED.name;
          return {
            name: c.name,
            advertiser: c.advertiser,
            searchText: searchTextOf(c),
            ...mediaColumns(stored[i]!.media, c.video ? 'video' : 'image'),
            ...demoMediaText(c, now),
            mediaSha256: stored[i]!.fingerprint.sha256,
            phash: stored[i]!.fingerprint.phash,
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
            featuredAt: featured ? demoFeaturedAt(now) : null,
            analyzedBy: featured ? FEATURED.analyzedBy : null,
            rating: featured ? FEATURED.rating : null,
            rejectionReason: reason,
            createdAt: demoCreatedAt(c, i, now),
          };
        }),
      )
      .returning({ id: creatives.id, likes: creatives.likes, createdAt: creatives.createdAt, status: creatives.status });

    const likeRows = rows.flatMap((r) =>
      likers.slice(0, r.likes).map((userId, k) => ({
        creativeId: r.id,
        userId,
        createdAt: demoLikedAt(r.createdAt, k, now),
      })),
    );
    if (likeRows.length) await tx.insert(creativeLikes).values(likeRows);

    const approved = rows.filter((r) => r.status === 'approved');
    const commentRows = demoCommentPlan(approved.length).map((plan) => {
      const target = approved[plan.target]!;
      const author = members[plan.author]!;
      return {
        id: crypto.randomUUID(),
        creativeId: target.id,
        userId: author.id,
        userFirstName: author.firstName,
        userLastName: author.lastName,
        text: plan.text,
        likes: plan.likes,
        createdAt: new Date(Math.min(now.getTime(), target.createdAt.getTime() + plan.afterMs)),
      };
    });
    await tx.insert(comments).values(commentRows);
    const commentLikeRows = commentRows.flatMap((c) =>
      members.slice(FIRST_COMMENT_LIKER, FIRST_COMMENT_LIKER + c.likes).map((m) => ({ commentId: c.id, userId: m.id })),
    );
    if (commentLikeRows.length) await tx.insert(commentLikes).values(commentLikeRows);
    const perCreative = new Map<string, number>();
    for (const c of commentRows) perCreative.set(c.creativeId, (perCreative.get(c.creativeId) ?? 0) + 1);
    for (const [id, n] of perCreative) await tx.update(creatives).set({ commentCount: n }).where(eq(creatives.id, id));
  });
  return { creatives: all.length, approved: APPROVED.length, members: members.length };
}
