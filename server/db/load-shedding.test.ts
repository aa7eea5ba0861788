import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '@domain/errors';
import { capacityOf, ExpensiveQueries } from './load-shedding';
import { RequestScope } from './request-scope';

/** A query that runs until the test ends it. */
function heldQuery() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done.then(() => 'done'), finish };
}

const unavailable = expect.objectContaining<Partial<AppError>>({ code: 'UNAVAILABLE' });

/** Lets queued promise callbacks run (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('capacityOf', () => {
  it('gives the expensive reads half the connections and a queue eight times their slots', () => {
    expect(capacityOf(10)).toMatchObject({ connections: 10, expensiveSlots: 5, expensiveQueue: 40 });
    // PGlite's one connection: one expensive read at a time, the cheap ones take turns with it.
    expect(capacityOf(1)).toMatchObject({ connections: 1, expensiveSlots: 1, expensiveQueue: 8 });
  });
});

describe('ExpensiveQueries', () => {
  const capacity = { expensiveSlots: 2, expensiveQueue: 1, waitMs: 1_000 };

  it('runs as many queries as it has slots; the next one starts when a slot frees, in arrival order', async () => {
    const gate = new ExpensiveQueries(capacity);
    const [a, b, c] = [heldQuery(), heldQuery(), heldQuery()];
    const started: string[] = [];
    const run = (name: string, q: ReturnType<typeof heldQuery>) =>
      gate.run(() => {
        started.push(name);
        return q.work();
      });
    const results = [run('a', a), run('b', b), run('c', c)];
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(gate.stats).toEqual({ running: 2, waiting: 1 });

    a.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(gate.stats).toEqual({ running: 2, waiting: 0 });

    b.finish();
    c.finish();
    await expect(Promise.all(results)).resolves.toEqual(['done', 'done', 'done']);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once (UNAVAILABLE) a query that finds the slots and the queue full', async () => {
    const gate = new ExpensiveQueries(capacity);
    const held = [heldQuery(), heldQuery(), heldQuery()];
    const accepted = held.map((q) => gate.run(q.work));
    let ran = false;
    await expect(
      gate.run(async () => {
        ran = true;
      }),
    ).rejects.toEqual(unavailable);
    expect(ran).toBe(false);
    expect(gate.stats).toEqual({ running: 2, waiting: 1 });
    held.forEach((q) => q.finish());
    await Promise.all(accepted);
  });

  it('lets a query wait at most waitMs for a slot, then refuses it and forgets it', async () => {
    vi.useFakeTimers();
    const gate = new ExpensiveQueries(capacity);
    const held = [heldQuery(), heldQuery()];
    const running = held.map((q) => gate.run(q.work));
    const waiting = gate.run(async () => 'late');
    const outcome = waiting.catch((err: unknown) => err);

    await vi.advanceTimersByTimeAsync(capacity.waitMs - 1);
    expect(gate.stats.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual(unavailable);
    expect(gate.stats).toEqual({ running: 2, waiting: 0 });

    // The slot it did not take goes to nobody: both finish and the gate is empty.
    held.forEach((q) => q.finish());
    await Promise.all(running);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a waiting query as soon as its request is over, and never starts one that is already over', async () => {
    const gate = new ExpensiveQueries(capacity);
    const held = [heldQuery(), heldQuery()];
    const running = held.map((q) => gate.run(q.work));

    const client = new AbortController();
    const scope = new RequestScope(client.signal, 60_000);
    let ran = false;
    const work = async () => {
      ran = true;
    };
    const waiting = scope.run(() => gate.run(work));
    const outcome = waiting.catch((err: unknown) => err);
    await settle();
    expect(gate.stats.waiting).toBe(1);

    client.abort();
    expect(await outcome).toEqual(unavailable);
    expect(gate.stats.waiting).toBe(0);
    // Over before it even asks: refused without waiting.
    await expect(scope.run(() => gate.run(work))).rejects.toEqual(unavailable);
    expect(ran).toBe(false);

    scope.lift();
    held.forEach((q) => q.finish());
    await Promise.all(running);
  });
});
