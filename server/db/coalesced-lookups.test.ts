import { describe, expect, it } from 'vitest';
import { CoalescedLookups } from './coalesced-lookups';
import { currentScope, RequestScope } from './request-scope';

/** Doubles numbers, recording each batch it was asked and the request scope it ran in. */
function doubler(maxSize = 100) {
  const batches: number[][][] = [];
  const scopes: (RequestScope | undefined)[] = [];
  const lookups = new CoalescedLookups<number[], number[]>(
    async (batch) => {
      batches.push(batch);
      scopes.push(currentScope());
      if (batch.some((q) => q.includes(-1))) throw new Error('refused');
      return batch.map((q) => q.map((n) => n * 2));
    },
    (q) => q.length,
    maxSize,
  );
  return { lookups, batches, scopes };
}

describe('CoalescedLookups', () => {
  it('answers the questions of one loop turn with one batch, each its own answer', async () => {
    const { lookups, batches } = doubler();
    const answers = await Promise.all([lookups.ask([1, 2]), lookups.ask([3]), lookups.ask([4, 5, 6])]);
    expect(answers).toEqual([[2, 4], [6], [8, 10, 12]]);
    expect(batches).toEqual([[[1, 2], [3], [4, 5, 6]]]);
  });

  it('asks again on a later turn', async () => {
    const { lookups, batches } = doubler();
    await lookups.ask([1]);
    await lookups.ask([2]);
    expect(batches).toEqual([[[1]], [[2]]]);
  });

  it('splits a turn into batches of at most maxSize, a heavier question alone', async () => {
    const { lookups, batches } = doubler(4);
    await Promise.all([lookups.ask([1, 2]), lookups.ask([3, 4]), lookups.ask([5]), lookups.ask([6, 7, 8, 9, 10]), lookups.ask([11])]);
    expect(batches).toEqual([
      [
        [1, 2],
        [3, 4],
      ],
      [[5]],
      [[6, 7, 8, 9, 10]],
      [[11]],
    ]);
  });

  it('fails the questions of a failed batch only', async () => {
    const { lookups } = doubler(2);
    const results = await Promise.allSettled([lookups.ask([1, -1]), lookups.ask([3])]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(results[1]).toEqual({ status: 'fulfilled', value: [6] });
  });

  it("runs a batch outside the requests' scopes, so that one request's end cannot cancel the others", async () => {
    const { lookups, scopes } = doubler();
    const client = new AbortController();
    const scope = new RequestScope(client.signal, 60_000);
    const answer = scope.run(() => lookups.ask([1]));
    client.abort();
    expect(await answer).toEqual([2]);
    expect(scopes).toEqual([undefined]);
    scope.lift();
  });
});
