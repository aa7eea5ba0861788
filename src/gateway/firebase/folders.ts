import {
  addDoc,
  arrayUnion,
  collection,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  type DocumentData,
  type DocumentReference,
} from 'firebase/firestore';
import { folderReadmeTitle, folderZipName } from '@domain/folder-zip';
import { FOLDER_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { folderInput } from '@domain/schemas/folder';
import { noteInput } from '@domain/schemas/share';
import { matchesSearch } from '@domain/search';
import type { Creative, Folder } from '@domain/types';
import { GatewayError, type Gateway } from '../types';
import { dataOf, guard, requireUid, requireViewer, type FirebaseContext } from './context';
import { notFoundCreative, readCreativeDoc } from './creatives-shared';
import { gatewayError, validate } from './errors';
import { deleteFolders, removeFromFolder, withNotes, writeNote } from './folder-notes';
import { toCreative, toFolder } from './mappers';
import { buildCreativesZip, type FetchFile } from './creatives-zip';
import { refreshShares } from './shares/index';
import { collectPage, decodeCursor, encodeCursor, type ScanBatch, type ScanPosition } from './paging';
import { readDocument, readQuery } from './reads';
import { refOrNotFound } from './transactions';

/** Another user's folder is not found, not forbidden (nothing is revealed). */
const folderNotFound = () => gatewayError('NOT_FOUND', MSG.folderNotFound);

/** Creatives read at most for one page of a folder searched with ?q (past it, the page ends early with a cursor). */
export const FOLDER_SEARCH_MAX_SCANNED = 240;

/**
 * Where a folder's listing stopped: the last creative read and its index in the folder's list.
 * The list (spec §3: `creatives`, appended by arrayUnion) is oldest first, so pages walk it from
 * the end. When that creative has left the folder since, its index still says where to go on:
 * removing it (or newer ones) does not move the older ones.
 */
function resumeIndex(ids: string[], after: ScanPosition | null): number {
  if (!after) return ids.length - 1;
  const [id, index] = after as [string, number];
  const at = ids.lastIndexOf(id);
  return (at >= 0 ? at : Math.min(index, ids.length)) - 1;
}

/**
 * Personal folders (spec §7): `folders/{id}` {userId, name, creatives[], createdAt}, read where
 * userId equals the user, with the owner's notes beside them (folder-notes.ts); the rules keep
 * every folder and its notes to its owner. Each write of a folder refreshes its share links' copies
 * (shares/content.ts; one read when it has none).
 */
export function firebaseFolders(ctx: FirebaseContext, fetchFile: FetchFile = (url) => fetch(url)): Gateway['folders'] {
  const col = () => collection(ctx.db, 'folders');

  const folderRef = (id: string): DocumentReference => refOrNotFound(ctx, 'folders', id, folderNotFound);

  /** The caller's folder, or MSG.folderNotFound (missing, or another user's: the rules refuse it). */
  async function ownFolder(uid: string, id: string): Promise<{ ref: DocumentReference; data: DocumentData }> {
    const ref = folderRef(id);
    const snap = await guard(ctx, () => readDocument(ctx.reads, ref), { deniedIsNotFound: true, notFoundMessage: MSG.folderNotFound });
    const data = snap.exists() ? dataOf(snap) : null;
    if (!data || data.userId !== uid) throw folderNotFound();
    return { ref, data };
  }

  async function readFolder(uid: string, id: string): Promise<Folder> {
    const { data } = await ownFolder(uid, id);
    return toFolder(id, data);
  }

  return {
    async list() {
      const uid = await requireUid(ctx);
      const snap = await guard(ctx, () => readQuery(ctx.reads, query(col(), where('userId', '==', uid), orderBy('createdAt', 'asc'))));
      return snap.docs.map((d) => toFolder(d.id, dataOf(d)));
    },

    async create(name) {
      const viewer = await requireViewer(ctx, 'folder:manage');
      const input = validate(folderInput, { name });
      const ref = await guard(ctx, () =>
        addDoc(col(), { userId: viewer.id, name: input.name, creatives: [], createdAt: serverTimestamp() }),
      );
      return readFolder(viewer.id, ref.id);
    },

    async rename(id, name) {
      const uid = await requireUid(ctx);
      const input = validate(folderInput, { name });
      const { ref } = await ownFolder(uid, id);
      await guard(ctx, () => updateDoc(ref, { name: input.name }));
      await refreshShares(ctx, ref);
      return readFolder(uid, id);
    },

    async remove(id) {
      const uid = await requireUid(ctx);
      const { ref } = await ownFolder(uid, id);
      await guard(ctx, () => deleteFolders(ctx, [ref]));
    },

    async creatives(id, q) {
      const uid = await requireUid(ctx);
      const { ref, data } = await ownFolder(uid, id);
      // Oldest first, as stored (toFolder gives them newest first).
      const ids = [...toFolder(id, data).creativeIds].reverse();
      const term = q.q?.trim() ?? '';
      const gone: string[] = [];
      // Firestore cannot query "the creatives whose ids are in this list, in the list's order":
      // the folder's list is read at once (one document) and its creatives one page at a time.
      const read = async (after: ScanPosition | null, size: number): Promise<ScanBatch<Creative | null>> => {
        const from = resumeIndex(ids, after);
        const slice: { creativeId: string; index: number }[] = [];
        for (let i = from; i >= 0 && slice.length < size; i--) slice.push({ creativeId: ids[i]!, index: i });
        const items = await Promise.all(
          slice.map(async ({ creativeId, index }) => {
            let creative: Creative | null = null;
            try {
              creative = toCreative(creativeId, await readCreativeDoc(ctx, creativeId), { uid });
            } catch (err) {
              // Not readable: deleted since it was filed (it leaves the folder), or not approved any more.
              if (err instanceof GatewayError && err.code === 'NOT_FOUND') gone.push(creativeId);
            }
            return { value: creative, position: [creativeId, index] as ScanPosition };
          }),
        );
        return { items, exhausted: from - slice.length < 0 };
      };
      const page = await collectPage(
        read,
        (c) => c !== null && c.status === 'approved' && matchesSearch(c, term),
        decodeCursor(q.cursor, ['string', 'number']),
        {
          pageSize: FOLDER_PAGE_SIZE,
          batchSize: term ? FOLDER_PAGE_SIZE * 2 : FOLDER_PAGE_SIZE + 1,
          maxScanned: term ? FOLDER_SEARCH_MAX_SCANNED : Number.POSITIVE_INFINITY,
        },
      );
      // Creatives deleted since they were filed leave the folder (the owner may write it).
      if (gone.length) {
        await removeFromFolder(ctx, ref, gone)
          .then(() => refreshShares(ctx, ref))
          .catch((err: unknown) => ctx.log('[firebase] could not tidy a folder', err));
      }
      const shown = page.items.filter((c): c is Creative => c !== null);
      return { items: await withNotes(ctx, ref, shown), nextCursor: encodeCursor(page.next) };
    },

    async addCreative(id, creativeId) {
      const uid = await requireUid(ctx);
      const { ref, data } = await ownFolder(uid, id);
      const creative = await readCreativeDoc(ctx, creativeId);
      if (creative.status !== 'approved') throw notFoundCreative();
      const already = Array.isArray(data.creatives) && data.creatives.includes(creativeId);
      if (!already) await guard(ctx, () => updateDoc(ref, { creatives: arrayUnion(creativeId) }));
      if (!already) await refreshShares(ctx, ref);
      return readFolder(uid, id);
    },

    // No server to stream it: the archive is built in the page from the Storage files (creatives-zip.ts).
    async downloadZip(target, onProgress) {
      const uid = await requireUid(ctx);
      const { data } = await ownFolder(uid, target.id);
      const folder = toFolder(target.id, data);
      const read = await Promise.all(
        folder.creativeIds.map(async (creativeId) => {
          try {
            return toCreative(creativeId, await readCreativeDoc(ctx, creativeId), { uid });
          } catch (err) {
            if (err instanceof GatewayError && err.code === 'NOT_FOUND') return null;
            throw err;
          }
        }),
      );
      const shown = read.filter((c): c is Creative => c !== null && c.status === 'approved');
      try {
        const blob = await buildCreativesZip(shown, folderReadmeTitle(folder.name), fetchFile, onProgress);
        return { kind: 'blob', blob, fileName: folderZipName(folder.name) };
      } catch (err) {
        ctx.log('[firebase] folder zip failed', err);
        throw err instanceof GatewayError ? err : gatewayError('INTERNAL', MSG.downloadError);
      }
    },

    async removeCreative(id, creativeId) {
      const uid = await requireUid(ctx);
      const { ref } = await ownFolder(uid, id);
      await guard(ctx, () => removeFromFolder(ctx, ref, [creativeId]));
      await refreshShares(ctx, ref);
      return readFolder(uid, id);
    },

    // As the server: a note only on a creative the folder holds, else 'Créative non trouvée'.
    async setNote(id, creativeId, note) {
      const uid = await requireUid(ctx);
      const input = validate(noteInput, { note });
      const { ref, data } = await ownFolder(uid, id);
      if (!toFolder(id, data).creativeIds.includes(creativeId)) throw notFoundCreative();
      const saved = await writeNote(ctx, ref, creativeId, input.note);
      await refreshShares(ctx, ref);
      return saved;
    },
  };
}
