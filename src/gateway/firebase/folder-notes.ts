import {
  arrayRemove,
  collection,
  deleteDoc,
  doc,
  documentId,
  query,
  setDoc,
  where,
  type CollectionReference,
  type DocumentReference,
} from 'firebase/firestore';
import type { Creative, FolderCreative } from '@domain/types';
import { chunks, commitAll, guard, type BatchOp, type FirebaseContext } from './context';
import { readQuery } from './reads';
import { deleteFolderShares } from './shares/teardown';

/** Firestore's most values in one `in` filter. */
const IN_MAX = 30;

/**
 * The owner's private notes on the creatives of a folder (docs/decisions/022):
 * `folders/{folderId}/notes/{creativeId}` = `{ note }`, the text as `noteInput` leaves it (trimmed,
 * 1 to NOTE_MAX characters); no note is no document. The rules give them to the folder's owner
 * only, written only on a creative the folder holds; they leave with the creative and with the folder.
 */
export function notesOf(folder: DocumentReference): CollectionReference {
  return collection(folder, 'notes');
}

const noteRef = (folder: DocumentReference, creativeId: string) => doc(notesOf(folder), creativeId);

function deletion(ref: DocumentReference): BatchOp {
  return (b) => b.delete(ref);
}

/** Saves a parsed note on a creative of the folder; '' removes it. */
export async function writeNote(
  ctx: FirebaseContext,
  folder: DocumentReference,
  creativeId: string,
  note: string,
): Promise<{ note: string | null }> {
  const ref = noteRef(folder, creativeId);
  if (note === '') {
    await guard(ctx, () => deleteDoc(ref));
    return { note: null };
  }
  await guard(ctx, () => setDoc(ref, { note }));
  return { note };
}

/** The creatives of a page with their notes (null: none), one query per IN_MAX of them. */
export async function withNotes(ctx: FirebaseContext, folder: DocumentReference, creatives: Creative[]): Promise<FolderCreative[]> {
  const notes = new Map<string, string>();
  const snaps = await Promise.all(
    chunks(
      creatives.map((c) => c.id),
      IN_MAX,
    ).map((ids) => guard(ctx, () => readQuery(ctx.reads, query(notesOf(folder), where(documentId(), 'in', ids))))),
  );
  for (const d of snaps.flatMap((snap) => snap.docs)) {
    const note: unknown = d.data().note;
    if (typeof note === 'string') notes.set(d.id, note);
  }
  return creatives.map((c) => ({ ...c, note: notes.get(c.id) ?? null }));
}

/** Takes creatives out of the folder, their notes with them (one batch for a few). */
export function removeFromFolder(ctx: FirebaseContext, folder: DocumentReference, creativeIds: string[]): Promise<void> {
  return commitAll(ctx, [
    (b) => b.update(folder, { creatives: arrayRemove(...creativeIds) }),
    ...creativeIds.map((id) => deletion(noteRef(folder, id))),
  ]);
}

/**
 * Deletes each folder after its share links and its notes: their rules read the folder to know the
 * owner, so they go first (the notes in the same batch at the latest).
 */
export async function deleteFolders(ctx: FirebaseContext, folders: DocumentReference[]): Promise<void> {
  for (const folder of folders) {
    await deleteFolderShares(ctx, folder);
    const notes = await readQuery(ctx.reads, notesOf(folder));
    await commitAll(ctx, [...notes.docs.map((d) => deletion(d.ref)), deletion(folder)]);
  }
}
