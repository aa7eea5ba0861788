import type { Context, MiddlewareHandler } from 'hono';
import { can } from '@domain/permissions';
import type { AppEnv, Deps } from '../http/context';
import { EncodedVariants } from '../http/delivery/compression';
import { etagOf, sendJson } from '../http/delivery/conditional-get';

/**
 * A shared cache of the anonymous creative views: the serialised JSON body (bytes) and its ETag,
 * so a hit costs neither a query nor a JSON.stringify. Bounded (LRU by entry count and bytes) with
 * a short TTL as a safety net for writes that do not go through this server's API (a `restore
 * --force` on PostgreSQL, a month boundary for "creative of the month").
 *
 * Invalidation is a generation counter: every API write that can change a public view calls
 * `invalidate()` (see `invalidateOnWrite`); an entry of an older generation is a miss, and a read
 * that began before a write stores its answer under the generation it began with, so it can never
 * be served after that write.
 *
 * Several instances (REDIS_URL): each keeps its own cache, and the invalidation signal goes to
 * all of them (server/cache/invalidation.ts: the writer bumps at once, the others when Redis
 * carries the message). While this instance cannot hear the others (`live` false: Redis
 * unreachable), the cache is bypassed — no entry served, none stored — and it starts empty when
 * they can be heard again.
 */

export interface CachedResponse {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
  generation: number;
  storedAt: number;
  /** Its brotli and gzip codings, each made on the first request that takes it. */
  variants: EncodedVariants;
  /** Approximate memory held: body, its compressed codings, key and bookkeeping. */
  size: number;
  /** The answer as an object, for a handler that re-shapes it per request (a member's gallery page). */
  value?: unknown;
}

export interface ResponseCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
  /** Whether the invalidations of every instance reach this one (default: always, one process). */
  live?: () => boolean;
}

const encoder = new TextEncoder();

export const RESPONSE_CACHE_DEFAULTS = { maxEntries: 2000, maxBytes: 32 * 1024 * 1024, ttlMs: 30_000 } as const;

/** Bytes counted per entry besides its body and key (Map slot, object, ETag, content type). */
const ENTRY_OVERHEAD = 256;
/** A JSON page's brotli and gzip codings together weigh about half of it. */
const CODINGS_SHARE = 0.5;

export class ResponseCache {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  private readonly now: () => number;
  private readonly live: () => boolean;
  /** Insertion order = recency order: the first key is the least recently used. */
  private readonly entries = new Map<string, CachedResponse>();
  /** Misses being answered, so that concurrent visitors of one view wait for one query. */
  private readonly inflight = new Map<string, Promise<CachedResponse | undefined>>();
  private bytes = 0;
  private gen = 0;
  /** Per user, how many times their own views were forgotten in this generation (part of their entries' keys). */
  private readonly viewerGens = new Map<string, number>();

  constructor(options: ResponseCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? RESPONSE_CACHE_DEFAULTS.maxEntries;
    this.maxBytes = options.maxBytes ?? RESPONSE_CACHE_DEFAULTS.maxBytes;
    this.ttlMs = options.ttlMs ?? RESPONSE_CACHE_DEFAULTS.ttlMs;
    this.now = options.now ?? Date.now;
    this.live = options.live ?? (() => true);
  }

  /** False while invalidations from other instances may be missed: nothing is served nor stored. */
  get available(): boolean {
    return this.live();
  }

