import { collection, doc, query, serverTimestamp, Timestamp, where, type DocumentReference } from 'firebase/firestore';
import { MSG } from '@domain/messages';
import { shareInputWith } from '@domain/schemas/share';
import { SHARE_PASSWORD_MIN_UNCOUNTED_TRIES, SHARES_PER_FOLDER_MAX } from '@domain/shares';
import type { Gateway } from '../../types';
import { commitAll, dataOf, guard, requireUid, type BatchOp, type FirebaseContext } from '../context';
import { gatewayError, validate } from '../errors';
import { readDocument, readQuery } from '../reads';
import { contentWrites, folderState, readExtras, type FolderState } from './content';
import { contentKey, newShareToken } from './keys';
import { keyRingOf, shareRef, toFolderShare, toKeyRingEntry, type KeyRingEntry } from './refs';
import { revocationWrites } from './teardown';

/** The shortest password of a new link in this mode: nothing counts a visitor's tries (docs/decisions/026). */
export const FIREBASE_SHARE_PASSWORD_MIN = SHARE_PASSWORD_MIN_UNCOUNTED_TRIES;
const newShareInput = shareInputWith(FIREBASE_SHARE_PASSWORD_MIN);

const folderNotFound = () => gatewayError('NOT_FOUND', MSG.folderNotFound);

/** The caller's folder as its links copy it, or 'Dossier introuvable' (missing, or another user's: the rules refuse it). */
async function ownFolder(ctx: FirebaseContext, uid: string, id: string): Promise<FolderState> {
  if (!id || id.includes('/') || id.length > 1500) throw folderNotFound();
  const ref = doc(ctx.db, 'folders', id);
  const snap = await guard(ctx, () => readDocument(ctx.reads, ref), { deniedIsNotFound: true, notFoundMessage: MSG.folderNotFound });
  const data = snap.exists() ? dataOf(snap) : null;
  if (!data || data.userId !== uid) throw folderNotFound();
  return folderState(ref, data);
}

async function keyRing(ctx: FirebaseContext, folder: DocumentReference): Promise<KeyRingEntry[]> {
  const snap = await guard(ctx, () => readQuery(ctx.reads, keyRingOf(folder)));
  return snap.docs.map((d) => toKeyRingEntry(d.id, d.data()));
}

/**
 * The owner's side of share links (docs/decisions/026): a link is made in one batch — its key-ring
 * entry, the link, and the copy of the folder it shows (notes and analyses only if chosen) —, is
 * listed by a query on the caller's own uid (the only `list` the rules allow), and revoked by
 * deleting all of it.
 */
export function shareOwner(ctx: FirebaseContext): Pick<Gateway['shares'], 'list' | 'create' | 'revoke'> {
  return {
    async list(folderId) {
      const uid = await requireUid(ctx);
      const links = query(collection(ctx.db, 'shares'), where('userId', '==', uid), where('folderId', '==', folderId));
      const [, snap] = await Promise.all([ownFolder(ctx, uid, folderId), guard(ctx, () => readQuery(ctx.reads, links))]);
      return snap.docs.map((d) => toFolderShare(d.id, dataOf(d))).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async create(folderId, input) {
      // Signed in is enough here: the rules ask for a member (a profile) and the folder's owner.
      const uid = await requireUid(ctx);
      const data = validate(newShareInput, input);
      const folder = await ownFolder(ctx, uid, folderId);
      if ((await keyRing(ctx, folder.ref)).length >= SHARES_PER_FOLDER_MAX) {
        throw gatewayError('CONFLICT', MSG.tooManyItems(SHARES_PER_FOLDER_MAX));
      }
      const token = newShareToken();
      const entry: KeyRingEntry = {
        token,
        contentKey: await contentKey(token, data.password ?? ''),
        includeAnalysis: data.includeAnalysis,
        includeNotes: data.includeNotes,
      };
      const head = {
        userId: uid,
        folderId,
        hasPassword: Boolean(data.password),
        expiresAt: data.expiresAt ? Timestamp.fromDate(new Date(data.expiresAt)) : null,
        allowDownload: data.allowDownload,
        includeAnalysis: data.includeAnalysis,
        includeNotes: data.includeNotes,
        createdAt: serverTimestamp(),
      };
      const extras = await readExtras(ctx, folder, [entry]);
      const { token: _token, ...ringData } = entry;
      // One batch for the entry, the link and its copy (the rules check each against the others).
      const ops: BatchOp[] = [
        (b) => b.set(doc(keyRingOf(folder.ref), token), ringData),
        (b) => b.set(shareRef(ctx.db, token), head),
        ...contentWrites(ctx.db, entry, folder, extras),
      ];
      await guard(ctx, () => commitAll(ctx, ops));
      const made = await guard(ctx, () => readDocument(ctx.reads, shareRef(ctx.db, token)));
      return toFolderShare(token, dataOf(made));
    },

    async revoke(folderId, shareId) {
      const uid = await requireUid(ctx);
      const folder = await ownFolder(ctx, uid, folderId);
      const notFound = () => gatewayError('NOT_FOUND', MSG.shareNotFound);
      if (!shareId || shareId.includes('/') || shareId.length > 1500) throw notFound();
      const snap = await guard(ctx, () => readDocument(ctx.reads, doc(keyRingOf(folder.ref), shareId)));
      if (!snap.exists()) throw notFound();
      const ops = await revocationWrites(ctx, folder.ref, toKeyRingEntry(shareId, snap.data()));
      await guard(ctx, () => commitAll(ctx, ops));
    },
  };
}
