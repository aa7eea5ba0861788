import { doc, Timestamp, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFileName } from '@domain/download';
import { ZIP_README_NAME, zipEntryNamer } from '@domain/folder-zip';
import { FOLDER_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { MyDataExport } from '@domain/my-data';
import type { FirebaseGateway } from '@/gateway/firebase';
import { readsSince } from '@/gateway/firebase/reads';
import { GatewayError, type CreativeInput } from '@/gateway/types';
import { pngBytes, VALID_FORM } from '../helpers/uploads';
import { probe, reportSkip } from './emulators';
import { firebaseTestBackend, memoryMediaStore, type FirebaseTestBackend } from './harness';
import { EMPTY_ANALYSIS, storedCreative } from './rules-harness';

/**
 * Share links on Firebase (docs/decisions/026), through the adapter on the emulators: the owner
 * makes, lists and revokes links; a visitor with no session opens them, is asked the password,
 * unlocks, reads the cards, a detail, a file and the ZIP; the copy follows the owner's folder
 * writes. Also the reads each step bills (docs/benchmarks.md). Skipped with the reason when an
 * emulator is missing.
 */
const [auth, firestore, storage] = await Promise.all([probe('auth'), probe('firestore'), probe('storage')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/shares.emulator.test.ts (share links on Firestore)', missing);

const PASSWORD = 'un-mot-de-passe-long';
const FORM: CreativeInput = { ...VALID_FORM, attention: 'Une accroche forte', bestPractices: ['Hook en 3 s'] };

/** What a call rejects with: its code and message. */
async function failure(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof GatewayError)) throw new Error(`expected a GatewayError, got ${String(err)}`);
  return { code: err.code, message: err.message };
}

describe.skipIf(missing.length > 0)('share links on the emulators', () => {
  let backend: FirebaseTestBackend;

  beforeAll(async () => {
    // Media as data: URLs, so that downloads and the ZIP fetch real bytes in Node.
    const png = `data:image/png;base64,${(await pngBytes()).toString('base64')}`;
    backend = await firebaseTestBackend({ auth, firestore, storage: { ...storage, available: false }, media: memoryMediaStore(() => png) });
  }, 120_000);
  afterAll(() => backend?.close());

  /** An owner with a folder of `names` (filed in that order), and a specialist who submitted them. */
  async function ownerWithFolder(names: string[]) {
    const owner = await backend.signedIn('user');
    const specialist = await backend.signedIn('specialist');
    const folder = await owner.gateway.folders.create('Campagne été');
    const creatives = [];
    for (const name of names) {
      const creative = await specialist.gateway.creatives.submit({ ...FORM, name }, await backend.image());
      await owner.gateway.folders.addCreative(folder.id, creative.id);
      creatives.push(creative);
    }
    return { owner, specialist, folder, creatives };
  }

  const reads = (g: FirebaseGateway) => ({ ...g.reads });

  it('makes, lists and revokes links; only the owner, and passwords of 12 characters', async () => {
    const { owner, folder } = await ownerWithFolder(['Une']);
    const tooShort = await failure(owner.gateway.shares.create(folder.id, { password: 'huit-car' }));
    expect(tooShort).toEqual({ code: 'VALIDATION', message: 'Le mot de passe doit contenir au moins 12 caractères' });
    expect(owner.gateway.features.sharePasswordMin).toBe(12);

    const open = await owner.gateway.shares.create(folder.id, { allowDownload: true });
    const locked = await owner.gateway.shares.create(folder.id, { password: PASSWORD, includeNotes: true });
    expect(open.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(locked).toMatchObject({ hasPassword: true, includeNotes: true, includeAnalysis: false, views: null, expired: false });
    expect((await owner.gateway.shares.list(folder.id)).map((s) => s.id)).toEqual([open.id, locked.id]);

    const other = await backend.signedIn('user');
    expect((await failure(other.gateway.shares.list(folder.id))).message).toBe(MSG.folderNotFound);
    expect((await failure(other.gateway.shares.create(folder.id, {}))).message).toBe(MSG.folderNotFound);
    expect((await failure(other.gateway.shares.revoke(folder.id, open.id))).message).toBe(MSG.folderNotFound);

    await owner.gateway.shares.revoke(folder.id, open.id);
    expect((await owner.gateway.shares.list(folder.id)).map((s) => s.id)).toEqual([locked.id]);
    expect(await failure(backend.gateway().shares.folder(open.token))).toEqual({ code: 'NOT_FOUND', message: MSG.shareNotFound });
    expect((await failure(owner.gateway.shares.revoke(folder.id, open.id))).code).toBe('NOT_FOUND');

    // 'Exporter mes données' lists the folder's link, with no view count in this mode.
    const exported = JSON.parse(await (await owner.gateway.myData.exportFile()).blob.text()) as MyDataExport;
    const links = exported.folders.find((f) => f.id === folder.id)?.shareLinks;
    expect(links).toEqual([
      expect.objectContaining({ url: `/partage/${locked.token}`, hasPassword: true, includeNotes: true, views: null }),
    ]);
  });

  it('opens a link to a visitor: the cards newest first, a detail, without submitter, notes or analysis unless chosen', async () => {
    const { owner, folder, creatives } = await ownerWithFolder(['Première', 'Seconde']);
    await owner.gateway.folders.setNote(folder.id, creatives[0]!.id, 'Note privée');
    const link = await owner.gateway.shares.create(folder.id, {});
    const visitor = backend.gateway();

    const page = await visitor.shares.folder(link.token);
    expect(page.folder).toEqual({ name: 'Campagne été', allowDownload: false, includeAnalysis: false, includeNotes: false });
    expect(page.items.map((c) => c.name)).toEqual(['Seconde', 'Première']);
    expect(
      page.items.every((c) => c.note === null && c.submitter === null && c.submittedBy === null && c.analysisPreview.length === 0),
    ).toBe(true);
    const detail = await visitor.shares.creative(link.token, creatives[0]!.id);
    expect(detail).toMatchObject({ name: 'Première', analysis: null, note: null });
    const outsider = await backend.signedIn('specialist');
    const elsewhere = await outsider.gateway.creatives.submit({ ...FORM, name: 'Ailleurs' }, await backend.image());
    expect((await failure(visitor.shares.creative(link.token, elsewhere.id))).message).toBe(MSG.creativeNotFound);
    expect(await failure(visitor.shares.download(link.token, detail))).toEqual({ code: 'FORBIDDEN', message: MSG.shareDownloadNotAllowed });
    expect((await failure(visitor.shares.folder('pas-un-jeton'))).code).toBe('NOT_FOUND');
  });

  it('asks the password, refuses a wrong one, then shows the notes and the analysis chosen', async () => {
    const { owner, folder, creatives } = await ownerWithFolder(['Protégée']);
    await owner.gateway.folders.setNote(folder.id, creatives[0]!.id, 'À montrer au client');
    const link = await owner.gateway.shares.create(folder.id, { password: PASSWORD, includeNotes: true, includeAnalysis: true });
    const visitor = backend.gateway();

    expect(await failure(visitor.shares.folder(link.token))).toEqual({ code: 'PASSWORD_REQUIRED', message: MSG.sharePasswordRequired });
    expect(await failure(visitor.shares.unlock(link.token, 'un-mot-de-passe-faux'))).toEqual({
      code: 'WRONG_PASSWORD',
      message: MSG.sharePasswordWrong,
    });
    await visitor.shares.unlock(link.token, PASSWORD);
    const page = await visitor.shares.folder(link.token);
    expect(page.items.map((c) => [c.name, c.note])).toEqual([['Protégée', 'À montrer au client']]);
    expect(page.items[0]!.analysisPreview.length).toBeGreaterThan(0);
    const detail = await visitor.shares.creative(link.token, creatives[0]!.id);
    expect(detail.analysis).toMatchObject({ attention: 'Une accroche forte', bestPractices: ['Hook en 3 s'] });
    // Another browser has not unlocked it.
    expect((await failure(backend.gateway().shares.folder(link.token))).code).toBe('PASSWORD_REQUIRED');
  });

  it("follows the owner's folder: renamed, a creative added or taken out, a note changed; gone with the folder", async () => {
    const { owner, specialist, folder, creatives } = await ownerWithFolder(['Gardée', 'Retirée']);
    const link = await owner.gateway.shares.create(folder.id, { includeNotes: true, includeAnalysis: true });
    const visitor = backend.gateway();
    const added = await specialist.gateway.creatives.submit({ ...FORM, name: 'Ajoutée' }, await backend.image());

    await owner.gateway.folders.rename(folder.id, 'Campagne automne');
    await owner.gateway.folders.addCreative(folder.id, added.id);
    await owner.gateway.folders.removeCreative(folder.id, creatives[1]!.id);
    await owner.gateway.folders.setNote(folder.id, added.id, 'Nouvelle note');
    const page = await visitor.shares.folder(link.token);
    expect(page.folder.name).toBe('Campagne automne');
    expect(page.items.map((c) => [c.name, c.note])).toEqual([
      ['Ajoutée', 'Nouvelle note'],
      ['Gardée', null],
    ]);
    expect((await visitor.shares.creative(link.token, added.id)).analysis?.attention).toBe('Une accroche forte');
    expect((await failure(visitor.shares.creative(link.token, creatives[1]!.id))).code).toBe('NOT_FOUND');

    await owner.gateway.folders.remove(folder.id);
    expect((await failure(visitor.shares.folder(link.token))).code).toBe('NOT_FOUND');
  });

  it('says an expired link expired, and the rules refuse its copy', async () => {
    const { owner, folder } = await ownerWithFolder(['Une']);
    const link = await owner.gateway.shares.create(folder.id, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await backend.env.withSecurityRulesDisabled(async (ctx) => {
      await updateDoc(doc(ctx.firestore() as unknown as Firestore, 'shares', link.token), {
        expiresAt: Timestamp.fromMillis(Date.now() - 1000),
      });
    });
    expect(await failure(backend.gateway().shares.folder(link.token))).toEqual({ code: 'GONE', message: MSG.shareExpired });
    expect((await owner.gateway.shares.list(folder.id))[0]?.expired).toBe(true);
  });

  it('downloads a file and the ZIP when the link allows it', async () => {
    const { owner, folder, creatives } = await ownerWithFolder(['Visuel A', 'Visuel B']);
    const link = await owner.gateway.shares.create(folder.id, { allowDownload: true });
    const visitor = backend.gateway();
    const file = await visitor.shares.download(link.token, creatives[0]!);
    expect(file.fileName).toBe(downloadFileName('Visuel A', 'image/png'));
    expect(file.blob.size).toBe((await pngBytes()).length);
    const zip = await visitor.shares.downloadZip(link.token);
    if (zip.kind !== 'blob') throw new Error('the ZIP is built in the page in this mode');
    expect(zip.fileName).toMatch(/^Campagne été.*\.zip$/);
    const entries = Object.keys(unzipSync(new Uint8Array(await zip.blob.arrayBuffer())));
    const named = zipEntryNamer();
    expect(entries.sort()).toEqual([named('Visuel B', 'image/png'), named('Visuel A', 'image/png'), ZIP_README_NAME].sort());
  });

  it('copies the analyses of a folder of 30 creatives (more than one batch of rule reads)', async () => {
    const owner = await backend.signedIn('user');
    const folder = await owner.gateway.folders.create('Grand dossier');
    const ids = Array.from({ length: 30 }, (_, i) => `grand-${folder.id}-${i}`);
    await backend.env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore() as unknown as Firestore;
      const batch = writeBatch(db);
      for (const id of ids) {
        batch.set(doc(db, 'creatives', id), storedCreative('someone', 'approved', { name: id }));
        batch.set(doc(db, 'creatives', id, 'private', 'analysis'), { ...EMPTY_ANALYSIS, attention: `Analyse ${id}` });
      }
      batch.update(doc(db, 'folders', folder.id), { creatives: ids });
      await batch.commit();
    });
    const link = await owner.gateway.shares.create(folder.id, { includeAnalysis: true });
    const visitor = backend.gateway();
    expect((await visitor.shares.creative(link.token, ids[29]!)).analysis?.attention).toBe(`Analyse ${ids[29]}`);
    await owner.gateway.folders.removeCreative(folder.id, ids[0]!);
    expect((await visitor.shares.folder(link.token)).items).toHaveLength(FOLDER_PAGE_SIZE);
    await owner.gateway.shares.revoke(folder.id, link.id);
  });

  it('bills the reads docs/benchmarks.md gives for making, opening, unlocking and revoking a link', async () => {
    const { owner, folder, creatives } = await ownerWithFolder(['Un', 'Deux', 'Trois']);
    await owner.gateway.folders.setNote(folder.id, creatives[0]!.id, 'Note');
    let before = reads(owner.gateway);
    const open = await owner.gateway.shares.create(folder.id, {});
    // The folder, the empty key ring, the link read back.
    expect(readsSince(before, owner.gateway.reads)).toBe(3);
    before = reads(owner.gateway);
    const locked = await owner.gateway.shares.create(folder.id, { password: PASSWORD, includeNotes: true, includeAnalysis: true });
    // The folder, the key ring (1 link), the notes (1), the analyses (3), the link read back.
    expect(readsSince(before, owner.gateway.reads)).toBe(7);

    const visitor = backend.gateway();
    before = reads(visitor);
    await visitor.shares.folder(open.token);
    // The link, its copy, the three creatives.
    expect(readsSince(before, visitor.reads)).toBe(5);
    before = reads(visitor);
    await visitor.shares.unlock(locked.token, PASSWORD);
    // The link and the copy under the key; a wrong password costs the same.
    expect(readsSince(before, visitor.reads)).toBe(2);

    before = reads(owner.gateway);
    await owner.gateway.shares.revoke(folder.id, locked.id);
    // The folder, the key-ring entry, the copy (for the analyses it lists).
    expect(readsSince(before, owner.gateway.reads)).toBe(3);
  });
});