  get generation(): number {
    return this.gen;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Something a visitor can see changed: every entry, and every read already under way, is stale. */
  invalidate(): void {
    this.gen += 1;
    this.entries.clear();
    this.viewerGens.clear();
    this.bytes = 0;
  }

  /**
   * The scope of one user's own views (their favourites, folders): it changes when forgetViewer()
   * is called, so a read that began before stores its answer under a key no later read looks up.
   */
  viewerScope(userId: string): string {
    return `viewer:${userId}#${this.viewerGens.get(userId) ?? 0}`;
  }

  /** Something only this user sees changed (their folders): their entries, and their reads under way, are stale. */
  forgetViewer(userId: string): void {
    const prefix = `${this.viewerScope(userId)}:`;
    this.viewerGens.set(userId, (this.viewerGens.get(userId) ?? 0) + 1);
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  /** The entry of `key` if it belongs to `generation` and is younger than the TTL (and marks it recently used). */
  get(key: string, generation: number): CachedResponse | undefined {
    if (!this.available) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || this.now() - entry.storedAt >= this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Builds the entry of an answer read under `generation`; stores it unless that generation is over
   * or it is too big. `value` keeps the answer's object too (its bytes still count for the size).
   */
  set(
    key: string,
    generation: number,
    body: Uint8Array<ArrayBuffer>,
    contentType: string,
    extra: { etag?: string; value?: unknown } = {},
  ): CachedResponse {
    const entry: CachedResponse = {
      body,
      etag: extra.etag ?? etagOf(body),
      contentType,
      generation,
      storedAt: this.now(),
      variants: new EncodedVariants(body, 'stored'),
      size: Math.ceil(body.byteLength * (1 + CODINGS_SHARE)) + key.length * 2 + ENTRY_OVERHEAD,
      value: extra.value,
    };
    if (generation !== this.gen || entry.size > this.maxBytes / 4 || !this.available) return entry;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    return entry;
  }

  /** The answer of the same miss already under way in this generation, if any. */
  join(key: string, generation: number): Promise<CachedResponse | undefined> | undefined {
    return generation === this.gen && this.available ? this.inflight.get(`${generation} ${key}`) : undefined;
  }

  /** Announces a miss being answered; call the returned function with its entry (or nothing) once done. */
  lead(key: string, generation: number): (entry: CachedResponse | undefined) => void {
    const id = `${generation} ${key}`;
    let settle!: (entry: CachedResponse | undefined) => void;
    this.inflight.set(
      id,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    return (entry) => {
      this.inflight.delete(id);
      settle(entry);
    };
  }

  /**
   * The entry of `key`, or the one `load` makes — stored under the generation its load began in,
   * so a load that a write overtook is never served after it. Concurrent misses of one key wait
   * for one load (the one single-flight of the server's caches). `load` gives null for an answer
   * not to keep; its `value` (the answer's object) is kept beside the bytes.
   */
  async getOrLoad(
    key: string,
    load: () => Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string; etag?: string; value?: unknown } | null>,
  ): Promise<{ entry: CachedResponse | undefined; hit: boolean }> {
    const generation = this.gen;
    // No await between the lookups and lead(): concurrent misses of one key must find the leader.
    const found = this.get(key, generation);
    if (found) return { entry: found, hit: true };
    const waiting = this.join(key, generation);
    const joined = waiting ? await waiting : undefined;
    if (joined) return { entry: joined, hit: true };
    const settle = this.lead(key, generation);
    let entry: CachedResponse | undefined;
    try {
      const loaded = await load();
      if (loaded) entry = this.set(key, generation, loaded.body, loaded.contentType, { etag: loaded.etag, value: loaded.value });
    } finally {
      settle(entry);
    }
    return { entry, hit: false };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

/** Path + query string with its parameters sorted (`?b=2&a=1` and `?a=1&b=2` share an entry). */
export function cacheKey(path: string, url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0 || mark === url.length - 1) return path;
  const params = new URLSearchParams(url.slice(mark + 1));
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Route middleware of the anonymous views worth sharing (the gallery with every query string, the
 * highlights, one creative, its comments): a visitor's GET (no session, `user` is null after
 * loadSession) is served from the shared cache, and its 200 JSON answer stored. Signed-in answers
 * carry likedByMe and role-dependent fields (the analysis): they never enter it nor come from it.
 * `X-Cache: hit | miss | bypass` says which path a request took (tests and benchmarks read it).
 * With RESPONSE_CACHE=off (no cache in the deps) it does nothing.
 */
export function sharedForVisitors(deps: Pick<Deps, 'caches' | 'ops'>): MiddlewareHandler<AppEnv> {
  return sharedResponses(deps, (c) => (c.get('user') ? null : 'visitor'));
}

/**
 * The same for a view whose answer depends on nothing but its URL once the permission check
 * mounted before this middleware has let the request through (the analytics: identical for every
 * specialist and admin). Never mount it before that check, nor on a view that reads the viewer.
 */
export function sharedOnceAllowed(deps: Pick<Deps, 'caches' | 'ops'>): MiddlewareHandler<AppEnv> {
  return sharedResponses(deps, () => 'allowed');
}

/**
 * The same for a view that depends on nothing but its URL and whether the viewer may read the
 * analysis (the facet counts, whose search reaches the analysis for members): one entry for
 * visitors, one for members.
 */
export function sharedPerAnalysisAccess(deps: Pick<Deps, 'caches' | 'ops'>): MiddlewareHandler<AppEnv> {
  return sharedResponses(deps, (c) => (can(c.get('user')?.role, 'creative:read-analysis') ? 'members' : 'visitor'));
}

/**
 * The same for the signed-in viewer's own data (favourites, folders and a folder's creatives): one
 * entry per user and URL, emptied by every API write like the others and, for the writes only
 * they can see (their folders), by `forgetViewer` (`invalidateOnWrite`). Mount it after the
 * permission check.
 */
export function privateToViewer(deps: Pick<Deps, 'caches' | 'ops'>): MiddlewareHandler<AppEnv> {
  const cache = deps.caches.responseCache;
  return sharedResponses(deps, (c) => {
    const user = c.get('user');
    return user && cache ? cache.viewerScope(user.id) : null;
  });
}

/**
 * A GET whose `audience` is not null is served from the shared cache under `audience:` + its
 * normalised URL, and its 200 JSON answer stored there; concurrent misses of one entry wait for
 * one answer. `null` answers normally (`X-Cache: bypass`, unless the handler used the cache itself
 * and said so, see server/cache/member-views.ts), and so does every GET while the cache is not
 * available (Redis unreachable).
 */
function sharedResponses(deps: Pick<Deps, 'caches' | 'ops'>, audience: (c: Context<AppEnv>) => string | null): MiddlewareHandler<AppEnv> {
  const cache = deps.caches.responseCache;
  const { metrics } = deps.ops;
  if (!cache) return (_c, next) => next();
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const scope = cache.available ? audience(c) : null;
    if (scope === null) {
      await next();
      if (!c.res.headers.has('X-Cache')) c.res.headers.set('X-Cache', 'bypass');
      return;
    }
    const key = `${scope}:${cacheKey(c.req.path, c.req.url)}`;
    const { entry, hit } = await cache.getOrLoad(key, async () => {
      metrics?.countResponseCache('miss');
      await next();
      c.res.headers.set('X-Cache', 'miss');
      const res = c.res;
      const contentType = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !contentType.startsWith('application/json')) return null;
      // sendJson says what it sent (it may have gone compressed): its text and tag are stored.
      const sent = c.get('sentJson');
      if (sent)
        return { body: typeof sent.identity === 'string' ? encoder.encode(sent.identity) : sent.identity, contentType, etag: sent.etag };
      const body = new Uint8Array(await res.arrayBuffer());
      c.res = new Response(body, res);
      c.res.headers.set('ETag', etagOf(body));
      return { body, contentType };
    });
    if (!hit || !entry) return;
    metrics?.countResponseCache('hit');
    return sendJson(c, entry.body, {
      etag: entry.etag,
      variants: entry.variants,
      headers: { 'Content-Type': entry.contentType, 'X-Cache': 'hit' },
    });
  };
}
