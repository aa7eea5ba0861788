/**
 * The parts of the seed that go through the app's own code, so they are exactly what the app
 * would write: migrations (openDatabase), the known bench accounts (better-auth sign-up, real
 * password hash) and a handful of media files with their card derivatives (storeMedia).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@domain/roles';
import { createAuth } from '@server/auth/auth';
import type { Db } from '@server/db/client';
import { account, creatives, user } from '@server/db/schema';
import { createAccount } from '@server/db/seed/accounts';
import { createDiskStore } from '@server/media/store';
import { resolveMediaTools } from '@server/media/media-tools';
import { serverPaths } from '@server/paths';
import { storeMedia } from '@server/services/media.service';
import type { KnownUser } from './generate';

export const BENCH_PASSWORD = 'demo1234';

/** Signed-in scenarios of the load test use these; indexes 0..3 of the generated users. */
export const BENCH_ACCOUNTS: { email: string; firstName: string; lastName: string; role: Role }[] = [
  { email: 'bench-user@example.com', firstName: 'Bench', lastName: 'Utilisateur', role: 'user' },
  { email: 'bench-admin@example.com', firstName: 'Bench', lastName: 'Admin', role: 'admin' },
  { email: 'bench-agency@example.com', firstName: 'Bench', lastName: 'Agence', role: 'agency' },
  { email: 'bench-specialist@example.com', firstName: 'Bench', lastName: 'Spécialiste', role: 'specialist' },
];

/** All tables the app owns, emptied by --reset (the migrations journal stays). */
const APP_TABLES = [
  'folder_creatives',
  'folders',
  'comment_likes',
  'comments',
  'creative_likes',
  'creatives',
  'media',
  'session',
  'account',
  'verification',
  'user',
];

export async function isEmpty(db: Db): Promise<boolean> {
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(creatives);
  return Number(u?.n ?? 0) === 0 && Number(c?.n ?? 0) === 0;
}

export async function resetAll(db: Db, dataDir: string): Promise<void> {
  await db.execute(sql.raw(`truncate ${APP_TABLES.map((t) => `"${t}"`).join(', ')} cascade`));
  // The media rows are gone; their files would only be orphans.
  fs.rmSync(path.join(dataDir, 'media', 'creatives'), { recursive: true, force: true });
}

export async function createKnownAccounts(db: Db): Promise<{ known: KnownUser[]; passwordHash: string }> {
  const auth = createAuth({ db, secret: 'bench-seed-secret'.padEnd(40, '-'), publicUrl: 'http://127.0.0.1', rateLimit: false });
  const known: KnownUser[] = [];
  for (const [idx, a] of BENCH_ACCOUNTS.entries()) {
    const id = await createAccount(db, auth, { ...a, password: BENCH_PASSWORD });
    known.push({ idx, id, firstName: a.firstName, lastName: a.lastName, role: a.role });
  }
  const [row] = await db.select({ password: account.password }).from(account).where(eq(account.userId, known[0]!.id));
  if (!row?.password) throw new Error('better-auth wrote no password hash for the bench accounts');
  return { known, passwordHash: row.password };
}

/** Four images and four videos from the demo assets, stored as the app stores uploads. */
export async function storeBenchMedia(db: Db, dataDir: string): Promise<{ images: string[]; videos: string[] }> {
  const store = createDiskStore(path.join(dataDir, 'media'));
  const deps = { db, media: { store, tools: resolveMediaTools({}) } };
  const names = ['appli-budget', 'energie-solaire', 'smoothie-matin', 'velo-electrique'];
  const images: string[] = [];
  const videos: string[] = [];
  for (const n of names) {
    const poster = fs.readFileSync(path.join(serverPaths.seedAssets, `${n}-poster.jpg`));
    const image = await storeMedia(deps, {
      source: { data: poster },
      ext: 'jpg',
      contentType: 'image/jpeg',
      originalName: `${n}.jpg`,
      mediaType: 'image',
    });
    images.push(image.id);
    const video = await storeMedia(deps, {
      source: { data: fs.readFileSync(path.join(serverPaths.seedAssets, `${n}.mp4`)) },
      ext: 'mp4',
      contentType: 'video/mp4',
      originalName: `${n}.mp4`,
      mediaType: 'video',
      poster,
    });
    videos.push(video.id);
  }
  return { images, videos };
}
