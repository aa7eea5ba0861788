import { Redis } from 'ioredis';
import { logger } from '../log';

/** A command waits at most this long for its answer before failing (a hung Redis must not hold requests). */
const COMMAND_TIMEOUT_MS = 1_000;
/** A (re)connection attempt gives up after this long, and the next one starts after the back-off. */
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * Back-off between reconnection attempts: 50 ms, doubling, at most 1 s — forever. One attempt a
 * second per connection costs nothing while Redis is away, and service comes back at most a
 * second after Redis does (the fault drill's target is 5 s to full service).
 */
const retryDelayMs = (attempt: number) => Math.min(1_000, 50 * 2 ** Math.min(attempt, 5));

export type RedisState = 'connecting' | 'ready' | 'down' | 'closed';

export interface RedisLinkOptions {
  url: string;
  /** Prepended to every key and channel (REDIS_PREFIX). */
  prefix: string;
}

/**
 * The server's two connections to Redis (REDIS_URL): one for commands, one subscribed to the
 * channels of its instance. Commands fail fast while Redis is unreachable — no offline queue, one
 * attempt, a short timeout — so that a request never waits on Redis for more than a second; each
 * caller decides what a failure means (sign-in fails closed, write budgets open). Both connections
 * reconnect in the background forever, with back-off. The loss and the return of Redis are logged
 * once each, not once per failed command.
 */
export class RedisLink {
  readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly resumeListeners = new Set<() => void>();
  private subscriberReady = false;
  private subscriberWasReady = false;
  private lost = false;
  private closing = false;

  constructor(private readonly options: RedisLinkOptions) {
    const common = {
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: retryDelayMs,
      maxRetriesPerRequest: 0,
      lazyConnect: false,
    };
    this.commands = new Redis(options.url, {
      ...common,
      connectionName: 'creatheque-commands',
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    // The subscriber's channels are (re)subscribed by onSubscriberReady on every connection, so that
    // one asked for while Redis was down (at start-up, say) is not lost.
    this.subscriber = new Redis(options.url, {
      ...common,
      connectionName: 'creatheque-subscriber',
      enableOfflineQueue: false,
      autoResubscribe: false,
    });
    for (const client of [this.commands, this.subscriber]) {
      // Without a listener, ioredis reports every failed attempt on the console; the state changes below are logged instead.
      client.on('error', () => {});
      client.on('end', () => this.onDown());
      client.on('close', () => this.onDown());
    }
    this.commands.on('ready', () => this.onUp());
    this.subscriber.on('ready', () => void this.onSubscriberReady());
    this.subscriber.on('close', () => {
      this.subscriberReady = false;
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  get prefix(): string {
    return this.options.prefix;
  }

  /** The name of `name` in this deployment's namespace. */
  key(name: string): string {
    return `${this.options.prefix}${name}`;
  }

  get state(): RedisState {
    if (this.closing) return 'closed';
    if (this.commands.status === 'ready' && this.subscriberReady) return 'ready';
    return this.lost ? 'down' : 'connecting';
  }

  /**
   * Whether messages of the other instances reach this one right now. While they cannot, what
   * depends on them (the response cache, see server/cache/invalidation.ts) must not trust itself.
   */
  get listening(): boolean {
    return this.subscriberReady && !this.closing;
  }

  /** Resolves once both connections are up, or after `timeoutMs` (the server starts anyway and keeps retrying). */
  async waitUntilReady(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.state !== 'ready') {
      if (Date.now() >= deadline || this.closing) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  /** PUBLISH on the channel `name` of this namespace; rejects while Redis is unreachable. */
  async publish(name: string, message: string): Promise<void> {
    await this.commands.publish(this.key(name), message);
  }

  /** Calls `handler` with every message published on `name` by any instance, this one included. */
  subscribe(name: string, handler: (message: string) => void): () => void {
    const channel = this.key(name);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      // Not connected yet: onSubscriberReady will subscribe it.
      if (this.subscriber.status === 'ready') {
        this.subscriber.subscribe(channel).catch((err: unknown) => logger.warn({ err, channel }, 'redis: abonnement impossible'));
      }
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Called each time the subscriber connection comes back after a loss: messages may have been missed. */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /** Graceful stop: both connections end after their pending replies. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      [this.commands, this.subscriber].map((client) =>
        client.status === 'end' ? undefined : client.quit().catch(() => client.disconnect()),
      ),
    );
  }

  /**
   * Every channel subscribed on this connection, then listening; after a loss, each instance
   * catches up on what it may have missed (see onResume). A failed SUBSCRIBE drops the connection,
   * whose next 'ready' tries again.
   */
  private async onSubscriberReady(): Promise<void> {
    try {
      if (this.handlers.size) await this.subscriber.subscribe(...this.handlers.keys());
    } catch {
      this.subscriber.disconnect(true);
      return;
    }
    this.subscriberReady = true;
    this.onUp();
    if (this.subscriberWasReady) for (const listener of this.resumeListeners) listener();
    this.subscriberWasReady = true;
  }

  private onDown(): void {
    if (this.closing || this.lost) return;
    this.lost = true;
    logger.warn('redis: connexion perdue ; nouvelle tentative en arrière-plan');
  }

  private onUp(): void {
    if (!this.lost || this.state !== 'ready') return;
    this.lost = false;
    logger.info('redis: connexion rétablie');
  }
}
