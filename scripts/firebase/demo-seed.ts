import fs from 'node:fs/promises';
import path from 'node:path';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { dHashToHex, indexedFingerprint, type IndexedFingerprint } from '@domain/fingerprints';
import { creativeInput } from '@domain/schemas/creative';
import type { Role } from '@domain/roles';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@server/db/seed/accounts';
import { drawnText, renderAd } from '@server/db/seed/demo-ad-art';
import { DEMO_VIDEOS } from '@server/db/seed/demo-content';
import { demoAnalysis } from '@server/db/seed/demo-analysis';
import type { DemoCreative } from '@server/db/seed/demo-catalog';
import {
  DEMO_ENTRIES,
  demoCommentPlan,
  demoCreatedAt,
  demoFeaturedAt,
  demoLikedAt,
  demoMembers,
  FEATURED,
  FIRST_COMMENT_LIKER,
} from '@server/db/seed/demo-plan';
import { ANALYSIS_DOC, creativeFormDocuments, mediaClassFields, PRIVATE_COLLECTION } from '@/gateway/firebase/creative-document';
import type { MediaReading } from '@/gateway/types';
import type { UserDoc } from '@/gateway/firebase/mappers';
import { perceptualHash, sha256Of } from '@server/media/fingerprint';
import { resolveMediaTools } from '@server/media/media-tools';
import { extractPoster } from '@server/media/video';
import { clearFirestoreEmulator } from '../firestore-emulator.mjs';
import { openAdmin } from './admin';

/**
 * The demo library of the self-hosted mode (server/db/seed/: same accounts, creatives, likes and
 * comments) written into the Firebase emulators in the stored shape of docs/decisions/005: public
 * fields and index keys on `creatives/{id}`, the analysis in `creatives/{id}/private/analysis`,
 * `users/{uid}/likes/{creativeId}` beside `likedBy`, `contributors/{uid}` for every submitter, and
 * each file's fingerprint (`fingerprints/{key}`, docs/decisions/025) as the server computes it.
 * The media are files written to `mediaDir`, which the site serves at `mediaBase` (Firebase
 * Storage has no emulator on our machines). Used by `npm run seed:firebase`, `npm run
 * start:firebase` and the Firebase browser journey.
 *
 * Emulators only: the Admin SDK goes to the hosts given here (FIRESTORE_EMULATOR_HOST,
 * FIREBASE_AUTH_EMULATOR_HOST are set for this process), and everything is cleared first.
 */

export const DEMO_PROJECT_ID = 'demo-creatheque';
/** Where the site serves the demo media (a path of the site, so the build stays host-independent). */
export const DEMO_MEDIA_BASE = '/demo-media';

export interface EmulatorHosts {
  /** host:port of the Firestore emulator */
  firestore: string;
  /** host:port of the Auth emulator */
  auth: string;
}

export interface FirebaseSeedOptions {
  projectId?: string;
  hosts: EmulatorHosts;
  /** Directory the media files are written to (emptied first). */
  mediaDir: string;
  mediaBase?: string;
  now?: Date;
}

export interface FirebaseSeedSummary {
  accounts: { email: string; password: string; role: Role; firstName: string; lastName: string; uid: string }[];
  members: number;
  creatives: number;
  approved: number;
  pending: number;
  rejected: number;
  likes: number;
  comments: number;
}

/** Firestore accepts at most 500 writes per batch. */
const BATCH_LIMIT = 400;

/** Empties the project on both emulators (their REST endpoints for tests; a real project has none). */
export async function clearEmulators(hosts: EmulatorHosts, projectId: string): Promise<void> {
  await clearFirestoreEmulator(hosts.firestore, projectId);
  const url = `http://${hosts.auth}/emulator/v1/projects/${encodeURIComponent(projectId)}/accounts`;
  const res = await fetch(url, { method: 'DELETE' });
  if (!res.ok) throw new Error(`could not clear ${url}: HTTP ${res.status} ${await res.text()}`);
}

interface DemoMedia {
  mediaType: 'image' | 'video';
  mediaUrl: string;
  posterUrl: string | null;
  width: number;
  height: number;
  /** The file's SHA-256 and its picture's dHash (the video's poster), as the self-hosted server stores them. */
  fingerprint: IndexedFingerprint;
  /**
   * What the browser's reading at submission would give: a picture's words as drawn (as the self-hosted
   * seed stores them), a clip's duration (its words are not read here).
   */
  reading: MediaReading;
}

async function serverFingerprint(file: Buffer, picture: Buffer): Promise<IndexedFingerprint> {
  const phash = await perceptualHash(picture);
  return indexedFingerprint({ sha256: await sha256Of(file), dhash: phash === null ? null : dHashToHex(phash) });
}

