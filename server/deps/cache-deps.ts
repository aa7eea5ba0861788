import { Catalogue } from '@server/catalogue/catalogue';
import { catalogueImageFile } from '@server/catalogue/catalogue-image';
import { Invalidation } from '@server/cache/invalidation';
import { ResponseCache } from '@server/cache/response-cache';
import type { Db } from '@server/db/client';
import type { RedisLink } from '@server/redis/redis-link';
import type { DepsOptions } from './build-deps';

/** What is kept between requests, and the signal that makes it stale (docs/architecture.md, "HTTP caching"). */
export interface CacheDeps {
  /** The "may be stale" signal of the caches, to every instance (server/cache/invalidation.ts). */
  invalidation: Invalidation;
  /** Shared cache of the anonymous creative views; null when RESPONSE_CACHE=off. */
  responseCache: ResponseCache | null;
  /** The approved catalogue in memory: gallery pages, relevance and facet counts (server/catalogue/catalogue.ts). */
  catalogue: Catalogue;
}

export function cacheDeps(options: Pick<DepsOptions, 'db' | 'config'>, redis: RedisLink | null): CacheDeps {
  const { env } = options.config;
  const invalidation = new Invalidation(redis);
  return {
    invalidation,
    responseCache: env.RESPONSE_CACHE === 'on' ? responseCacheOf(invalidation) : null,
    catalogue: catalogueOf(options.db, env.CATALOGUE_POLL_MS, invalidation, catalogueImageFile(options.config.dataDir)),
  };
}

/**
 * The catalogue engine, told of every write of this instance and (through Redis) of the others, and
 * saved in the data folder to start faster next time.
 */
function catalogueOf(db: Db, pollMs: number, invalidation: Invalidation, imageFile: string): Catalogue {
  const catalogue = new Catalogue(db, { pollMs, imageFile });
  invalidation.on('responses', () => catalogue.changed());
  return catalogue;
}

/** The shared response cache, emptied by every instance's writes and bypassed while they cannot be heard. */
function responseCacheOf(invalidation: Invalidation): ResponseCache {
  const cache = new ResponseCache({ live: () => invalidation.live });
  invalidation.on('responses', () => cache.invalidate());
  invalidation.on('viewer', (userId) => (userId ? cache.forgetViewer(userId) : cache.invalidate()));
  return cache;
}
