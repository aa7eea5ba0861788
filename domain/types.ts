import type { LengthClass, MediaFilterKey, ShapeClass } from './media-shape';
import type { Role } from './roles';
import type { CategoryKey, CreativeStatus, MediaType } from './vocabulary';

/** Shapes exchanged between the backends and the web app (spec §3). Dates are ISO strings. */
export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface Analysis {
  attention: string;
  interest: string;
  desire: string;
  bestPractices: string[];
  actions: string[];
}

export type Categories = Record<CategoryKey, string>;

/** `srcset` values of a picture's responsive variants, one per format (widths 320–1280). */
export interface ImageSources {
  avif: string;
  webp: string;
}

export interface Creative extends Categories {
  id: string;
  name: string;
  advertiser: string;
  mediaType: MediaType;
  /** Original media, or null when the creative has none ('Média non disponible'). */
  mediaUrl: string | null;
  /** Card-sized derivative (WebP) for images, poster for videos. */
  thumbUrl: string | null;
  posterUrl: string | null;
  /** Intrinsic size of the media, to reserve the aspect ratio before it loads. */
  width: number | null;
  height: number | null;
  /** Responsive AVIF/WebP variants of the picture (image, or a video's poster); absent when none were made. */
  sources?: ImageSources | null;
  /** Average colour of the picture (#rrggbb), shown while it loads; absent when unknown. */
  placeholderColor?: string | null;
  /** Older image URL field, used as a fallback when there is no mediaUrl. */
  image: string | null;
  likes: number;
  likedByMe: boolean;
  commentCount: number;
  createdAt: string;
  validated: boolean;
  status: CreativeStatus;
  submittedBy: string | null;
  submitter: { firstName: string; lastName: string } | null;
  isJuntoAngel: boolean;
  testedAndApproved: boolean;
  /** Null when the viewer may not read the analysis (visitors). */
  analysis: Analysis | null;
  /** First hook paragraphs for the gallery card, already truncated (spec §9). */
  analysisPreview: string[];
  isFeatured: boolean;
  featuredAt: string | null;
  analyzedBy: string | null;
  rating: number | null;
  rejectionReason: string | null;
  /** The suspected original found at submission (issue 18): set in the review queue only. */
  duplicateOf?: string | null;
  /** Aspect-ratio class of the media (domain/media-shape.ts); null when its size is unknown. */
  shape: ShapeClass | null;
  /** Duration class of a video; null for images and before the analysis read it. */
  lengthClass: LengthClass | null;
  /**
   * The words the media shows (OCR, one line per distinct line read; '' when none or not read yet). Given
   * by a creative's own page (the detail) only, never in lists, to keep the gallery's pages small.
   */
  mediaText?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** A search's page: the corrected term its results are for, when the typed one found nothing. */
  searchedFor?: string;
}

export interface Comment {
  id: string;
  creativeId: string;
  userId: string | null;
  userFirstName: string;
  userLastName: string;
  text: string;
  createdAt: string;
  likes: number;
  likedByMe: boolean;
}

export interface Folder {
  id: string;
  name: string;
  creativeIds: string[];
  createdAt: string;
}

/** A creative as its folder shows it: with the owner's private note (self-hosted), when there is one. */
export type FolderCreative = Creative & { note?: string | null };

/** A share link as its owner sees it (issue 18). */
export interface FolderShare {
  id: string;
  token: string;
  hasPassword: boolean;
  /** ISO instant; null: until revoked. */
  expiresAt: string | null;
  expired: boolean;
  allowDownload: boolean;
  includeAnalysis: boolean;
  includeNotes: boolean;
  /** Visitors' openings; null where nothing can count them honestly (Firebase mode, docs/decisions/026). */
  views: number | null;
  createdAt: string;
}

/** What a visitor of /partage/:token sees: the folder's name, the link's options, and a page of its approved creatives. */
export interface SharedFolderPage extends Page<FolderCreative> {
  folder: { name: string; allowDownload: boolean; includeAnalysis: boolean; includeNotes: boolean };
}

export interface LikeState {
  likes: number;
  liked: boolean;
}

/**
 * How many approved creatives each filter value would show (issue 17): per group, with `q` and the
 * OTHER groups' choices and flags applied (a shop's filters); each flag with everything else applied;
 * `total` with everything applied.
 */
export interface FacetCounts {
  total: number;
  categories: Record<CategoryKey, Record<string, number>>;
  /** Each shape and length class's count (domain/media-shape.ts). */
  media: Record<MediaFilterKey, Record<string, number>>;
  junto: number;
  tested: number;
}

export interface Highlights {
  creativeOfMonth: Creative | null;
  featured: Creative | null;
}

export interface ReviewCounts {
  pending: number;
  rejected: number;
}

export interface CountBucket {
  label: string;
  count: number;
  percent: number;
}

export interface Analytics {
  period: string;
  totals: {
    creatives: number;
    approved: number;
    pending: number;
    rejected: number;
    users: number;
    likes: number;
    comments: number;
  };
  analysedPercent: number;
  topContributors: { userId: string; name: string; count: number }[];
  breakdowns: Record<CategoryKey, CountBucket[]>;
}

export type SuggestionKind = 'advertiser' | 'tag' | 'creative';

/** One suggestion under the search box while typing (issue 17). */
export interface Suggestion {
  kind: SuggestionKind;
  /** What is shown (advertiser name, tag value, creative name), original accents and case. */
  label: string;
  /** kind 'tag': its group. */
  category?: CategoryKey;
  /** kind 'creative': its id. */
  id?: string;
}

/** One creative that a file about to be sent seems to duplicate (issue 18), as the viewer may see it. */
export interface DuplicateMatch {
  /** Same bytes as the file (SHA-256); otherwise a near duplicate of its picture. */
  exact: boolean;
  creative: Creative;
}

/** What the submit form learns about a chosen file before sending it. */
export interface DuplicateCheck {
  /** Creatives the viewer may open, best first (exact, then nearest). */
  matches: DuplicateMatch[];
  /** A creative the viewer may not open matches too: the warning is shown without its details. */
  hiddenMatch: boolean;
}

/** One signed-in browser of the current user (self-hosted: a better-auth session), for the account page. */
export interface DeviceSession {
  id: string;
  /** The User-Agent it signed in with (domain/user-agent.ts names it). */
  userAgent: string | null;
  createdAt: string;
  /** When the session was last renewed: accurate to a day (better-auth renews it at most daily). */
  lastActiveAt: string;
  /** The session of the browser asking. */
  current: boolean;
}
