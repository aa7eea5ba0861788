import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { create, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@server/db/client';
import { creatives, media } from '@server/db/schema';
import { seedIfEmpty } from '@server/db/seed';
import { createDiskStore } from '@server/media/store';
import { backup, backupDatabase } from '@server/ops/backup';
import { startControlServer } from '@server/ops/control-server';
import { latestKnownMigration } from '@server/ops/migration-state';
import { restore } from '@server/ops/restore';
import { readCatalog } from '@server/ops/schema-catalog';
import { rowsOf, tableRef } from '@server/db/sql-rows';
import { deleteMedia } from '@server/services/media.service';
import { createTestApp, type TestApp } from './helpers/test-app';
import { creativeForm, pngBytes, VALID_FORM } from './helpers/uploads';

/**
 * Backup and restore on the engine of this run: PGlite (default) or the PostgreSQL server of
 * DATABASE_URL. On PGlite the source database lives in memory inside this process, as a running
 * server's would: its backup goes through the control channel, with a lock file naming another
 * live process, exactly the path `npm run backup` takes next to a running server.
 */
const serverUrl = process.env.DATABASE_URL || undefined;
const onPostgres = Boolean(serverUrl);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'creatheque-backup-test-'));
const archive = path.join(root, 'complete.tar.gz');

let source: TestApp;
let other: TestApp;
const apps: TestApp[] = [];

/** The URL of a test app's own PostgreSQL database (createTestApp made it). */
async function urlOf(app: TestApp): Promise<string | undefined> {
  if (!serverUrl) return undefined;
  const [row] = await rowsOf<{ name: string }>(app.db, sql`SELECT current_database() AS name`);
  const url = new URL(serverUrl);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/** A restore target: a fresh DATA_DIR (PGlite on disk) or a fresh test app's database. */
interface Target {
  dataDir: string;
  databaseUrl?: string;
  /** On PostgreSQL, the test app serving that database. */
  app?: TestApp;
  inspect<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

async function freshTarget(): Promise<Target> {
  if (onPostgres) {
    const app = await createTestApp();
    apps.push(app);
    return { dataDir: app.dataDir, databaseUrl: await urlOf(app), app, inspect: (fn) => fn(app.db) };
  }
  const dataDir = fs.mkdtempSync(path.join(root, 'target-'));
  return {
    dataDir,
    async inspect(fn) {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        return await fn(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

/** Every row of every app table, in primary-key order, as row_to_json text (UTC timestamps). */
async function allRows(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const table of await readCatalog(tx)) {
      const order = sql.join(
        table.primaryKey.map((k) => sql.identifier(k)),
        sql`, `,
      );
      const rows = await rowsOf<{ j: string }>(
        tx,
        sql`SELECT row_to_json(t)::text AS j FROM ${tableRef(table.name)} AS t ORDER BY ${order}`,
      );
      out[table.name] = rows.map((r) => r.j);
    }
    return out;
  });
}

/** Every media file (not temp or staged) with its SHA-256. */
async function mediaFiles(dataDir: string): Promise<Record<string, string>> {
  const mediaRoot = path.join(dataDir, 'media');
  const out: Record<string, string> = {};
  for await (const name of createDiskStore(mediaRoot).list()) {
    out[name] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(mediaRoot, name)))
      .digest('hex');
  }
  return out;
}

async function stateOf(target: Target) {
  return { rows: await target.inspect(allRows), files: await mediaFiles(target.dataDir) };
}

const rowCount = (rows: Record<string, string[]>) => Object.values(rows).reduce((n, r) => n + r.length, 0);

/** A process that stays alive, to stand for a running server in DATA_DIR/server.lock. */
function liveProcess(): ChildProcess {
  return spawn('sleep', ['30'], { stdio: 'ignore' });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function backupSource(app: TestApp, out: string, progress: string[] = []) {
  if (onPostgres) {
    return backup({ dataDir: app.dataDir, databaseUrl: await urlOf(app), out, onProgress: (m) => progress.push(m) });
  }
  const control = await startControlServer({
    dataDir: app.dataDir,
    db: app.db,
    media: createDiskStore(path.join(app.dataDir, 'media')),
    kind: 'pglite',
  });
  const server = liveProcess();
  const lock = path.join(app.dataDir, 'server.lock');
  fs.writeFileSync(lock, String(server.pid));
  try {
    expect(fs.statSync(control.socketPath).mode & 0o777).toBe(0o600);
    return await backup({ dataDir: app.dataDir, out, onProgress: (m) => progress.push(m) });
  } finally {
    fs.rmSync(lock, { force: true });
    await stop(server);
    await control.close();
    expect(fs.existsSync(control.socketPath)).toBe(false);
  }
}

/** Extracts an archive, lets `change` edit the folder, packs it again (manifest first). */
async function repack(from: string, to: string, change: (dir: string) => void): Promise<void> {
  const dir = fs.mkdtempSync(path.join(root, 'repack-'));
  await extract({ file: from, cwd: dir });
  change(dir);
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else files.push(name);
    }
  };
  walk('');
  await create({ gzip: true, file: to, cwd: dir, portable: true }, ['manifest.json', ...files.filter((f) => f !== 'manifest.json')]);
}

