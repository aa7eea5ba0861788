import { collection, query, where } from 'firebase/firestore';
import type { MyDataShareLink } from '@domain/my-data';
import { paths } from '@/config/paths';
import type { FirebaseContext } from '../context';
import { readQuery } from '../reads';
import { toFolderShare } from './refs';

/** Where the exported addresses point: this site (the page's origin), as the owner's dialog shows them. */
const siteOrigin = (): string => (typeof location === 'undefined' ? '' : location.origin);

/** A folder's links as 'Exporter mes données' lists them: the owner's own query, oldest first. */
export async function exportedShareLinks(ctx: FirebaseContext, uid: string, folderId: string): Promise<MyDataShareLink[]> {
  const links = await readQuery(
    ctx.reads,
    query(collection(ctx.db, 'shares'), where('userId', '==', uid), where('folderId', '==', folderId)),
  );
  return links.docs
    .map((d) => toFolderShare(d.id, d.data()))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((s) => ({
      url: `${siteOrigin()}${paths.share(s.token)}`,
      hasPassword: s.hasPassword,
      expiresAt: s.expiresAt,
      allowDownload: s.allowDownload,
      includeAnalysis: s.includeAnalysis,
      includeNotes: s.includeNotes,
      views: s.views,
      createdAt: s.createdAt,
    }));
}