const fileSlug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The creative's media as static files: the committed clip and poster, or the ad drawn from its art. */
async function writeDemoMedia(c: DemoCreative, rank: number, mediaDir: string, mediaBase: string): Promise<DemoMedia> {
  const assets = path.resolve(import.meta.dirname, '../../server/db/seed/assets');
  const base = `${String(rank).padStart(2, '0')}-${fileSlug(c.name)}`;
  if (c.video) {
    const poster = await fs.readFile(path.join(assets, `${c.video}-poster.jpg`));
    const video = await fs.readFile(path.join(assets, `${c.video}.mp4`));
    await fs.writeFile(path.join(mediaDir, `${base}.mp4`), video);
    await fs.writeFile(path.join(mediaDir, `${base}-poster.jpg`), poster);
    const { width, height, durationMs } = DEMO_VIDEOS[c.video]!;
    // An upload of this clip is hashed by its ffmpeg poster at 1 s (the committed poster is another frame).
    const frame = await extractPoster(resolveMediaTools(process.env), path.join(assets, `${c.video}.mp4`));
    const fingerprint = await serverFingerprint(video, frame?.poster ?? poster);
    return {
      mediaType: 'video',
      mediaUrl: `${mediaBase}/${base}.mp4`,
      posterUrl: `${mediaBase}/${base}-poster.jpg`,
      width,
      height,
      fingerprint,
      reading: { text: '', width, height, durationMs },
    };
  }
  const art = c.art!;
  const image = await renderAd({ ...art, brand: c.advertiser });
  await fs.writeFile(path.join(mediaDir, `${base}.jpg`), image);
  const fingerprint = await serverFingerprint(image, image);
  return {
    mediaType: 'image',
    mediaUrl: `${mediaBase}/${base}.jpg`,
    posterUrl: null,
    width: art.size[0],
    height: art.size[1],
    fingerprint,
    reading: { text: drawnText({ ...art, brand: c.advertiser }), width: art.size[0], height: art.size[1], durationMs: null },
  };
}

/** Writes [reference, data] pairs in batches (the seed has a few hundred documents). */
async function commitAll(db: Firestore, writes: [DocumentReference, Record<string, unknown>][]): Promise<void> {
  for (let i = 0; i < writes.length; i += BATCH_LIMIT) {
    const batch = db.batch();
    for (const [ref, data] of writes.slice(i, i + BATCH_LIMIT)) batch.set(ref, data);
    await batch.commit();
  }
}

