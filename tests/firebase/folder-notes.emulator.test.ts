import { collection, getDocs, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import type { MyDataExport } from '@domain/my-data';
import type { CreativeInput } from '@/gateway/types';
import { VALID_FORM } from '../helpers/uploads';
import { probe, reportSkip } from './emulators';
import { backendOnEmulators } from './harness';

/**
 * Where the folders' notes go on Firebase (docs/decisions/022), beyond the shared contract: they
 * are documents beside the folder, so the adapter takes them away with the creative, the folder and
 * the account, and the export carries them. Skipped with the reason when an emulator is missing.
 */
const [auth, firestore] = await Promise.all([probe('auth'), probe('firestore')]);
const missing = [auth, firestore].filter((p) => !p.available);
if (missing.length) reportSkip('tests/firebase/folder-notes.emulator.test.ts (folder notes on Firestore)', missing);

const FORM: CreativeInput = { ...VALID_FORM, name: 'Notée' };

describe.skipIf(missing.length > 0)('folder notes on the emulators', () => {
  const backend = backendOnEmulators({ auth, firestore });

  /** The ids of a folder's stored notes, read with the rules off. */
  async function storedNotes(folderId: string): Promise<string[]> {
    let ids: string[] = [];
    await backend().env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore() as unknown as Firestore;
      ids = (await getDocs(collection(db, 'folders', folderId, 'notes'))).docs.map((d) => d.id).sort();
    });
    return ids;
  }

  it('takes a note away with its creative, whether taken out or deleted, and with the folder', async () => {
    const owner = await backend().signedIn('user');
    const specialist = await backend().signedIn('specialist');
    const image = await backend().image();
    const kept = await specialist.gateway.creatives.submit({ ...FORM, name: 'Gardée' }, image);
    const out = await specialist.gateway.creatives.submit({ ...FORM, name: 'Retirée' }, image);
    const deleted = await specialist.gateway.creatives.submit({ ...FORM, name: 'Supprimée' }, image);
    const folder = await owner.gateway.folders.create('Pour le client');
    for (const c of [kept, out, deleted]) {
      await owner.gateway.folders.addCreative(folder.id, c.id);
      await owner.gateway.folders.setNote(folder.id, c.id, `Note sur ${c.name}`);
    }
    expect(await storedNotes(folder.id)).toEqual([kept.id, out.id, deleted.id].sort());

    await owner.gateway.folders.removeCreative(folder.id, out.id);
    await specialist.gateway.creatives.remove(deleted.id);
    const page = await owner.gateway.folders.creatives(folder.id, {});
    expect(page.items.map((c) => [c.id, c.note])).toEqual([[kept.id, 'Note sur Gardée']]);
    expect(await storedNotes(folder.id)).toEqual([kept.id]);

    await owner.gateway.folders.remove(folder.id);
    expect(await storedNotes(folder.id)).toEqual([]);
  });

  it("exports the notes with the folders, and 'Supprimer mon compte' takes them away", async () => {
    const me = await backend().signedIn('user');
    const specialist = await backend().signedIn('specialist');
    const creative = await specialist.gateway.creatives.submit({ ...FORM, name: 'Exportée' }, await backend().image());
    const other = await specialist.gateway.creatives.submit({ ...FORM, name: 'Sans note' }, await backend().image());
    const folder = await me.gateway.folders.create('Mon dossier');
    await me.gateway.folders.addCreative(folder.id, creative.id);
    await me.gateway.folders.addCreative(folder.id, other.id);
    await me.gateway.folders.setNote(folder.id, creative.id, 'Pour lundi');

    const data = JSON.parse(await (await me.gateway.myData.exportFile()).blob.text()) as MyDataExport;
    const exported = data.folders.find((f) => f.id === folder.id)?.creatives.map((c) => [c.creativeId, c.note]);
    expect(exported).toEqual([
      [creative.id, 'Pour lundi'],
      [other.id, null],
    ]);

    await me.gateway.myData.deleteAccount(me.password);
    expect(await storedNotes(folder.id)).toEqual([]);
  });
});
