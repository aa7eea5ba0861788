import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store, s3ClientOf } from '@server/media/s3-store';
import { createDiskStore, type MediaStore } from '@server/media/store';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { storedBytes } from './helpers/stored-bytes';

/**
 * One contract for every media store driver (server/media/store.ts): the disk folder and an
 * S3-compatible bucket (a real s3rver process). Each driver also says how to see everything it
 * holds, staged or not (`allKeys`), so that "nothing left" is checked below the interface.
 */
interface Backend {
  /** A second store on the same disk folder or bucket: another process (or a crashed one). */
  open(): MediaStore;
  allKeys(): Promise<string[]>;
  /** Multipart parts uploaded so far (S3), or null where that means nothing. */
  partsUploaded(): number | null;
  close(): Promise<void>;
}

const PART = 5 * 1024 * 1024;

const backends: { name: string; start: () => Promise<Backend> }[] = [
  {
    name: 'disk',
    async start() {
      const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'creatheque-store-'));
      return {
        open: () => createDiskStore(root),
        allKeys: async () =>
          (await fsp.readdir(root, { recursive: true, withFileTypes: true }))
            .filter((e) => e.isFile() && !path.relative(root, e.parentPath).startsWith('.tmp'))
            .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
        partsUploaded: () => null,
        close: () => fsp.rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async start() {
      const s3: S3TestServer = await startS3Server();
      const tempDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'creatheque-store-tmp-'));
      const prefix = 'contract';
      const settings = {
        endpoint: s3.endpoint,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      };
      const client: S3Client = s3ClientOf(settings);
      let parts = 0;
      client.middlewareStack.add(
        (next, context) => (args) => {
          if (context.commandName === 'UploadPartCommand') parts += 1;
          return next(args);
        },
        { step: 'initialize' },
      );
      return {
        open: () => createS3Store({ ...settings, bucket: s3.bucket, prefix, tempDir, partSize: PART, client }),
        async allKeys() {
          const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
          return (page.Contents ?? []).map((o) => o.Key!.slice(`${prefix}/`.length));
        },
        partsUploaded: () => parts,
        async close() {
          client.destroy();
          await s3.stop();
          await fsp.rm(tempDir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(backends)('media store contract: $name', ({ start }) => {
  let backend: Backend;
  let store: MediaStore;
  const keys = () => backend.allKeys().then((k) => k.sort());

  beforeAll(async () => {
    backend = await start();
    store = backend.open();
  }, 30_000);
  afterAll(() => backend?.close());

  it('puts, tells, reads whole and in ranges, removes', async () => {
    const name = 'creatives/1700000000000-aaaaaaaaaaaa.png';
    const data = crypto.randomBytes(1000);
    expect(await store.exists(name)).toBe(false);
    expect(await store.stat(name)).toBeNull();
    expect(await store.read(name)).toBeNull();
    await store.put(name, data);
    expect(await store.exists(name)).toBe(true);
    const stat = await store.stat(name);
    expect(stat?.size).toBe(1000);
    expect(Math.abs(stat!.modifiedMs - Date.now())).toBeLessThan(60_000);
    expect(await storedBytes(store, name)).toEqual(data);
    const part = await store.read(name, { start: 10, end: 19 });
    expect(Buffer.concat((await part!.toArray()) as Buffer[])).toEqual(data.subarray(10, 20));
    const last = await store.read(name, { start: 999, end: 999 });
    expect(Buffer.concat((await last!.toArray()) as Buffer[])).toEqual(data.subarray(999));
    await store.remove(name);
    expect(await store.exists(name)).toBe(false);
    await store.remove(name); // removing what is gone is no error
    expect(await keys()).toEqual([]);
  });

  it('shows staged files only once committed, and a discard leaves nothing', async () => {
    const names = ['creatives/1700000000001-bbbbbbbbbbbb.png', 'creatives/1700000000001-bbbbbbbbbbbb-card.webp'];
    const staged = store.stage();
    for (const name of names) await staged.put(name, Buffer.from(name));
    for (const name of names) expect(await store.exists(name)).toBe(false);
    expect(await collect(store.list())).toEqual([]);
    await staged.commit();
    for (const name of names) expect((await storedBytes(store, name)).toString()).toBe(name);
    expect(await keys()).toEqual([...names].sort());

    const dropped = store.stage();
    await dropped.put('creatives/1700000000002-cccccccccccc.png', Buffer.from('x'));
    const temp = store.tempPath();
    await fsp.writeFile(temp, 'y');
    await dropped.adopt('creatives/1700000000002-cccccccccccc.mp4', temp);
    expect(fs.existsSync(temp)).toBe(false);
    await dropped.discard();
    expect(await keys()).toEqual([...names].sort());
    for (const name of names) await store.remove(name);
    expect(await keys()).toEqual([]);
  });

  it('adopts a large local file (S3: in several multipart parts) and reads it back identical', async () => {
    const name = 'creatives/1700000000003-dddddddddddd.mp4';
    const data = crypto.randomBytes(12 * 1024 * 1024 + 123);
    const temp = store.tempPath();
    await fsp.writeFile(temp, data);
    const partsBefore = backend.partsUploaded();
    const staged = store.stage();
    await staged.adopt(name, temp);
    await staged.commit();
    expect(fs.existsSync(temp)).toBe(false);
    expect((await store.stat(name))?.size).toBe(data.length);
    expect((await storedBytes(store, name)).equals(data)).toBe(true);
    if (partsBefore !== null) expect(backend.partsUploaded()! - partsBefore).toBe(Math.ceil(data.length / PART));
    const tail = await store.read(name, { start: data.length - 5000, end: data.length - 1 });
    expect(Buffer.concat((await tail!.toArray()) as Buffer[]).equals(data.subarray(-5000))).toBe(true);
    await store.remove(name);
  });

  it('the sweep promotes staged files that a row records at once, removes the others once stale, keeps open ones', async () => {
    const recordedName = 'creatives/1700000000004-eeeeeeeeeeee.png';
    const unrecorded = 'creatives/1700000000005-ffffffffffff.png';
    // Another process (or one killed since) staged these and never promoted nor discarded them.
    const crashed = backend.open().stage();
    await crashed.put(recordedName, Buffer.from('row committed'));
    await crashed.put(unrecorded, Buffer.from('row never committed'));
    // This process's own batch, still open: never touched, however old.
    const open = store.stage();
    await open.put('creatives/1700000000006-abababababab.png', Buffer.from('in flight'));
    const asked: string[][] = [];
    const recorded = async (names: string[]) => {
      asked.push([...names].sort());
      return new Set(names.filter((n) => n === recordedName));
    };

    // Fresh: the file whose row committed is promoted at once (its writer was killed, or is about
    // to do the same); the other may still be in another instance's hands.
    expect(await store.sweepTemp({ recorded, olderThanMs: 60 * 60 * 1000, dryRun: true })).toBe(1);
    expect(await store.exists(recordedName)).toBe(false);
    expect(await store.sweepTemp({ recorded, olderThanMs: 60 * 60 * 1000 })).toBe(1);
    expect((await storedBytes(store, recordedName)).toString()).toBe('row committed');
    expect(asked.at(-1)).toEqual([recordedName, unrecorded].sort());
    // Once stale, the file no row records goes.
    expect(await store.sweepTemp({ recorded, olderThanMs: 0 })).toBe(1);
    expect(asked.at(-1)).toEqual([unrecorded]);
    expect(await store.exists(unrecorded)).toBe(false);

    await open.commit();
    expect(await collect(store.list())).toEqual(['creatives/1700000000004-eeeeeeeeeeee.png', 'creatives/1700000000006-abababababab.png']);
    for (const name of await collect(store.list())) await store.remove(name);
    expect(await keys()).toEqual([]);
  });

  it('a writer whose files the sweep of another instance promoted first commits all the same', async () => {
    const name = 'creatives/1700000000008-adadadadadad.png';
    const writer = backend.open().stage();
    await writer.put(name, Buffer.from('raced'));
    // The row committed; before the writer promotes, another instance's sweep does.
    expect(await store.sweepTemp({ recorded: async (names) => new Set(names), olderThanMs: 60 * 60 * 1000 })).toBe(1);
    await writer.commit();
    expect((await storedBytes(store, name)).toString()).toBe('raced');
    await store.remove(name);
    expect(await keys()).toEqual([]);
  });

  it('without a database to ask, stale staged files are left alone', async () => {
    const crashed = backend.open().stage();
    await crashed.put('creatives/1700000000007-acacacacacac.png', Buffer.from('?'));
    expect(await store.sweepTemp({ olderThanMs: 0 })).toBe(0);
    expect(await keys()).toHaveLength(1);
    await crashed.discard();
  });

  it('lists every stored name, streamed', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `creatives/170000000001${i}-0123456789ab.webp`);
    for (const name of names) await store.put(name, Buffer.from(name));
    expect((await collect(store.list())).sort()).toEqual(names);
    for (const name of names) await store.remove(name);
  });

  it('hands a local copy for processing, and removes a temp copy afterwards', async () => {
    const name = 'creatives/1700000000020-0123456789ab.png';
    await store.put(name, Buffer.from('pixels'));
    const seen = await store.withLocalCopy(name, async (file) => ({ file, text: await fsp.readFile(file, 'utf8') }));
    expect(seen?.text).toBe('pixels');
    expect(await store.withLocalCopy('creatives/1700000000021-0123456789ab.png', async () => 'never')).toBeNull();
    await store.remove(name);
    if (store.kind !== 'disk') expect(fs.existsSync(seen!.file)).toBe(false);
  });

  it('probes a write and leaves nothing behind', async () => {
    await store.probe();
    expect(await keys()).toEqual([]);
  });

  it('refuses unsafe names', async () => {
    for (const name of ['../outside.png', '/etc/passwd', 'creatives/../../x.png', '.staging/x/creatives/a.png', '.tmp/a', '', 'a//b']) {
      await expect(store.put(name, Buffer.from('x')), name).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(store.read(name), name).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(store.stage().put(name, Buffer.from('x')), name).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await keys()).toEqual([]);
  });
});

async function collect(names: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const name of names) all.push(name);
  return all;
}
