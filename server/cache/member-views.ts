import type { Context } from 'hono';
import { can } from '@domain/permissions';
import type { GalleryQueryInput } from '@domain/schemas/gallery';
import type { Creative, Page, User } from '@domain/types';
import { listGallery, listGalleryForMembers } from '@server/services/creatives/gallery.service';
import { likedAmong } from '@server/services/creatives/like-lookups';
import { checkMayOpen, readSimilarSource, similarTo } from '@server/services/creatives/similar.service';
import type { AppEnv, Deps } from '../http/context';
import { cacheKey } from './response-cache';

const encoder = new TextEncoder();

type MemberDeps = Pick<Deps, 'db' | 'caches' | 'limits'>;

/**
 * Views that are the same for every member allowed to read the analysis but for their own likes (a
 * gallery page, a creative's similar creatives): the view is kept in the shared response cache under a
 * `member:` key (same generation, so every API write empties it like the visitors' entries), and only
 * the viewer's likes are read per request — one lookup of at most a page of ids on creative_likes'
 * primary key — instead of the whole query with a `likedByMe` subquery per row.
 * Concurrent first requests of one view wait for one load. `X-Cache: member-hit | member-miss`. Without the cache (RESPONSE_CACHE=off) it is `load` every time.
 */
async function sharedAmongMembers<T>(deps: MemberDeps, c: Context<AppEnv>, load: () => Promise<T>): Promise<T> {
  const cache = deps.caches.responseCache;
  if (!cache) return load();
  // The entry keeps the view's object (never mutated: the items are copied by withOwnLikes), so a
  // hit costs no JSON.parse.
  const { entry, hit } = await cache.getOrLoad(`member:${cacheKey(c.req.path, c.req.url)}`, async () => {
    const value = await load();
    return { body: encoder.encode(JSON.stringify(value)), contentType: 'application/json', value };
  });
  c.header('X-Cache', hit ? 'member-hit' : 'member-miss');
  return entry!.value as T;
}

/** Copies of `items` with the viewer's own likes. */
async function withOwnLikes(db: Deps['db'], viewer: User, items: readonly Creative[]): Promise<Creative[]> {
  const liked = await likedAmong(
    db,
    viewer.id,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, likedByMe: liked.has(item.id) }));
}

/** A signed-in member's gallery page; for a role without the analysis, the plain query. */
export async function memberGalleryPage(
  deps: MemberDeps,
  c: Context<AppEnv>,
  viewer: User,
  query: GalleryQueryInput,
): Promise<Page<Creative>> {
  if (!deps.caches.responseCache || !can(viewer.role, 'creative:read-analysis')) {
    return listGallery(deps.db, viewer, query, deps.caches.catalogue, deps.limits.expensiveQueries.guard);
  }
  const page = await sharedAmongMembers(deps, c, () =>
    listGalleryForMembers(deps.db, query, deps.caches.catalogue, deps.limits.expensiveQueries.guard),
  );
  return { ...page, items: await withOwnLikes(deps.db, viewer, page.items) };
}

/**
 * 'Créatives similaires' for a signed-in member: the list is the members' shared one, kept with what
 * says who may open the creative (its status and submitter, as fresh as the list: every API write
 * empties both), so that a hit checks the viewer without a query.
 */
export async function memberSimilar(deps: MemberDeps, c: Context<AppEnv>, viewer: User, id: string): Promise<Creative[]> {
  const withAnalysis = can(viewer.role, 'creative:read-analysis');
  const load = async () => {
    const source = await readSimilarSource(deps.db, id, deps.caches.catalogue);
    return { source, items: await similarTo(deps.db, source, { withAnalysis }, deps.caches.catalogue) };
  };
  const { source, items } = withAnalysis ? await sharedAmongMembers(deps, c, load) : await load();
  checkMayOpen(source, viewer);
  return withOwnLikes(deps.db, viewer, items);
}
