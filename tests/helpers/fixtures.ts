import crypto from 'node:crypto';
import sharp from 'sharp';
import { searchTextOf } from '@domain/search';
import type { Role } from '@domain/roles';
import type { Db } from '@server/db/client';
import { creatives, user } from '@server/db/schema';
import type { Deps } from '@server/http/context';
import { storeMedia } from '@server/services/media.service';

export type CreativeRowInput = Partial<typeof creatives.$inferInsert>;

let n = 0;

/** Inserts a creative with sensible defaults (approved, one value per category). */
export async function insertCreative(db: Db, input: CreativeRowInput = {}) {
  n += 1;
  const name = input.name ?? `Créa ${n}`;
  const advertiser = input.advertiser ?? 'Annonceur';
  const status = input.status ?? 'approved';
  const [row] = await db
    .insert(creatives)
    .values({
      mediaType: 'image',
      formats: ['Statique'],
      objectives: ['TOFU'],
      types: ['UGC'],
      sectors: ['Food'],
      platforms: ['Meta'],
      validated: status === 'approved',
      ...input,
      status,
      name,
      advertiser,
      searchText: searchTextOf({ name, advertiser }),
    })
    .returning();
  return row!;
}

/** Users straight into the table (no password): fast, for tests that only need sessions. */
export async function insertUsers(db: Db, count: number, role: Role = 'user') {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Bulk User${i}`,
    firstName: 'Bulk',
    lastName: `User${i}`,
    email: `bulk.${crypto.randomBytes(6).toString('hex')}@example.com`,
    role,
  }));
  return db.insert(user).values(rows).returning();
}

/**
 * A signed session cookie for a user, made the way better-auth makes its own (session row +
 * HMAC-signed token), without a password check: for tests that need many users.
 */
export async function sessionCookieFor(deps: Deps, userId: string): Promise<string> {
  const ctx = await deps.auth.betterAuth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const signature = crypto.createHmac('sha256', ctx.secret).update(session.token).digest('base64');
  return `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}

/** A small real PNG stored with its derivative, as an upload would. */
export async function storeTestImage(deps: Deps, color = '#4338ca') {
  const data = await sharp({ create: { width: 64, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();
  return storeMedia(deps, {
    source: { data },
    ext: 'png',
    contentType: 'image/png',
    originalName: 'test.png',
    mediaType: 'image',
  });
}
