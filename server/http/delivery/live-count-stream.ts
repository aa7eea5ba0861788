import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError } from '@domain/errors';
import { sessionOfRequest } from '@server/auth/session';
import type { LiveChannel } from '@server/services/live-channel';
import type { AppEnv, Deps } from '@server/http/context';

/** A comment this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** What one live count streams: its event's name, where its new values come from, its first value. */
export interface LiveCount {
  /** The server-sent event's type ('pending', 'unread'). */
  event: string;
  /** Its channel, closed when the server stops. */
  channel: LiveChannel;
  count(): Promise<number>;
  subscribe(listener: (count: number) => void): () => void;
}

/**
 * A live count over server-sent events (the staff's pending count, a user's unread notifications):
 * the count now, then each new one, and a comment every HEARTBEAT_MS. The stream's session and the
 * first count are read before the stream opens, so a refusal there (overload, PostgreSQL out of
 * reach) is answered like any request's — 503 with Retry-After — and not as a stream cut at once.
 * The stream ends when the client goes, when the server stops, and when its session ends (signed
 * out, revoked, password changed, role changed, account deleted: SessionStreams).
 */
export async function liveCountStream(c: Context<AppEnv>, deps: Deps, live: LiveCount): Promise<Response> {
  // Listening before counting: a change between the count and the stream is not lost.
  let latest: number | null = null;
  let send: ((count: number) => Promise<void>) | null = null;
  const unsubscribe = live.subscribe((count) => {
    if (send) void send(count);
    else latest = count;
  });
  const opening = async () => {
    const own = await sessionOfRequest(deps, c.req.header('cookie'));
    if (!own) throw new AppError('UNAUTHENTICATED');
    const counted = await live.count();
    return { first: latest ?? counted, held: deps.events.sessionStreams.hold({ sessionId: own.sessionId, role: own.user.role }) };
  };
  const { first, held } = await opening().catch((err: unknown) => {
    unsubscribe();
    throw err;
  });
  return streamSSE(c, async (stream) => {
    let id = 0;
    send = (count) => stream.writeSSE({ event: live.event, data: String(count), id: String(++id) });
    const stop = () => {
      unsubscribe();
      held.release();
    };
    stream.onAbort(stop);
    const open = () => !stream.aborted && !live.channel.isClosed && !held.isEnded;
    try {
      await send(first);
      while (open()) {
        await Promise.race([stream.sleep(HEARTBEAT_MS), live.channel.closed, held.ended]);
        if (open()) await stream.write(': keep-alive\n\n');
      }
    } finally {
      stop();
      await stream.close();
    }
  });
}
