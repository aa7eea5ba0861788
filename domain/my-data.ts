import { zonedDate } from './calendar';

/**
 * "Exporter mes données" (issue 19, RGPD articles 15 and 20): one JSON document of what the
 * account holds. Both backends build this shape; `sections` lists every list of the document, in
 * order — a new kind of personal data is one more entry there and in the backends' section lists.
 */
export const MY_DATA_FORMAT = 'creatheque-mes-donnees';
export const MY_DATA_VERSION = 1;

/** Rows read per query while an export is written (keyset batches: a heavy account is never read at once). */
export const MY_DATA_BATCH = 500;

export interface MyDataProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  createdAt: string;
}

export interface MyDataLike {
  creativeId: string;
  /** The creative's name (its title in the library). */
  title: string;
  likedAt: string;
}

export interface MyDataCommentLike {
  commentId: string;
  creativeId: string;
  /** Null where the backend keeps no date for it (Firebase: `likedBy` lists). */
  likedAt: string | null;
}

export interface MyDataComment {
  id: string;
  creativeId: string;
  creativeTitle: string;
  text: string;
  createdAt: string;
  likes: number;
}

export interface MyDataFolderEntry {
  creativeId: string;
  title: string;
  addedAt: string | null;
  note: string | null;
}

export interface MyDataShareLink {
  url: string;
  hasPassword: boolean;
  expiresAt: string | null;
  allowDownload: boolean;
  includeAnalysis: boolean;
  includeNotes: boolean;
  /** null where views are not counted (Firebase mode, docs/decisions/026). */
  views: number | null;
  createdAt: string;
}

export interface MyDataFolder {
  id: string;
  name: string;
  createdAt: string | null;
  creatives: MyDataFolderEntry[];
  shareLinks: MyDataShareLink[];
}

export interface MyDataSubmission {
  id: string;
  name: string;
  advertiser: string;
  status: string;
  rejectionReason: string | null;
  mediaType: string;
  mediaUrl: string | null;
  createdAt: string;
}

/** One notification of the centre, with the sentence the panel shows. */
export interface MyDataNotification {
  id: string;
  type: string;
  /** 'Votre créative « … » a été approuvée', as in the panel. */
  text: string;
  creativeId: string;
  commentId: string | null;
  reason: string | null;
  createdAt: string;
  read: boolean;
}

/** The lists of the document, in the order they are written. */
export interface MyDataSections {
  likes: MyDataLike[];
  commentLikes: MyDataCommentLike[];
  comments: MyDataComment[];
  folders: MyDataFolder[];
  submissions: MyDataSubmission[];
  notifications: MyDataNotification[];
}

export type MyDataSection = keyof MyDataSections;

export interface MyDataExport extends MyDataSections {
  format: typeof MY_DATA_FORMAT;
  version: typeof MY_DATA_VERSION;
  exportedAt: string;
  profile: MyDataProfile;
}

/** The name of the saved file: creatheque-mes-donnees-YYYY-MM-DD.json, the day in France. */
export function myDataFileName(now: Date): string {
  const { year, month, day } = zonedDate(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${MY_DATA_FORMAT}-${year}-${two(month)}-${two(day)}.json`;
}

/** The document's header: everything but the lists. */
export function myDataHeader(profile: MyDataProfile, now: Date): Omit<MyDataExport, MyDataSection> {
  return { format: MY_DATA_FORMAT, version: MY_DATA_VERSION, exportedAt: now.toISOString(), profile };
}