export async function seedFirebaseDemo(options: FirebaseSeedOptions): Promise<FirebaseSeedSummary> {
  const projectId = options.projectId ?? DEMO_PROJECT_ID;
  const mediaBase = options.mediaBase ?? DEMO_MEDIA_BASE;
  const now = options.now ?? new Date();
  // The Admin SDK reads the emulators' addresses from these two variables (and then needs no credentials).
  process.env.FIRESTORE_EMULATOR_HOST = options.hosts.firestore;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.hosts.auth;

  await clearEmulators(options.hosts, projectId);
  await fs.rm(options.mediaDir, { recursive: true, force: true });
  await fs.mkdir(options.mediaDir, { recursive: true });
  const media = await Promise.all(DEMO_ENTRIES.map(({ c }, i) => writeDemoMedia(c, i, options.mediaDir, mediaBase)));

  const admin = openAdmin(projectId);
  try {
    const { db, auth } = admin;
    const writes: [DocumentReference, Record<string, unknown>][] = [];
    const profile = (p: UserDoc): Record<string, unknown> => ({ ...p });

    // The four demo accounts (they sign in), then the members (profiles only, like the self-hosted seed).
    const accounts: FirebaseSeedSummary['accounts'] = [];
    for (const account of DEMO_ACCOUNTS) {
      const { uid } = await auth.createUser({
        email: account.email,
        password: DEMO_PASSWORD,
        displayName: `${account.firstName} ${account.lastName}`,
        emailVerified: true,
      });
      accounts.push({ ...account, password: DEMO_PASSWORD, uid });
      const { email, firstName, lastName, role } = account;
      writes.push([db.doc(`users/${uid}`), profile({ email, firstName, lastName, role, createdAt: now.toISOString() })]);
    }
    const submitters = Object.fromEntries(accounts.map((a) => [a.role, a.uid])) as Record<Role, string>;
    const members = demoMembers(now).map((m) => ({ ...m, uid: db.collection('users').doc().id }));
    for (const m of members) {
      const { email, firstName, lastName } = m;
      writes.push([db.doc(`users/${m.uid}`), profile({ email, firstName, lastName, role: 'user', createdAt: m.createdAt.toISOString() })]);
    }
    // Same likers, in the same order, as server/db/seed/demo-content.ts.
    const likers = [...members.map((m) => m.uid), submitters.specialist, submitters.admin, submitters.agency];

    const creatives = DEMO_ENTRIES.map(({ c, status, reason }, i) => {
      const id = db.collection('creatives').doc().id;
      const createdAt = demoCreatedAt(c, i, now);
      const likedBy = status === 'approved' ? likers.slice(0, c.likes) : [];
      return { c, status, reason, id, createdAt, likedBy, submittedBy: submitters[c.by], media: media[i]!, rank: i, comments: 0 };
    });

    const approved = creatives.filter((x) => x.status === 'approved');
    const commentPlan = demoCommentPlan(approved.length);
    for (const plan of commentPlan) {
      const target = approved[plan.target]!;
      const author = members[plan.author]!;
      target.comments += 1;
      writes.push([
        db.collection('comments').doc(),
        {
          userId: author.uid,
          creativeId: target.id,
          text: plan.text,
          createdAt: Timestamp.fromMillis(Math.min(now.getTime(), target.createdAt.getTime() + plan.afterMs)),
          userFirstName: author.firstName,
          userLastName: author.lastName,
          likes: plan.likes,
          likedBy: members.slice(FIRST_COMMENT_LIKER, FIRST_COMMENT_LIKER + plan.likes).map((m) => m.uid),
        },
      ]);
    }

    const contributorSince = new Map<string, Date>();
    let likes = 0;
    for (const x of creatives) {
      const { c } = x;
      // Parsed like a submitted form: the demo data meets the same limits, and is stored the same way.
      const input = creativeInput.parse({
        name: c.name,
        advertiser: c.advertiser,
        format: c.format,
        objective: c.objective,
        type: c.type,
        sector: c.sector,
        platform: c.platform,
        isJuntoAngel: c.isJuntoAngel ?? false,
        testedAndApproved: c.testedAndApproved ?? false,
        ...demoAnalysis(c, x.rank),
      });
      const { shape, lengthClass } = mediaClassFields(x.media.mediaType, x.media, x.media.reading);
      const { creative, analysis } = creativeFormDocuments(input, x.media.reading.text, { shape, lengthClass });
      const featured = c.name === FEATURED.name;
      const ref = db.doc(`creatives/${x.id}`);
      const fingerprintKey = db.collection('fingerprints').doc().id;
      writes.push([db.doc(`fingerprints/${fingerprintKey}`), { ...x.media.fingerprint }]);
      writes.push([
        ref,
        {
          ...creative,
          mediaUrl: x.media.mediaUrl,
          mediaPath: null,
          mediaType: x.media.mediaType,
          image: null,
          posterUrl: x.media.posterUrl,
          width: x.media.width,
          height: x.media.height,
          likes: x.likedBy.length,
          likedBy: x.likedBy,
          comments: x.comments,
          createdAt: Timestamp.fromDate(x.createdAt),
          validated: x.status === 'approved',
          status: x.status,
          submittedBy: x.submittedBy,
          isFeatured: featured,
          featuredAt: featured ? Timestamp.fromDate(demoFeaturedAt(now)) : null,
          analyzedBy: featured ? FEATURED.analyzedBy : null,
          rating: featured ? FEATURED.rating : null,
          rejectionReason: x.reason,
          fingerprintKey,
        },
      ]);
      writes.push([ref.collection(PRIVATE_COLLECTION).doc(ANALYSIS_DOC), { ...analysis }]);
      x.likedBy.forEach((uid, k) => {
        likes += 1;
        writes.push([
          db.doc(`users/${uid}/likes/${x.id}`),
          { creativeId: x.id, likedAt: Timestamp.fromDate(demoLikedAt(x.createdAt, k, now)) },
        ]);
      });
      const since = contributorSince.get(x.submittedBy);
      if (!since || x.createdAt < since) contributorSince.set(x.submittedBy, x.createdAt);
    }
    for (const [uid, since] of contributorSince) writes.push([db.doc(`contributors/${uid}`), { uid, since: Timestamp.fromDate(since) }]);

    await commitAll(db, writes);
    return {
      accounts,
      members: members.length,
      creatives: creatives.length,
      approved: approved.length,
      pending: creatives.filter((x) => x.status === 'pending').length,
      rejected: creatives.filter((x) => x.status === 'rejected').length,
      likes,
      comments: commentPlan.length,
    };
  } finally {
    await admin.close();
  }
}
