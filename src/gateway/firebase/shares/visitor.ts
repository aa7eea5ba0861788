import { doc, type DocumentData } from 'firebase/firestore';
import { downloadFileName } from '@domain/download';
import { folderReadmeTitle, folderZipName } from '@domain/folder-zip';
import { FOLDER_PAGE_SIZE } from '@domain/limits';
import { MSG } from '@domain/messages';
import { unlockInput } from '@domain/schemas/share';
import { isShareExpired } from '@domain/shares';
import type { Creative, FolderCreative } from '@domain/types';
import { GatewayError, type Gateway } from '../../types';
import { guard, type FirebaseContext } from '../context';
import { creativeRef, notFoundCreative } from '../creatives-shared';
import { buildCreativesZip, type FetchFile } from '../creatives-zip';
import { gatewayError, validate } from '../errors';
import { analysisFromDoc, isoOrNull, toCreative } from '../mappers';
import { readDocument } from '../reads';
import { contentKey, type UnlockedKeys } from './keys';
import { sharedPage } from './paging';
import { analysesOf, contentRef, isShareToken, shareRef } from './refs';

/** A link that opens: its options and the copy its key gave. */
export interface OpenLink {
  token: string;
  head: DocumentData;
  content: { ref: ReturnType<typeof contentRef>; folderName: string; creatives: string[]; notes: Record<string, string> };
}

const notFound = () => gatewayError('NOT_FOUND', MSG.shareNotFound);
const passwordRequired = () => gatewayError('PASSWORD_REQUIRED', MSG.sharePasswordRequired);

/** What a visitor may see of a creative: never who submitted it; the analysis only when the link includes it. */
function forVisitor(creative: Creative, link: OpenLink, note: string | null): FolderCreative {
  return {
    ...creative,
    submittedBy: null,
    submitter: null,
    likedByMe: false,
    ...(link.head.includeAnalysis === true ? {} : { analysis: null, analysisPreview: [], analyzedBy: null, rating: null }),
    note: link.head.includeNotes === true ? note : null,
  };
}

/**
 * The visitor's side of share links (docs/decisions/026): the link (`get`), then its copy under the
 * key the password gives (kept by `unlock` for this tab), then the approved creatives it lists,
 * each read as anyone reads an approved creative. Unknown or revoked: NOT_FOUND; expired: GONE
 * (the rules refuse its copy as well); protected and not unlocked here: PASSWORD_REQUIRED.
 */
