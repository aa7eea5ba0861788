import { collection, doc, type CollectionReference, type DocumentData, type DocumentReference, type Firestore } from 'firebase/firestore';
import { isShareExpired, SHARE_TOKEN_PATTERN } from '@domain/shares';
import type { FolderShare } from '@domain/types';
import { isoOf, isoOrNull } from '../mappers';

/**
 * Where a share link lives (firestore.rules, "shares/{token}"):
 * - `shares/{token}`: the link itself — owner, folder, options, expiry; read by `get` only;
 * - `shares/{token}/content/{key}`: what it shows — `{folderName, creatives, notes}`;
 * - `…/content/{key}/analyses/{creativeId}`: the analyses, when the link includes them;
 * - `folders/{folderId}/shares/{token}`: the owner's key ring — `{contentKey, includeAnalysis, includeNotes}`.
 */
export const shareRef = (db: Firestore, token: string): DocumentReference => doc(db, 'shares', token);
export const contentRef = (db: Firestore, token: string, key: string): DocumentReference => doc(db, 'shares', token, 'content', key);
export const analysesOf = (content: DocumentReference): CollectionReference => collection(content, 'analyses');
export const keyRingOf = (folder: DocumentReference): CollectionReference => collection(folder, 'shares');

/** A token as links carry it; anything else is no link (never sent to Firestore). */
export const isShareToken = (token: string): boolean => SHARE_TOKEN_PATTERN.test(token);

/** The owner's entry for one link (their key ring). */
export interface KeyRingEntry {
  token: string;
  contentKey: string;
  includeAnalysis: boolean;
  includeNotes: boolean;
}

export function toKeyRingEntry(token: string, data: DocumentData): KeyRingEntry {
  return {
    token,
    contentKey: String(data.contentKey ?? ''),
    includeAnalysis: data.includeAnalysis === true,
    includeNotes: data.includeNotes === true,
  };
}

/** The link as its owner's list shows it; views are not counted in this mode (docs/decisions/026). */
export function toFolderShare(token: string, data: DocumentData): FolderShare {
  const expiresAt = isoOrNull(data.expiresAt);
  return {
    id: token,
    token,
    hasPassword: data.hasPassword === true,
    expiresAt,
    expired: isShareExpired(expiresAt),
    allowDownload: data.allowDownload === true,
    includeAnalysis: data.includeAnalysis === true,
    includeNotes: data.includeNotes === true,
    views: null,
    createdAt: isoOf(data.createdAt),
  };
}
