import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Creative } from '@domain/types';
import { eq } from 'drizzle-orm';
import { media } from '@server/db/schema';
import { configureLogging } from '@server/log';
import { createDiskStore, sweepTempEvery } from '@server/media/store';
import { recordedMediaFiles, removeFiles } from '@server/services/media.service';
import { multipart } from './helpers/attack-files';
import { storedBytes } from './helpers/stored-bytes';
import { createTestApp, type TestApp } from './helpers/test-app';
import { creativeForm, padTo, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Temp files of the media store (DATA_DIR/media/.tmp): swept at start-up and periodically while the
 * server runs, but never one that a write of this process is still using, however old. Staged
 * files (DATA_DIR/media/.staging) that a crash left are settled against the media rows.
 */
let t: TestApp;
const tmpDir = () => path.join(t.dataDir, 'media', '.tmp');
const tempFiles = () => fs.readdirSync(tmpDir());
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

/** A temp file as a crashed or other writer would leave it, last written `ageMs` ago. */
function leftover(pid: number, ageMs: number): string {
  const file = path.join(tmpDir(), `${pid}-${Date.now() - ageMs}-0badc0ffee.part`);
  fs.writeFileSync(file, 'partial');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
  return path.basename(file);
}

describe('sweepTemp', () => {
  it('never removes the file of an upload still arriving, even with no age threshold', async () => {
    const { cookie } = await t.loginAs('admin');
    const form = multipart([
      { name: 'data', body: JSON.stringify(VALID_FORM) },
      { name: 'media', filename: 'lente.png', type: 'image/png', body: padTo(await pngBytes(), 256 * 1024) },
    ]);
    const half = Math.floor(form.body.length / 2);
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(form.body.subarray(0, half)));
        sendRest = () => {
          controller.enqueue(new Uint8Array(form.body.subarray(half)));
          controller.close();
        };
      },
    });
    const response = t.app.request(new URL('/api/creatives', t.config.publicUrl).toString(), {
      method: 'POST',
      headers: { cookie, origin: t.config.publicUrl, 'content-type': form.contentType },
      body,
      duplex: 'half',
    } as RequestInit);

    // The first half is on disk, the client is (for now) silent.
    await expect.poll(() => tempFiles().length).toBe(1);
    const writing = tempFiles()[0]!;
    const old = new Date(Date.now() - 2 * HOUR);
    fs.utimesSync(path.join(tmpDir(), writing), old, old);
    expect(await t.deps.media.store.sweepTemp({ olderThanMs: 0 })).toBe(0);
    expect(tempFiles()).toEqual([writing]);

    sendRest();
    const res = await response;
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as Creative).mediaUrl).toMatch(/\.png$/);
    expect(tempFiles()).toEqual([]);
  });

  it("removes a gone process's files at once, another live process's once it stopped writing, this one's unused ones once old", () => {
    const gone = leftover(2 ** 22 + 1, 0); // above Linux's pid_max: no such process
    const otherRecent = leftover(process.ppid, 60_000);
    const otherStale = leftover(process.ppid, 2 * HOUR);
    const ownRecent = leftover(process.pid, 60_000);
    const ownStale = leftover(process.pid, 2 * HOUR);
    const foreign = 'pas-un-fichier-du-store.part';
    fs.writeFileSync(path.join(tmpDir(), foreign), '?');
    return t.deps.media.store.sweepTemp().then((removed) => {
      expect(removed).toBe(4);
      expect(tempFiles().sort()).toEqual([otherRecent, ownRecent].sort());
      for (const name of [gone, otherStale, ownStale, foreign]) expect(tempFiles()).not.toContain(name);
      for (const name of tempFiles()) fs.rmSync(path.join(tmpDir(), name));
    });
  });

  it('at shutdown (ownOnly), removes every file of this process and nothing else', async () => {
    const own = leftover(process.pid, 0);
    const other = leftover(process.ppid, 0);
    expect(await t.deps.media.store.sweepTemp({ ownOnly: true })).toBe(1);
    expect(tempFiles()).toEqual([other]);
    expect(tempFiles()).not.toContain(own);
    fs.rmSync(path.join(tmpDir(), other));
  });
});

