/**
 * JSON written as it is read: an object whose lists come from async sources (keyset batches), so a
 * long list never sits in memory as a whole. A nested `StreamedObject` streams its own lists.
 */
export class StreamedObject {
  constructor(
    readonly fields: Record<string, unknown>,
    readonly lists: Record<string, () => AsyncIterable<unknown>>,
  ) {}
}

/** The JSON text of `value`, piece by piece (strings of a few kB at most). */
export async function* jsonPieces(value: unknown): AsyncGenerator<string> {
  if (!(value instanceof StreamedObject)) {
    yield JSON.stringify(value);
    return;
  }
  const fields = JSON.stringify(value.fields);
  const keys = Object.keys(value.lists);
  if (!keys.length) {
    yield fields;
    return;
  }
  yield fields === '{}' ? '{' : `${fields.slice(0, -1)},`;
  for (const [i, key] of keys.entries()) {
    yield `${i ? ',' : ''}${JSON.stringify(key)}:[`;
    let first = true;
    for await (const item of value.lists[key]!()) {
      if (!first) yield ',';
      first = false;
      yield* jsonPieces(item);
    }
    yield ']';
  }
  yield '}';
}

/** A byte stream of `value`'s JSON, pulled by the reader (back-pressure: nothing is read ahead of it). */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const pieces = jsonPieces(value);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Gather pieces up to ~16 kB per chunk: one write per item would be thousands of tiny writes.
      let text = '';
      while (text.length < 16_384) {
        const next = await pieces.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/**
 * Every row of a keyset-ordered query, `batchSize` at a time: `fetch(after)` returns the rows
 * after the key of the previous batch's last row (null for the first), at most `batchSize`.
 */
export async function* keysetRows<Row, Key>(
  fetch: (after: Key | null, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  batchSize: number,
): AsyncGenerator<Row> {
  let after: Key | null = null;
  for (;;) {
    const rows = await fetch(after, batchSize);
    yield* rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
