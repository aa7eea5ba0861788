import { doc, type DocumentReference } from 'firebase/firestore';
import { commitAll, guard, type BatchOp, type FirebaseContext } from '../context';
import { readDocument, readQuery } from '../reads';
import { analysesOf, contentRef, keyRingOf, shareRef, toKeyRingEntry, type KeyRingEntry } from './refs';

/**
 * The writes that revoke a link: its analyses and its copy, its key-ring entry, then the link
 * itself last (the rules of the others read it to know its owner). The analyses are those of the
 * creatives the copy lists (one read of the copy, when the link includes them).
 */
export async function revocationWrites(ctx: FirebaseContext, folder: DocumentReference, entry: KeyRingEntry): Promise<BatchOp[]> {
  const content = contentRef(ctx.db, entry.token, entry.contentKey);
  let listed: string[] = [];
  if (entry.includeAnalysis) {
    const copy = await readDocument(ctx.reads, content).catch(() => null);
    const creatives: unknown = copy?.data()?.creatives;
    listed = Array.isArray(creatives) ? creatives.filter((id): id is string => typeof id === 'string') : [];
  }
  return [
    ...listed.map(
      (id): BatchOp =>
        (b) =>
          b.delete(doc(analysesOf(content), id)),
    ),
    (b) => b.delete(content),
    (b) => b.delete(doc(keyRingOf(folder), entry.token)),
    (b) => b.delete(shareRef(ctx.db, entry.token)),
  ];
}

/** Revokes every link of a folder about to be deleted (one billed read when it has none). */
export async function deleteFolderShares(ctx: FirebaseContext, folder: DocumentReference): Promise<void> {
  const ring = await guard(ctx, () => readQuery(ctx.reads, keyRingOf(folder)));
  for (const d of ring.docs) {
    const ops = await revocationWrites(ctx, folder, toKeyRingEntry(d.id, d.data()));
    await guard(ctx, () => commitAll(ctx, ops));
  }
}
