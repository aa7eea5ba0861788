import type { z } from 'zod';
import type { ErrorCode, FieldErrors } from '@domain/errors';
import type { adminCreativeInput, CreativeInputData } from '@domain/schemas/creative';
import type {
  LoginInput,
  PasswordChangeInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  ProfileInput,
  RegisterInput,
} from '@domain/schemas/auth';
import type { Role } from '@domain/roles';
import type { ShareInput } from '@domain/schemas/share';
import type { GallerySort, MediaFilters } from '@domain/gallery-filters';
import type { AppNotification, NotificationEmailPrefs } from '@domain/notifications';
import type { CategoryKey, CreativeStatus } from '@domain/vocabulary';
import type {
  Analytics,
  Comment,
  Creative,
  DeviceSession,
  DuplicateCheck,
  FacetCounts,
  Folder,
  FolderCreative,
  FolderShare,
  Highlights,
  LikeState,
  Page,
  ReviewCounts,
  SharedFolderPage,
  Suggestion,
  User,
} from '@domain/types';

export type { Suggestion, SuggestionKind } from '@domain/types';

/** What a backend reports when a call fails; pages show `message` (French) or the field errors. */
export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldErrors;

  constructor(code: ErrorCode, message: string, status: number, fields: FieldErrors = {}) {
    super(message);
    this.name = 'GatewayError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

/** 'relevance' ranks a search (the default with a term); a backend without it lists newest first. */
export type { GallerySort };

export interface GalleryQuery {
  sort?: GallerySort;
  q?: string;
  filters?: Partial<Record<CategoryKey, string[]>>;
  /** The chosen shape and length classes (`?shape=9:16&length=le6`). */
  media?: MediaFilters;
  isJuntoAngel?: boolean;
  testedAndApproved?: boolean;
  cursor?: string | null;
}

/** Fields of the submit / edit form once validated (domain/schemas/creative.ts). */
export type CreativeInput = CreativeInputData;

/**
 * What the browser read in a picked file before sending it (Firebase mode, where no server reads the
 * media: docs/firebase.md): the text shown in it (lines merged across a video's frames) and its size
 * and duration. The HTTP backend ignores it: its server reads the stored media itself.
 */
export interface MediaReading {
  text: string;
  width: number | null;
  height: number | null;
  /** A video's duration; null for an image or when the browser could not tell. */
  durationMs: number | null;
}

/** Fields of the simple admin form (/admin/submit). */
export type AdminCreativeInput = z.output<typeof adminCreativeInput>;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface AnalyticsPeriodQuery {
  period: string;
}

export type Unsubscribe = () => void;

/** How far an archive built in the page has got: `done` of `total` files fetched. */
export interface ZipProgress {
  done: number;
  total: number;
}

/**
 * A folder's ZIP, ready for the browser to save: the server's address, which the browser's own
 * downloader streams to disk (http), or an archive built in the page (firebase).
 */
export type FolderZip = { kind: 'url'; url: string } | { kind: 'blob'; blob: Blob; fileName: string };

/** Which page of a list: none (or null) for the first, else the previous page's `nextCursor`. */
export interface PageQuery {
  cursor?: string | null;
}

/** The user administration list: search on 'first last' or e-mail, role chips (none = all). */
export interface UserListQuery extends PageQuery {
  q?: string;
  role?: Role[];
}

/**
 * The only seam between the web app and a backend. The http adapter talks to server/; the
 * firebase adapter to Firebase Auth, Firestore and Storage. Both pass tests/contract/.
 */
export interface Gateway {
  /** What this backend can do beyond the common contract (the UI hides what it cannot). */
  features: {
    /** Ranks a search by relevance ('Pertinence'); otherwise a search lists newest first. */
    relevanceSort: boolean;
    /** Counts the creatives behind each filter value (`creatives.facets`); otherwise the filters show none. */
    facetCounts: boolean;
    /** Share links of a folder and the public page /partage/:token (`shares`); otherwise no 'Partager'. */
    folderShares: boolean;
    /** The shortest password a new share link takes (domain/shares.ts): longer where no server counts the tries. */
    sharePasswordMin: number;
    /** A private note per creative per folder (`folders.setNote`); otherwise no 'Note'. */
    folderNotes: boolean;
    /** Checks a chosen file against the library before sending (`creatives.checkDuplicates`, issue 18). */
    duplicateCheck: boolean;
    /** The account page's signed-in devices and 'Déconnecter les autres appareils' (`auth.sessions`); otherwise hidden. */
    deviceSessions: boolean;
    /**
     * `auth.sessions` lists every signed-in device (self-hosted); otherwise this device only
     * (Firebase Auth cannot list the others) and the button stays offered.
     */
    otherDevicesListed: boolean;
  };
  auth: {
    getSession(): Promise<User | null>;
    login(input: LoginInput): Promise<User>;
    register(input: RegisterInput): Promise<User>;
    logout(): Promise<void>;
    updateProfile(input: ProfileInput): Promise<User>;
    changePassword(input: PasswordChangeInput): Promise<void>;
    /** 'Mot de passe oublié ?': mails a reset link; resolves the same whether or not an account has the address. */
    requestPasswordReset(input: PasswordResetRequestInput): Promise<void>;
    /** Sets the new password with the link's token (Firebase: its oobCode); GONE when the link is used or expired. */
    resetPassword(input: PasswordResetInput): Promise<void>;
    /** The signed-in user's sessions (features.deviceSessions). */
    sessions(): Promise<DeviceSession[]>;
    /** Ends every session of the user but this browser's (features.deviceSessions). */
    revokeOtherSessions(): Promise<void>;
  };
  creatives: {
    list(query: GalleryQuery): Promise<Page<Creative>>;
    highlights(): Promise<Highlights>;
    get(id: string): Promise<Creative>;
    like(id: string): Promise<LikeState>;
    unlike(id: string): Promise<LikeState>;
    favorites(query: { q?: string; cursor?: string | null }): Promise<Page<Creative>>;
    download(creative: Creative): Promise<{ blob: Blob; fileName: string }>;
    /** `reading`: what the browser read in the file (Firebase mode); the text, shape and length class are stored from it. */
    submit(input: CreativeInput, file: File, onProgress?: (p: UploadProgress) => void, reading?: MediaReading | null): Promise<Creative>;
    update(
      id: string,
      input: CreativeInput,
      file?: File | null,
      onProgress?: (p: UploadProgress) => void,
      reading?: MediaReading | null,
    ): Promise<Creative>;
    remove(id: string): Promise<void>;
    adminCreate(input: AdminCreativeInput): Promise<Creative>;
    /** Top 8 advertisers, tag values and names of approved creatives whose words start with `q`'s (issue 17). */
    suggest(q: string): Promise<Suggestion[]>;
    /** Up to 6 approved creatives sharing the most tag values with creative `id` (issue 17). */
    similar(id: string): Promise<Creative[]>;
    /** How many approved creatives each filter value would show with the rest of the view (features.facetCounts). */
    facets(query: GalleryQuery): Promise<FacetCounts>;
    /** Creatives the file seems to duplicate, before it is sent (features.duplicateCheck). */
    checkDuplicates(file: File): Promise<DuplicateCheck>;
  };
  review: {
    /** A page of the queue, newest first. */
    list(status: Exclude<CreativeStatus, 'approved'>, page?: PageQuery): Promise<Page<Creative>>;
    counts(): Promise<ReviewCounts>;
    approve(id: string): Promise<Creative>;
    reject(id: string, reason: string): Promise<Creative>;
    feature(id: string, input: { analyzedBy: string; rating: number }): Promise<Creative>;
    /** Live number of pending creatives (specialist, admin). */
    watchPendingCount(onCount: (count: number) => void): Unsubscribe;
  };
  agency: {
    /** A page of the agency's own pending or rejected creatives, newest first. */
    list(status: Exclude<CreativeStatus, 'approved'>, page?: PageQuery): Promise<Page<Creative>>;
    counts(): Promise<ReviewCounts>;
  };
  comments: {
    /** A page of the creative's comments, newest first. */
    list(creativeId: string, page?: PageQuery): Promise<Page<Comment>>;
    add(creativeId: string, text: string): Promise<Comment>;
    like(commentId: string): Promise<LikeState>;
    unlike(commentId: string): Promise<LikeState>;
    remove(commentId: string): Promise<void>;
  };
  folders: {
    list(): Promise<Folder[]>;
    create(name: string): Promise<Folder>;
    rename(id: string, name: string): Promise<Folder>;
    remove(id: string): Promise<void>;
    /** A page of the folder's approved creatives, most recently added first, with the search. */
    creatives(id: string, query: { q?: string; cursor?: string | null }): Promise<Page<FolderCreative>>;
    addCreative(id: string, creativeId: string): Promise<Folder>;
    removeCreative(id: string, creativeId: string): Promise<Folder>;
    /** The owner's private note on a creative of the folder; '' removes it (features.folderNotes). */
    setNote(id: string, creativeId: string, note: string): Promise<{ note: string | null }>;
    /**
     * The folder's approved creatives' originals as one ZIP with a README.txt (domain/folder-zip.ts).
     * Rejects (GatewayError) before anything is saved when the archive cannot be had; `onProgress`
     * is called only where the archive is built in the page.
     */
    downloadZip(folder: Folder, onProgress?: (p: ZipProgress) => void): Promise<FolderZip>;
  };
  /** Share links of a folder (owner) and what a link opens (anyone holding it); features.folderShares. */
  shares: {
    list(folderId: string): Promise<FolderShare[]>;
    create(folderId: string, input: ShareInput): Promise<FolderShare>;
    revoke(folderId: string, shareId: string): Promise<void>;
    /** The shared folder's page; the first one (no cursor) counts a view. PASSWORD_REQUIRED, NOT_FOUND or GONE otherwise. */
    folder(token: string, cursor?: string | null): Promise<SharedFolderPage>;
    creative(token: string, creativeId: string): Promise<FolderCreative>;
    /** Gives the password: this browser may then read that link (WRONG_PASSWORD, RATE_LIMITED otherwise). */
    unlock(token: string, password: string): Promise<void>;
    /** The original of a shared creative, when the link allows downloads. */
    download(token: string, creative: Creative): Promise<{ blob: Blob; fileName: string }>;
    /** The shared folder as the owner's ZIP would be, when the link allows downloads. */
    downloadZip(token: string): Promise<FolderZip>;
  };
  /** The signed-in user's own data (issue 19, RGPD): export it, delete the account. */
  myData: {
    /** "Exporter mes données": the JSON document of domain/my-data.ts, ready to save. */
    exportFile(): Promise<{ blob: Blob; fileName: string }>;
    /**
     * "Supprimer mon compte": checks the password (WRONG_PASSWORD, nothing deleted), removes the
     * account as an admin's deletion does (docs/decisions/002), and signs out.
     */
    deleteAccount(password: string): Promise<void>;
  };
  users: {
    /** A page of the users, newest first; the cursor continues the same search. */
    list(query?: UserListQuery): Promise<Page<User>>;
    setRole(id: string, role: Role): Promise<User>;
    remove(id: string): Promise<void>;
  };
  analytics: {
    get(query: AnalyticsPeriodQuery): Promise<Analytics>;
  };
  /** The signed-in user's own notifications (issue 19): the bell, its panel and the e-mail choices. */
  notifications: {
    /** A page of them, newest first. */
    list(page?: PageQuery): Promise<Page<AppNotification>>;
    markRead(id: string): Promise<void>;
    /** 'Tout marquer comme lu'. */
    markAllRead(): Promise<void>;
    /** Live number of unread ones: called at once, then on every change. */
    watchUnreadCount(onCount: (count: number) => void): Unsubscribe;
    /** Per-type e-mail choices, over the role's defaults. */
    emailPrefs(): Promise<NotificationEmailPrefs>;
    setEmailPrefs(changes: Partial<NotificationEmailPrefs>): Promise<NotificationEmailPrefs>;
  };
}
