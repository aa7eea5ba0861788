import { doc, type DocumentData, type DocumentReference } from 'firebase/firestore';
import { commitAll, dataOf, guard, type BatchOp, type FirebaseContext } from '../context';
import { analysisRef } from '../creatives-shared';
import { notesOf } from '../folder-notes';
import { readDocument, readQuery } from '../reads';
import { analysesOf, contentRef, keyRingOf, toKeyRingEntry, type KeyRingEntry } from './refs';

/** A folder as its links copy it: its name and its creatives' ids in the stored order (oldest first). */
export interface FolderState {
  ref: DocumentReference;
  name: string;
  creatives: string[];
}

export function folderState(ref: DocumentReference, data: DocumentData): FolderState {
  const creatives = Array.isArray(data.creatives) ? data.creatives.filter((id): id is string => typeof id === 'string') : [];
  return { ref, name: typeof data.name === 'string' ? data.name : '', creatives };
}

/** What the copies of a folder's links need beyond the folder: its notes and its creatives' analyses, read once for all. */
export interface Extras {
  notes: Record<string, string>;
  analyses: Map<string, DocumentData>;
}

/** The owner's notes (one read each, one when there are none) and analyses (one read each) that `entries` include. */
export async function readExtras(ctx: FirebaseContext, folder: FolderState, entries: readonly KeyRingEntry[]): Promise<Extras> {
  const notes: Record<string, string> = {};
  const analyses = new Map<string, DocumentData>();
  if (entries.some((e) => e.includeNotes)) {
    const snap = await guard(ctx, () => readQuery(ctx.reads, notesOf(folder.ref)));
    for (const d of snap.docs) {
      const note: unknown = d.data().note;
      if (typeof note === 'string' && folder.creatives.includes(d.id)) notes[d.id] = note;
    }
  }
  if (entries.some((e) => e.includeAnalysis)) {
    await Promise.all(
      folder.creatives.map(async (id) => {
        // A creative the owner can no longer read (deleted, no longer approved) has none to copy.
        const snap = await readDocument(ctx.reads, analysisRef(ctx, id)).catch(() => null);
        if (snap?.exists()) analyses.set(id, snap.data());
      }),
    );
  }
  return { notes, analyses };
}

/**
 * The writes that make a link's copy the folder as it is: the content (notes only if the link
 * includes them), then its analyses (only if it includes them), and the analyses of creatives
 * that have left the folder (`previous`: the ids the copy listed) deleted.
 */
export function contentWrites(
  db: FirebaseContext['db'],
  entry: KeyRingEntry,
  folder: FolderState,
  extras: Extras,
  previous: readonly string[] = [],
): BatchOp[] {
  const content = contentRef(db, entry.token, entry.contentKey);
  const ops: BatchOp[] = [
    (b) => b.set(content, { folderName: folder.name, creatives: folder.creatives, notes: entry.includeNotes ? extras.notes : {} }),
  ];
  if (!entry.includeAnalysis) return ops;
  for (const id of folder.creatives) {
    const analysis = extras.analyses.get(id);
    if (analysis) ops.push((b) => b.set(doc(analysesOf(content), id), analysis));
  }
  for (const id of previous.filter((id) => !folder.creatives.includes(id))) ops.push((b) => b.delete(doc(analysesOf(content), id)));
  return ops;
}

/**
 * After the owner wrote a folder: each of its links' copies made the folder as it is now (read
 * again). One billed read when it has no link (the empty key ring); else the key ring, the folder,
 * the notes and analyses the links include, and the copy of each link including the analyses.
 */
export async function refreshShares(ctx: FirebaseContext, folderRef: DocumentReference): Promise<void> {
  const ring = await guard(ctx, () => readQuery(ctx.reads, keyRingOf(folderRef)));
  if (ring.empty) return;
  const entries = ring.docs.map((d) => toKeyRingEntry(d.id, d.data()));
  const folderSnap = await guard(ctx, () => readDocument(ctx.reads, folderRef));
  if (!folderSnap.exists()) return;
  const folder = folderState(folderRef, dataOf(folderSnap));
  const extras = await readExtras(ctx, folder, entries);
  const ops: BatchOp[] = [];
  for (const entry of entries) {
    let previous: string[] = [];
    if (entry.includeAnalysis) {
      const copy = await guard(ctx, () => readDocument(ctx.reads, contentRef(ctx.db, entry.token, entry.contentKey)));
      previous = copy.exists() ? folderState(folderRef, copy.data()).creatives : [];
    }
    ops.push(...contentWrites(ctx.db, entry, folder, extras, previous));
  }
  await guard(ctx, () => commitAll(ctx, ops));
}
