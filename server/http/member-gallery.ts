import type { Context } from 'hono';
import { can } from '@domain/permissions';
import type { GalleryQueryInput } from '@domain/schemas/gallery';
import type { Creative, Page, User } from '@domain/types';
import { listGallery, listGalleryForMembers } from '@server/services/creatives/gallery.service';
import { likedAmong } from '@server/services/creatives/like-lookups';
import type { AppEnv, Deps } from './context';
import { cacheKey } from './response-cache';

const encoder = new TextEncoder();

/**
 * A signed-in member's gallery page: the page itself is the same for every member allowed to read
 * the analysis, so it is kept in the shared response cache under a `member:` key (same generation,
 * so every API write empties it like the visitors' entries), and only the viewer's own likes are
 * read per request — one lookup of at most 12 ids on creative_likes' primary key — instead of the
 * whole gallery query with a `likedByMe` subquery per row. `X-Cache: member-hit | member-miss`.
 * Without the cache (RESPONSE_CACHE=off), or for a role without the analysis, it is the plain query.
 */
export async function memberGalleryPage(
  deps: Pick<Deps, 'db' | 'responseCache' | 'expensiveQueries'>,
  c: Context<AppEnv>,
  viewer: User,
  query: GalleryQueryInput,
): Promise<Page<Creative>> {
  const cache = deps.responseCache;
  if (!cache || !can(viewer.role, 'creative:read-analysis')) return deps.expensiveQueries.run(() => listGallery(deps.db, viewer, query));

  const key = `member:${cacheKey(c.req.path, c.req.url)}`;
  const generation = cache.generation;
  const entry = cache.get(key, generation);
  // The entry keeps the page's object (never mutated: the items are copied below), so a hit costs
  // no JSON.parse of the page.
  let page = entry?.value as Page<Creative> | undefined;
  if (!page) {
    page = await deps.expensiveQueries.run(() => listGalleryForMembers(deps.db, query));
    cache.set(key, generation, encoder.encode(JSON.stringify(page)), 'application/json', { value: page });
  }
  c.header('X-Cache', entry ? 'member-hit' : 'member-miss');

  const liked = await likedAmong(
    deps.db,
    viewer.id,
    page.items.map((item) => item.id),
  );
  return { ...page, items: page.items.map((item) => ({ ...item, likedByMe: liked.has(item.id) })) };
}
