import {
  addDoc,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  type DocumentData,
  type DocumentReference,
} from 'firebase/firestore';
import { MSG } from '@domain/messages';
import { folderInput } from '@domain/schemas/folder';
import { matchesSearch } from '@domain/search';
import type { Creative, Folder } from '@domain/types';
import { GatewayError, type Gateway } from '../types';
import { dataOf, guard, requireUid, requireViewer, type FirebaseContext } from './context';
import { notFoundCreative, readCreativeDoc } from './creatives-shared';
import { gatewayError, validate } from './errors';
import { toCreative, toFolder } from './mappers';

/** Another user's folder is not found, not forbidden (nothing is revealed). */
const folderNotFound = () => gatewayError('NOT_FOUND', MSG.folderNotFound);

/** Most creatives one folder may hold (the rules say the same). */
export const FOLDER_CREATIVES_MAX = 500;

/**
 * Personal folders (spec §7): `folders/{id}` {userId, name, creatives[], createdAt}, read where
 * userId equals the user; the rules keep every folder to its owner.
 */
export function firebaseFolders(ctx: FirebaseContext): Gateway['folders'] {
  const col = () => collection(ctx.db, 'folders');

  function folderRef(id: string): DocumentReference {
    if (!id || id.includes('/') || id.length > 1500) throw folderNotFound();
    return doc(col(), id);
  }

  /** The caller's folder, or MSG.folderNotFound (missing, or another user's: the rules refuse it). */
  async function ownFolder(uid: string, id: string): Promise<{ ref: DocumentReference; data: DocumentData }> {
    const ref = folderRef(id);
    const snap = await guard(ctx, () => getDoc(ref), { deniedIsNotFound: true, notFoundMessage: MSG.folderNotFound });
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
      const snap = await guard(ctx, () => getDocs(query(col(), where('userId', '==', uid), orderBy('createdAt', 'asc'))));
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
      return readFolder(uid, id);
    },

    async remove(id) {
      const uid = await requireUid(ctx);
      const { ref } = await ownFolder(uid, id);
      await guard(ctx, () => deleteDoc(ref));
    },

    async creatives(id, q) {
      const uid = await requireUid(ctx);
      const { ref, data } = await ownFolder(uid, id);
      const ids = toFolder(id, data).creativeIds;
      const gone: string[] = [];
      const found = await Promise.all(
        ids.map(async (creativeId): Promise<Creative | null> => {
          try {
            return toCreative(creativeId, await readCreativeDoc(ctx, creativeId), { uid });
          } catch (err) {
            if (err instanceof GatewayError && err.code === 'NOT_FOUND') gone.push(creativeId);
            return null;
          }
        }),
      );
      // Creatives deleted since they were filed leave the folder (the owner may write it).
      if (gone.length) {
        await updateDoc(ref, { creatives: arrayRemove(...gone) }).catch((err: unknown) =>
          ctx.log('[firebase] could not tidy a folder', err),
        );
      }
      const term = q.q?.trim() ?? '';
      return found.filter((c): c is Creative => c !== null && c.status === 'approved' && matchesSearch(c, term));
    },

    async addCreative(id, creativeId) {
      const uid = await requireUid(ctx);
      const { ref, data } = await ownFolder(uid, id);
      const creative = await readCreativeDoc(ctx, creativeId);
      if (creative.status !== 'approved') throw notFoundCreative();
      const already = Array.isArray(data.creatives) && data.creatives.includes(creativeId);
      if (!already) {
        if ((data.creatives?.length ?? 0) >= FOLDER_CREATIVES_MAX) {
          throw gatewayError('VALIDATION', `Un dossier contient au plus ${FOLDER_CREATIVES_MAX} créatives`);
        }
        await guard(ctx, () => updateDoc(ref, { creatives: arrayUnion(creativeId) }));
      }
      return readFolder(uid, id);
    },

    async removeCreative(id, creativeId) {
      const uid = await requireUid(ctx);
      const { ref } = await ownFolder(uid, id);
      await guard(ctx, () => updateDoc(ref, { creatives: arrayRemove(creativeId) }));
      return readFolder(uid, id);
    },
  };
}