beforeAll(async () => {
  source = await createTestApp();
  other = await createTestApp();
  apps.push(source, other);
  expect(await seedIfEmpty(source.deps)).toBe(true);

  // Through the API: likes, comments, a comment like, folders with creatives, an upload.
  const userCookie = await source.login('utilisateur@example.com');
  const agencyCookie = await source.login('agence@example.com');
  const approved = await source.db.select({ id: creatives.id }).from(creatives).where(eq(creatives.status, 'approved')).limit(3);
  for (const { id } of approved)
    expect((await source.request('POST', `/api/creatives/${id}/like`, { cookie: userCookie })).status).toBe(200);
  const comment = await source.request<{ id: string }>('POST', `/api/creatives/${approved[0]!.id}/comments`, {
    cookie: userCookie,
    body: { text: 'Très « réussi », bravo !' },
  });
  expect(comment.status, comment.text).toBe(201);
  expect((await source.request('POST', `/api/comments/${comment.body.id}/like`, { cookie: agencyCookie })).status).toBe(200);
  const folder = await source.request<{ id: string }>('POST', '/api/folders', { cookie: userCookie, body: { name: 'Inspirations été' } });
  expect(folder.status, folder.text).toBe(201);
  for (const { id } of approved.slice(0, 2)) {
    expect((await source.request('PUT', `/api/folders/${folder.body.id}/creatives/${id}`, { cookie: userCookie })).status).toBe(200);
  }
  const upload = await source.request('POST', '/api/creatives', {
    cookie: agencyCookie,
    body: creativeForm(VALID_FORM, { bytes: await pngBytes(33, 44), name: 'visuel.png', type: 'image/png' }),
  });
  expect(upload.status, upload.text).toBe(201);

  // Values that must come back exactly: microseconds, jsonb, awkward arrays, a bigint past 2^53.
  await source.db.execute(sql`UPDATE "user" SET updated_at = '2024-05-06 07:08:09.123456+00' WHERE email = 'utilisateur@example.com'`);
  await source.db.execute(
    sql`UPDATE creatives SET best_practices = ${JSON.stringify(['guillemets " et \\ barre', 'émoji 🎯', '{"imbriqué": [1, null]}'])}::jsonb,
                             formats = ARRAY['virgule, dedans', 'guillemet "x"', 'NULL']
         WHERE id = ${approved[1]!.id}`,
  );
  await source.db.execute(sql`UPDATE media SET size = 9007199254740993 WHERE id = (SELECT min(id) FROM media)`);
}, 120_000);