export function shareVisitor(
  ctx: FirebaseContext,
  keys: UnlockedKeys,
  fetchFile: FetchFile,
): Omit<Gateway['shares'], 'list' | 'create' | 'revoke'> {
  async function readHead(token: string): Promise<DocumentData> {
    if (!isShareToken(token)) throw notFound();
    const snap = await guard(ctx, () => readDocument(ctx.reads, shareRef(ctx.db, token)), {
      deniedIsNotFound: true,
      notFoundMessage: MSG.shareNotFound,
    });
    const head = snap.data();
    if (!head) throw notFound();
    if (isShareExpired(isoOrNull(head.expiresAt))) throw gatewayError('GONE', MSG.shareExpired);
    return head;
  }

  async function open(token: string): Promise<OpenLink> {
    const head = await readHead(token);
    const key = head.hasPassword === true ? keys.get(token) : await contentKey(token, '');
    if (!key) throw passwordRequired();
    const ref = contentRef(ctx.db, token, key);
    const snap = await guard(ctx, () => readDocument(ctx.reads, ref), { deniedIsNotFound: true, notFoundMessage: MSG.shareNotFound });
    const data = snap.data();
    if (!data) {
      // A key kept from another link of the same token cannot be: a missing copy is a link gone.
      if (head.hasPassword === true) keys.forget(token);
      throw head.hasPassword === true ? passwordRequired() : notFound();
    }
    const creatives = Array.isArray(data.creatives) ? data.creatives.filter((id): id is string => typeof id === 'string') : [];
    const notes = (typeof data.notes === 'object' && data.notes !== null ? data.notes : {}) as Record<string, string>;
    return { token, head, content: { ref, folderName: String(data.folderName ?? ''), creatives, notes } };
  }

  /** One approved creative of the link, as anyone reads it; null when it is not (any more). */
  async function readShared(link: OpenLink, id: string): Promise<FolderCreative | null> {
    const snap = await guard(ctx, () => readDocument(ctx.reads, creativeRef(ctx, id)), { deniedIsNotFound: true }).catch((err: unknown) => {
      if (err instanceof GatewayError && err.code === 'NOT_FOUND') return null; // refused: no longer approved
      throw err;
    });
    const data = snap?.data();
    if (!data || data.status !== 'approved') return null;
    return forVisitor(toCreative(id, data, { uid: null }), link, link.content.notes[id] ?? null);
  }

  async function sharedCreative(link: OpenLink, id: string): Promise<FolderCreative> {
    if (!link.content.creatives.includes(id)) throw notFoundCreative();
    const creative = await readShared(link, id);
    if (!creative) throw notFoundCreative();
    return creative;
  }

  function requireDownloads(link: OpenLink): void {
    if (link.head.allowDownload !== true) throw gatewayError('FORBIDDEN', MSG.shareDownloadNotAllowed);
  }

  return {
    async folder(token, cursor) {
      const link = await open(token);
      const page = await sharedPage(link.content.creatives, cursor, FOLDER_PAGE_SIZE, (id) => readShared(link, id));
      const { head } = link;
      return {
        folder: {
          name: link.content.folderName,
          allowDownload: head.allowDownload === true,
          includeAnalysis: head.includeAnalysis === true,
          includeNotes: head.includeNotes === true,
        },
        ...page,
      };
    },

    async creative(token, creativeId) {
      const link = await open(token);
      const creative = await sharedCreative(link, creativeId);
      if (link.head.includeAnalysis !== true) return creative;
      const analysis = await guard(ctx, () => readDocument(ctx.reads, doc(analysesOf(link.content.ref), creativeId)));
      return { ...creative, analysis: analysis.exists() ? analysisFromDoc(analysis.data()) : null };
    },

    async unlock(token, password) {
      const input = validate(unlockInput, { password });
      const head = await readHead(token);
      if (head.hasPassword !== true) return;
      const key = await contentKey(token, input.password);
      // A wrong password gives a key with no copy: one billed read per try (docs/decisions/026).
      const snap = await guard(ctx, () => readDocument(ctx.reads, contentRef(ctx.db, token, key)), { deniedIsNotFound: true });
      if (!snap.exists()) {
        throw gatewayError('WRONG_PASSWORD', MSG.sharePasswordWrong, { password: MSG.sharePasswordWrong });
      }
      keys.set(token, key);
    },

    async download(token, creative) {
      const link = await open(token);
      requireDownloads(link);
      const shared = await sharedCreative(link, creative.id);
      const url = shared.mediaUrl ?? shared.image;
      if (!url) throw gatewayError('NOT_FOUND', MSG.mediaUnavailable);
      const res = await fetchFile(url).catch((err: unknown) => {
        ctx.log('[firebase] shared download failed', err);
        throw gatewayError('INTERNAL', MSG.downloadError);
      });
      if (!res.ok) throw gatewayError(res.status === 404 ? 'NOT_FOUND' : 'INTERNAL', MSG.downloadError);
      const blob = await res.blob();
      return { blob, fileName: downloadFileName(shared.name, blob.type || res.headers.get('content-type')) };
    },

    // No server to stream it: the archive is built in the page, as the owner's (creatives-zip.ts).
    async downloadZip(token) {
      const link = await open(token);
      requireDownloads(link);
      const read = await Promise.all([...link.content.creatives].reverse().map((id) => readShared(link, id)));
      const shown = read.filter((c): c is FolderCreative => c !== null);
      try {
        const blob = await buildCreativesZip(shown, folderReadmeTitle(link.content.folderName), fetchFile);
        return { kind: 'blob', blob, fileName: folderZipName(link.content.folderName) };
      } catch (err) {
        ctx.log('[firebase] shared folder zip failed', err);
        throw err instanceof GatewayError ? err : gatewayError('INTERNAL', MSG.downloadError);
      }
    },
  };
}
