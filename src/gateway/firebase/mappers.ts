import { Timestamp, type DocumentData } from 'firebase/firestore';
import { asLength, asShape, type LengthClass, type ShapeClass } from '@domain/media-shape';
import { isRole } from '@domain/roles';
import type { Analysis, Comment, Creative, Folder, User } from '@domain/types';
import type { CategoryKey, CreativeStatus, MediaType } from '@domain/vocabulary';

/**
 * Firestore documents ↔ domain shapes (spec §3). A creative stores each category as the chosen
 * values joined by ', ', `likes` + `likedBy` (uids), `comments` (count), `createdAt` (Timestamp),
 * and the fields creative-document.ts derives; its analysis is a separate, members-only document.
 */
export interface CreativeDoc extends Record<CategoryKey, string> {
  name: string;
  advertiser: string;
  mediaUrl: string | null;
  /** Storage path of the uploaded media (to delete it with the creative); null for URL-only creatives. */
  mediaPath: string | null;
  mediaType: MediaType;
  image: string | null;
  posterUrl: string | null;
  width: number | null;
  height: number | null;
  likes: number;
  likedBy: string[];
  comments: number;
  /** Id of the comment whose creation last raised `comments` (lets the rules check each +1). */
  lastCommentId?: string;
  createdAt: Timestamp;
  validated: boolean;
  status: CreativeStatus;
  submittedBy: string | null;
  isJuntoAngel: boolean;
  testedAndApproved: boolean;
  /** The home card's preview of the analysis (spec §9), the one part visitors may see. */
  analysisPreview: string[];
  hasAnalysis: boolean;
  facets: string[];
  searchKeys: string[];
  isFeatured: boolean;
  featuredAt: Timestamp | null;
  analyzedBy: string | null;
  rating: number | null;
  rejectionReason: string | null;
  /** The words read in the media (the submitter's browser, or the staff's correction); searched by `searchKeys`. */
  mediaText?: string;
  shape?: ShapeClass | null;
  lengthClass?: LengthClass | null;
}

export interface UserDoc {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  createdAt: string;
}

export interface CommentDoc {
  userId: string | null;
  creativeId: string;
  text: string;
  createdAt: Timestamp;
  userFirstName: string;
  userLastName: string;
  likes: number;
  likedBy: string[];
}

export interface FolderDoc {
  userId: string;
  name: string;
  creatives: string[];
  createdAt: Timestamp;
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A Firestore Timestamp (or an ISO string, or a Date) as an ISO string; epoch when absent. */
export function isoOf(value: unknown): string {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'toDate' in value && typeof (value as Timestamp).toDate === 'function') {
    return (value as Timestamp).toDate().toISOString();
  }
  return new Date(0).toISOString();
}

export function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : isoOf(value);
}

export function toUser(id: string, data: DocumentData): User {
  return {
    id,
    firstName: str(data.firstName),
    lastName: str(data.lastName),
    email: str(data.email),
    role: isRole(data.role) ? data.role : 'user',
    createdAt: isoOf(data.createdAt),
  };
}

/** An analysis document (`creatives/{id}/private/analysis`); a missing one is an empty analysis. */
export function analysisFromDoc(data: DocumentData | undefined): Analysis {
  const a = (data ?? {}) as Record<string, unknown>;
  return {
    attention: str(a.attention),
    interest: str(a.interest),
    desire: str(a.desire),
    bestPractices: strings(a.bestPractices),
    actions: strings(a.actions),
  };
}

export interface ViewerRef {
  /** The signed-in viewer's uid, or null for a visitor. */
  uid: string | null;
}

/**
 * The domain creative as this viewer may see it. The creative document never holds the analysis:
 * it is given here only by the callers that read its private document for a member (the detail),
 * lists and cards show the stored preview.
 */
export function toCreative(
  id: string,
  data: DocumentData,
  viewer: ViewerRef,
  submitter: { firstName: string; lastName: string } | null = null,
  analysis: Analysis | null = null,
): Creative {
  const image = strOrNull(data.image);
  const mediaType: MediaType = data.mediaType === 'video' ? 'video' : 'image';
  const original = strOrNull(data.mediaUrl) ?? image;
  const posterUrl = strOrNull(data.posterUrl);
  const likedBy = strings(data.likedBy);
  const status: CreativeStatus = data.status === 'approved' || data.status === 'rejected' ? data.status : 'pending';
  return {
    id,
    name: str(data.name),
    advertiser: str(data.advertiser),
    mediaType,
    mediaUrl: original,
    thumbUrl: mediaType === 'image' ? original : posterUrl,
    posterUrl,
    width: numOrNull(data.width),
    height: numOrNull(data.height),
    image,
    format: str(data.format),
    objective: str(data.objective),
    type: str(data.type),
    sector: str(data.sector),
    platform: str(data.platform),
    likes: num(data.likes),
    likedByMe: viewer.uid !== null && likedBy.includes(viewer.uid),
    commentCount: num(data.comments),
    createdAt: isoOf(data.createdAt),
    validated: data.validated === true,
    status,
    submittedBy: strOrNull(data.submittedBy),
    submitter,
    isJuntoAngel: data.isJuntoAngel === true,
    testedAndApproved: data.testedAndApproved === true,
    analysis,
    analysisPreview: strings(data.analysisPreview),
    isFeatured: data.isFeatured === true,
    featuredAt: isoOrNull(data.featuredAt),
    analyzedBy: strOrNull(data.analyzedBy),
    rating: numOrNull(data.rating),
    rejectionReason: strOrNull(data.rejectionReason),
    shape: asShape(data.shape),
    lengthClass: asLength(data.lengthClass),
  };
}

/** The words read in a creative's media as stored ('' when none were read, or before there was a text). */
export const mediaTextOf = (data: DocumentData): string => (typeof data.mediaText === 'string' ? data.mediaText : '');

/** A creative's own page: toCreative with the text read in its media (lists leave it out). */
export function toCreativeDetail(...args: Parameters<typeof toCreative>): Creative {
  return { ...toCreative(...args), mediaText: mediaTextOf(args[1]) };
}

export function toComment(id: string, data: DocumentData, viewer: ViewerRef): Comment {
  const likedBy = strings(data.likedBy);
  return {
    id,
    creativeId: str(data.creativeId),
    userId: strOrNull(data.userId),
    userFirstName: str(data.userFirstName),
    userLastName: str(data.userLastName),
    text: str(data.text),
    createdAt: isoOf(data.createdAt),
    likes: num(data.likes),
    likedByMe: viewer.uid !== null && likedBy.includes(viewer.uid),
  };
}

/** A folder; its creatives most recently added first (the array keeps the order of addition). */
export function toFolder(id: string, data: DocumentData): Folder {
  return {
    id,
    name: str(data.name),
    creativeIds: [...strings(data.creatives)].reverse(),
    createdAt: isoOf(data.createdAt),
  };
}