afterAll(async () => {
  for (const app of apps) {
    // createTestApp's close() ends the pool, whose end() resolves before its clients have really
    // gone, then drops the database WITH (FORCE): a client still saying goodbye then receives
    // "terminating connection" and the pool re-emits it as an unhandled 'error'. The seeded
    // source keeps several connections, enough to lose that race now and then.
    if (onPostgres) (app.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on('error', () => {});
    await app.close().catch(() => {});
  }
  fs.rmSync(root, { recursive: true, force: true });
});

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let target: Target;
  /** The target right after the first restore: what the complete archive holds. */
  let complete: Awaited<ReturnType<typeof stateOf>>;

  it('backs up a live database and restores it identically: every row, every media byte', async () => {
    const progress: string[] = [];
    const summary = await backupSource(source, archive, progress);
    const before = { rows: await allRows(source.db), files: await mediaFiles(source.dataDir) };
    expect(summary.file).toBe(archive);
    expect(summary.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(summary.mediaFiles).toBe(Object.keys(before.files).length);
    expect(summary.size).toBe(fs.statSync(archive).size);
    for (const [table, rows] of Object.entries(before.rows)) expect(summary.tables[table], table).toBe(rows.length);
    expect(summary.tables.creative_likes).toBeGreaterThan(0);
    expect(progress.some((m) => m.includes('table creatives'))).toBe(true);
    if (!onPostgres) expect(progress[0]).toMatch(/processus \d+.*écrit la sauvegarde lui-même/);
    // Nothing left behind: no staging folder, no partial archive.
    expect(fs.readdirSync(source.dataDir).filter((n) => n.startsWith('.sauvegarde-'))).toEqual([]);
    expect(fs.readdirSync(root).filter((n) => n.includes('.partiel'))).toEqual([]);

    target = await freshTarget();
    const restored = await restore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, file: archive });
    expect(restored.tables).toEqual(summary.tables);
    expect(restored.mediaFiles).toBe(summary.mediaFiles);
    const after = await stateOf(target);
    complete = after;
    expect(after.rows).toEqual(before.rows);
    expect(after.files).toEqual(before.files);
    // A new catalogue epoch: no server resumes from an index saved before the restore.
    const epochOf = async (db: Db) => (await rowsOf<{ epoch: string }>(db, sql`select epoch from catalogue_state`))[0]?.epoch;
    const restoredEpoch = await target.inspect(epochOf);
    expect(restoredEpoch).toMatch(/^[0-9a-f-]{36}$/);
    expect(restoredEpoch).not.toBe(await epochOf(source.db));
    expect(after.rows.user!.some((r) => r.includes('"updated_at":"2024-05-06T07:08:09.123456+00:00"'))).toBe(true);
    expect(after.rows.media!.some((r) => r.includes('"size":9007199254740993'))).toBe(true);
    // The restored accounts work: password hashes came back intact (PostgreSQL: the target is an app).
    if (target.app) await target.app.login('utilisateur@example.com');
  });

  it('writes a manifest with versions, migration, counts and the checksum of every file', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'manifest-'));
    await extract({ file: archive, cwd: dir });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'creatheque-backup',
      formatVersion: 1,
      appVersion: '0.1.0',
      engine: onPostgres ? 'postgres' : 'pglite',
    });
    expect(manifest.migration.tag).toBe(latestKnownMigration().tag);
    expect(manifest.migration.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(await allRows(source.db)).sort());
    for (const file of manifest.files as { path: string; size: number; sha256: string }[]) {
      const bytes = fs.readFileSync(path.join(dir, file.path));
      expect(bytes.length, file.path).toBe(file.size);
      expect(crypto.createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
    }
    const lines = fs.readFileSync(path.join(dir, 'db/creatives.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(manifest.tables.creatives.rows);
  });

  it.skipIf(onPostgres)('backs up a stopped PGlite data directory by opening it itself, with the same content', async () => {
    const out = path.join(root, 'from-disk.tar.gz');
    const summary = await backup({ dataDir: target.dataDir, out });
    expect(fs.existsSync(path.join(target.dataDir, 'server.lock'))).toBe(false);
    const [a, b] = [fs.mkdtempSync(path.join(root, 'a-')), fs.mkdtempSync(path.join(root, 'b-'))];
    await extract({ file: archive, cwd: a });
    await extract({ file: out, cwd: b });
    const files = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')).files;
    // Same rows serialise to the same bytes: the two dumps are identical file for file.
    expect(files(b)).toEqual(files(a));
    expect(summary.attempts).toBe(1);
  });

  it('refuses a target that is not empty, then replaces its content with --force', async () => {
    const before = await stateOf(target);
    // A second, smaller library: one account, two uploads (one deleted during the backup).
    const { cookie } = await other.loginAs('specialist');
    for (const size of [20, 30]) {
      const res = await other.request('POST', '/api/creatives', {
        cookie,
        body: creativeForm(VALID_FORM, { bytes: await pngBytes(size, size), name: 'a.png', type: 'image/png' }),
      });
      expect(res.status, res.text).toBe(201);
    }
    const small = path.join(root, 'small.tar.gz');
    const [doomed] = await other.db.select().from(media).limit(1);
    const summary = await backupDatabase(
      { db: other.db, kind: other.database.kind, dataDir: other.dataDir, media: createDiskStore(path.join(other.dataDir, 'media')) },
      {
        out: small,
        batchSize: 1, // one row per keyset page: paging is exercised on every table
        // A media deleted right after the first snapshot: its files vanish, the backup starts over.
        afterSnapshot: async (attempt) => {
          if (attempt === 1) await deleteMedia(other.db, other.deps.media.store, doomed!.id);
        },
      },
    );
    expect(summary.attempts).toBe(2);
    expect(summary.tables.media).toBe(1);
    expect(summary.mediaFiles).toBe(5); // the remaining upload, its card derivative, its 320 px AVIF and WebP, its link-preview JPEG

    await expect(restore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, file: small })).rejects.toThrow(
      /la cible n'est pas vide .*--force/,
    );
    expect(await stateOf(target)).toEqual(before);

    const restored = await restore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, file: small, force: true });
    expect(restored.removedFiles).toBe(Object.keys(before.files).length);
    const after = await stateOf(target);
    expect(after.rows).toEqual(await allRows(other.db));
    expect(after.files).toEqual(await mediaFiles(other.dataDir));
    expect(after.rows.user).toHaveLength(1);

    // And back to the complete library, so the next tests start from a full target.
    await restore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, file: archive, force: true });
    expect(await stateOf(target)).toEqual(complete);
  });

  it.skipIf(onPostgres)('listens on a short socket path under the temp folder when DATA_DIR is too deep for one', async () => {
    const deep = path.join(root, 'tres-long-'.repeat(12));
    fs.mkdirSync(deep);
    const control = await startControlServer({
      dataDir: deep,
      db: other.db,
      media: createDiskStore(path.join(other.dataDir, 'media')),
      kind: 'pglite',
    });
    const server = liveProcess();
    fs.writeFileSync(path.join(deep, 'server.lock'), String(server.pid));
    try {
      expect(control.socketPath.startsWith(os.tmpdir())).toBe(true);
      expect(fs.readFileSync(path.join(deep, 'control.sock.path'), 'utf8').trim()).toBe(control.socketPath);
      const summary = await backup({ dataDir: deep, out: path.join(root, 'deep.tar.gz') });
      expect(summary.tables.media).toBe((await other.db.select().from(media)).length);
    } finally {
      await stop(server);
      await control.close();
    }
    expect(fs.existsSync(control.socketPath)).toBe(false);
    expect(fs.existsSync(path.join(deep, 'control.sock.path'))).toBe(false);
  });

  it('fails clearly when a referenced media file is missing at every attempt', async () => {
    const out = path.join(root, 'missing.tar.gz');
    const [row] = await other.db.select().from(media).limit(1);
    fs.rmSync(path.join(other.dataDir, 'media', row!.name));
    await expect(
      backupDatabase(
        { db: other.db, kind: other.database.kind, dataDir: other.dataDir, media: createDiskStore(path.join(other.dataDir, 'media')) },
        { out },
      ),
    ).rejects.toThrow(new RegExp(`${row!.name}.*a disparu.*3 tentatives`));
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.readdirSync(other.dataDir).filter((n) => n.startsWith('.sauvegarde-'))).toEqual([]);
  });

  describe('refuses a damaged archive and leaves the target untouched', () => {
    const bytes = () => fs.readFileSync(archive);
    const cases: [string, () => Promise<string>, RegExp][] = [
      [
        'bytes flipped in the middle',
        async () => {
          const data = bytes();
          for (let i = 0; i < 64; i++) data[Math.floor(data.length / 2) + i]! ^= 0xff;
          fs.writeFileSync(path.join(root, 'flipped.tar.gz'), data);
          return path.join(root, 'flipped.tar.gz');
        },
        /archive (illisible ou endommagée|altérée|incomplète)/,
      ],
      [
        'cut in half',
        async () => {
          const data = bytes();
          fs.writeFileSync(path.join(root, 'half.tar.gz'), data.subarray(0, Math.floor(data.length / 2)));
          return path.join(root, 'half.tar.gz');
        },
        /archive (illisible ou endommagée|incomplète)/,
      ],
      [
        'a media file whose checksum no longer matches',
        async () => {
          const out = path.join(root, 'tampered.tar.gz');
          await repack(archive, out, (dir) => {
            const upload = path.join(dir, 'media', 'creatives');
            const file = path.join(
              upload,
              fs.readdirSync(upload).find((n) => n.endsWith('.png'))!,
            );
            const data = fs.readFileSync(file);
            data[data.length - 1]! ^= 0x01;
            fs.writeFileSync(file, data);
          });
          return out;
        },
        /archive altérée : media\/creatives\/.*\.png ne correspond pas à son empreinte SHA-256/,
      ],
      [
        'a row edited in a table file',
        async () => {
          const out = path.join(root, 'edited-row.tar.gz');
          await repack(archive, out, (dir) => {
            const file = path.join(dir, 'db', 'user.jsonl');
            fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"role":"user"', '"role":"admin"'));
          });
          return out;
        },
        /archive altérée : db\/user\.jsonl/,
      ],
      [
        'a file that the manifest does not list',
        async () => {
          const out = path.join(root, 'extra.tar.gz');
          await repack(archive, out, (dir) => fs.writeFileSync(path.join(dir, 'media', 'creatives', 'intrus.png'), 'x'));
          return out;
        },
        /media\/creatives\/intrus\.png ne figure pas dans manifest\.json/,
      ],
      [
        'an archive made by a newer schema',
        async () => {
          const out = path.join(root, 'newer.tar.gz');
          await repack(archive, out, (dir) => {
            const file = path.join(dir, 'manifest.json');
            const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
            manifest.migration = { ...manifest.migration, createdAt: manifest.migration.createdAt + 1, tag: '9999_futur' };
            fs.writeFileSync(file, JSON.stringify(manifest));
          });
          return out;
        },
        /version plus récente de Créathèque.*9999_futur/,
      ],
      [
        'no manifest',
        async () => {
          const out = path.join(root, 'no-manifest.tar.gz');
          const dir = fs.mkdtempSync(path.join(root, 'empty-'));
          fs.writeFileSync(path.join(dir, 'note.txt'), 'rien');
          await create({ gzip: true, file: out, cwd: dir }, ['note.txt']);
          return out;
        },
        /manifest\.json absent/,
      ],
    ];

    it.each(cases)('%s', async (_label, make, message) => {
      // The previous test left the target holding the complete library (one PGlite open saved per case).
      expect(rowCount(complete.rows)).toBeGreaterThan(0);
      const file = await make();
      await expect(restore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, file, force: true })).rejects.toThrow(message);
      expect(await stateOf(target)).toEqual(complete);
      expect(fs.readdirSync(path.join(target.dataDir, 'media', '.tmp'))).toEqual([]);
    });
  });

  it.skipIf(onPostgres)('refuses to restore while a PGlite server holds the data directory', async () => {
    const server = liveProcess();
    const lock = path.join(target.dataDir, 'server.lock');
    fs.writeFileSync(lock, String(server.pid));
    try {
      await expect(restore({ dataDir: target.dataDir, file: archive, force: true })).rejects.toThrow(
        new RegExp(`processus ${server.pid}.*arrêtez le serveur`),
      );
    } finally {
      fs.rmSync(lock, { force: true });
      await stop(server);
    }
  });

  it('the restore command exits with code 1 and one French error line', async () => {
    const half = path.join(root, 'half-cli.tar.gz');
    fs.writeFileSync(half, fs.readFileSync(archive).subarray(0, 1000));
    const dataDir = fs.mkdtempSync(path.join(root, 'cli-'));
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined };
    delete env.DATABASE_URL;
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/restore.ts', half], {
        env,
        cwd: path.resolve(import.meta.dirname, '..'),
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Erreur : restauration impossible : archive (illisible ou endommagée|incomplète)/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
