import type { MediaStore } from '@server/media/store';

/** A stored file's bytes, through the store (whichever its driver); throws when it does not exist. */
export async function storedBytes(store: MediaStore, name: string): Promise<Buffer> {
  const stream = await store.read(name);
  if (!stream) throw new Error(`${name}: not in the store`);
  return Buffer.concat((await stream.toArray()) as Buffer[]);
}
