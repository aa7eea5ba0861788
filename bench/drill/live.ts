/**
 * The live counts during a drill: the demo specialist keeps the pending count's event stream
 * (`/api/review/events`) open on each instance, and opens it again a second after it ends, as a
 * browser's EventSource does. Every pushed count is noted with its time, so the drill can tell
 * whether the streams resumed after the fault: a count pushed after full service, on every instance
 * (the agencies' submissions keep changing it, from either instance: through Redis).
 */
import type { Instance } from './services';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RECONNECT_MS = 1_000;

export interface LiveWatch {
  /** Per instance: when a count was pushed on an open stream (ms since t0), not the first of a connection. */
  pushes(): Map<string, number[]>;
  stop(): Promise<void>;
}

/** Opens one stream per instance with `cookie` (a specialist's session) and keeps it open until stop(). */
export function watchLiveCounts(instances: Instance[], cookie: string, t0: number): LiveWatch {
  const seen = new Map<string, number[]>(instances.map((i) => [i.name, []]));
  const controller = new AbortController();
  const follow = async (instance: Instance) => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(`${instance.origin}/api/review/events`, { headers: { cookie }, signal: controller.signal });
        if (res.ok && res.body) await readEvents(res.body, () => seen.get(instance.name)!.push(Date.now() - t0));
      } catch {
        // refused, reset or stopped: open it again
      }
      if (!controller.signal.aborted) await sleep(RECONNECT_MS);
    }
  };
  const loops = instances.map(follow);
  return {
    pushes: () => seen,
    async stop() {
      controller.abort();
      await Promise.all(loops);
    },
  };
}

/** Reads a server-sent event stream until it ends; `onPush` for every `pending` event after the connection's first. */
async function readEvents(body: ReadableStream<Uint8Array>, onPush: () => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  let events = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.split('\n').includes('event: pending')) continue;
      if (events++ > 0) onPush();
    }
  }
}