describe('staged files left by a crash', () => {
  it('the sweep promotes at once those whose media row committed and removes the others once stale, asking the database', async () => {
    // Another process staged the files of two media, committed one row, and died before promoting.
    const crashed = createDiskStore(path.join(t.dataDir, 'media')).stage();
    const base = `creatives/${Date.now()}-c0ffeec0ffee`;
    const committed = { name: `${base}.png`, thumbName: `${base}-card.webp` };
    const never = `creatives/${Date.now()}-deaddeaddead.png`;
    for (const name of [committed.name, committed.thumbName, never]) await crashed.put(name, Buffer.from(name));
    await t.db.insert(media).values({
      ...committed,
      size: committed.name.length,
      contentType: 'image/png',
      originalName: 'a.png',
      timestamp: Date.now(),
    });
    const recorded = recordedMediaFiles(t.db);

    // Fresh: the committed media's files are promoted at once (no row without its file, even right
    // after a crash); the other may be another instance's write in progress: kept.
    expect(await t.deps.media.store.sweepTemp({ recorded })).toBe(2);
    for (const name of [committed.name, committed.thumbName]) expect((await storedBytes(t.deps.media.store, name)).toString()).toBe(name);
    expect(fs.readdirSync(path.join(t.dataDir, 'media', '.staging'))).not.toEqual([]);

    // Stale: no row records it, it goes.
    expect(await t.deps.media.store.sweepTemp({ recorded, olderThanMs: 0 })).toBe(1);
    expect(await t.deps.media.store.exists(never)).toBe(false);
    expect(fs.readdirSync(path.join(t.dataDir, 'media', '.staging'))).toEqual([]);
    await t.db.delete(media).where(eq(media.name, committed.name));
    await removeFiles(t.deps.media.store, [committed.name, committed.thumbName]);
  });
});

describe('a promotion that fails after the row committed', () => {
  it('leaves the files staged (the media answers 404), and the sweep promotes them: nothing is lost', async () => {
    const fresh = await createTestApp();
    try {
      const { cookie } = await fresh.loginAs('admin');
      // Where the files go cannot be made (a file stands in its place): staging works, promotion fails.
      const finalDir = path.join(fresh.dataDir, 'media', 'creatives');
      fs.mkdirSync(path.dirname(finalDir), { recursive: true });
      fs.writeFileSync(finalDir, 'in the way');
      configureLogging({ level: 'silent' }); // the failed promotion is logged as an error
      let created: Creative;
      try {
        const res = await fresh.request<Creative>('POST', '/api/creatives', {
          cookie,
          body: creativeForm(VALID_FORM, { bytes: await pngBytes(), name: 'affiche.png', type: 'image/png' }),
        });
        expect(res.status, res.text).toBe(201);
        created = res.body;
      } finally {
        configureLogging({ level: 'warn' });
      }
      expect((await fresh.request('GET', created.mediaUrl!)).status).toBe(404);

      fs.rmSync(finalDir);
      const recorded = recordedMediaFiles(fresh.db);
      expect(await fresh.deps.media.store.sweepTemp({ recorded, olderThanMs: 0 })).toBeGreaterThan(1);
      const served = await fresh.request('GET', created.mediaUrl!);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    } finally {
      await fresh.close();
    }
  });
});

describe('sweepTempEvery', () => {
  it('sweeps on its timer, reports what it removed, and stops', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-sweep-'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const store = createDiskStore(root);
      const inUse = store.tempPath();
      fs.writeFileSync(inUse, 'still writing');
      const stale = path.join(root, '.tmp', `${2 ** 22 + 1}-1-0badc0ffee.part`);
      fs.writeFileSync(stale, 'left behind');
      const report = vi.fn();
      const stop = sweepTempEvery(store, 60_000, report);

      vi.advanceTimersByTime(59_999);
      expect(fs.existsSync(stale)).toBe(true);
      vi.advanceTimersByTime(1);
      await vi.waitFor(() => expect(report).toHaveBeenCalledWith(1));
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(inUse)).toBe(true);

      stop();
      fs.writeFileSync(stale, 'left behind again');
      vi.advanceTimersByTime(10 * 60_000);
      expect(report).toHaveBeenCalledTimes(1);
      await store.discardTemp(inUse);
    } finally {
      vi.useRealTimers();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
