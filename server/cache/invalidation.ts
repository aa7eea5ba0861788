import crypto from 'node:crypto';
import { logger } from '../log';
import type { RedisLink } from '../redis/redis-link';

/**
 * What a write can make stale: the shared response cache, the session cache, and one user's own
 * cached views (`viewer`, with that user's id as subject: their folders changed).
 */
export type InvalidationTopic = 'responses' | 'sessions' | 'viewer';

const TOPICS: readonly InvalidationTopic[] = ['responses', 'sessions', 'viewer'];

/** Called with the bump's subject (a user id for `viewer`), or none when everything may be stale (Redis back). */
type Listener = (subject?: string) => void;
/** The one Redis channel of every invalidation (in REDIS_PREFIX's namespace). */
const CHANNEL = 'invalidate';

/**
 * The signal "what you remember may be stale", for the caches each process keeps (the shared
 * response cache, the session cache). A write bumps its topic: this process's listeners run at
 * once (its writer's next read already misses) and, with Redis, every other instance's run when
 * the message arrives — a few milliseconds. Pub/sub plus each process's own generation, rather
 * than a counter read from Redis on every request: a cache hit stays a memory lookup, and a Redis
 * round trip is paid per write, not per read (docs/decisions/010-several-instances-redis.md).
 *
 * A message lost while the subscription is down cannot be replayed, so: while it is down, `live`
 * is false and the response cache serves nothing (server/cache/response-cache.ts); when it comes
 * back every topic fires, so every cache starts empty.
 */
export class Invalidation {
  private readonly listeners = new Map<InvalidationTopic, Set<Listener>>(TOPICS.map((t) => [t, new Set()]));
  /** Tells this instance's own messages apart (it has bumped already). */
  private readonly origin = crypto.randomUUID();
  private publishFailing = false;

  constructor(private readonly redis: RedisLink | null = null) {
    if (!redis) return;
    redis.subscribe(CHANNEL, (message) => {
      const [origin, topic, subject] = message.split(' ');
      if (origin !== this.origin && TOPICS.includes(topic as InvalidationTopic))
        this.fire(topic as InvalidationTopic, subject || undefined);
    });
    redis.onResume(() => TOPICS.forEach((topic) => this.fire(topic)));
  }

  /** Whether a bump on another instance reaches this one now (always, in a single process). */
  get live(): boolean {
    return this.redis ? this.redis.listening : true;
  }

  on(topic: InvalidationTopic, listener: Listener): () => void {
    const set = this.listeners.get(topic)!;
    set.add(listener);
    return () => set.delete(listener);
  }

  /**
   * Here at once; on the other instances as soon as Redis carries it. Resolves once Redis has
   * taken the message (at once without Redis; never rejects: a failure is logged, and the others
   * bypass their caches while Redis is unreachable anyway), so that a writer's answer comes after
   * the signal has left.
   */
  async bump(topic: InvalidationTopic, subject?: string): Promise<void> {
    this.fire(topic, subject);
    await this.redis?.publish(CHANNEL, subject ? `${this.origin} ${topic} ${subject}` : `${this.origin} ${topic}`).then(
      () => {
        this.publishFailing = false;
      },
      (err: unknown) => {
        if (!this.publishFailing) logger.warn({ err }, 'redis: invalidation non diffusée aux autres instances');
        this.publishFailing = true;
      },
    );
  }

  private fire(topic: InvalidationTopic, subject?: string): void {
    for (const listener of this.listeners.get(topic)!) listener(subject);
  }
}
