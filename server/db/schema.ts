import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BAND_WIDTHS, bandShifts } from '@domain/perceptual-hash';
import {
  type ExtraConfigColumn,
  bigint,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
/**
 * An index column in the order our queries ask for: `ORDER BY x DESC` means DESC NULLS FIRST in
 * PostgreSQL, while Drizzle's `.desc()` alone writes DESC NULLS LAST — an index PostgreSQL then
 * cannot use for that ORDER BY (tests/query-plans.test.ts guards every list query).
 */
const newestFirst = (column: ExtraConfigColumn) => column.desc().nullsFirst();

/** A PostgreSQL text-search document (migration 0007: the `fr_search` configuration, kept by a trigger). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Band i of a perceptual hash column, the expression its index is built on (domain/perceptual-hash.ts). */
export function bandExpressions(phash: SQLWrapper): SQL[] {
  return BAND_WIDTHS.map((width, i) => {
    const shift = bandShifts()[i]!;
    const mask = sql.raw(String(2 ** width - 1));
    return shift ? sql`((${phash} >> ${sql.raw(String(shift))}) & ${mask})` : sql`(${phash} & ${mask})`;
  });
}

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/* ── Accounts (better-auth tables; `user` carries the profile of spec §3) ───────────────── */

export const user = pgTable(
  'user',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_recent_idx').on(newestFirst(t.createdAt), newestFirst(t.id)),
    // The recipients of a new pending creative's notification (migration 0013).
    index('user_staff_idx')
      .on(t.role)
      .where(sql`${t.role} in ('specialist', 'admin')`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: id(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/* ── Media metadata (spec §3 "Stored file metadata") ─────────────────────────────────────── */

export const media = pgTable('media', {
  id: id(),
  bucket: text('bucket').notNull().default('local'),
  /** Path of the original inside the bucket: creatives/{timestamp}-{random}.{ext} */
  name: text('name').notNull().unique(),
  size: bigint('size', { mode: 'number' }).notNull(),
  contentType: text('content_type').notNull(),
  originalName: text('original_name').notNull(),
  /** Upload time in milliseconds, as in the custom metadata of spec §3. */
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  width: integer('width'),
  height: integer('height'),
  /** Card-sized WebP derivative (images) or poster (videos), inside the bucket. */
  thumbName: text('thumb_name'),
  posterName: text('poster_name'),
  /** Widths of the responsive AVIF + WebP variants (server/media/derivatives.ts); null before they are made. */
  variantWidths: integer('variant_widths').array(),
  /** Average colour of the picture, #rrggbb. */
  placeholderColor: text('placeholder_color'),
  /**
   * Width of the link-preview JPEG `…-og.jpg` (server/media/derivatives.ts openGraphDerivative), recorded
   * once the file is written; null before it is made (npm run media:backfill) or when there is no picture.
   */
  ogWidth: integer('og_width'),
  /** Length of a video in milliseconds, read by the media analysis (server/analysis); null for images and before it ran. */
  durationMs: integer('duration_ms'),
  createdAt: createdAt(),
});

/* ── Creatives ───────────────────────────────────────────────────────────────────────────── */

export const creatives = pgTable(
  'creatives',
  {
    id: id(),
    name: text('name').notNull(),
    advertiser: text('advertiser').notNull(),
    /** Lower-cased, accent-free "name advertiser", for search (domain/search.ts). */
    searchText: text('search_text').notNull().default(''),
    /**
     * French full-text documents, written by the trigger of migration 0007 (never by the app): name (A),
     * advertiser (B) and tag values (C) for everyone; the same plus the analysis (D) for members.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    memberSearchVector: tsvector('member_search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    mediaId: text('media_id').references(() => media.id, { onDelete: 'set null' }),
    mediaType: text('media_type').notNull().default('image'),
    /** Older image URL field (admin form), used as a fallback when there is no media. */
    image: text('image'),
    formats: text('formats')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    objectives: text('objectives')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    types: text('types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sectors: text('sectors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The filter values as bits (migrations 0009, 0020, domain/facets.ts: lo = bits 0–31, hi = 32–63), written by a trigger. */
    facetLo: integer('facet_lo').notNull().default(0),
    facetHi: integer('facet_hi').notNull().default(0),
    /** Always equal to the number of rows in creative_likes (updated in the same transaction). */
    likes: integer('likes').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    status: text('status').notNull().default('pending'),
    validated: boolean('validated').notNull().default(false),
    submittedBy: text('submitted_by').references(() => user.id, { onDelete: 'set null' }),
    isJuntoAngel: boolean('is_junto_angel').notNull().default(false),
    testedAndApproved: boolean('tested_and_approved').notNull().default(false),
    attention: text('attention').notNull().default(''),
    interest: text('interest').notNull().default(''),
    desire: text('desire').notNull().default(''),
    bestPractices: jsonb('best_practices').$type<string[]>().notNull().default([]),
    actions: jsonb('actions').$type<string[]>().notNull().default([]),
    isFeatured: boolean('is_featured').notNull().default(false),
    featuredAt: timestamp('featured_at', { withTimezone: true, mode: 'date' }),
    analyzedBy: text('analyzed_by'),
    rating: integer('rating'),
    rejectionReason: text('rejection_reason'),
    /** Duplicate detection (migration 0011, domain/perceptual-hash.ts): SHA-256 of the upload as sent, hex. */
    mediaSha256: text('media_sha256'),
    /** dHash of the image or the video's poster, as a signed 64-bit integer. */
    phash: bigint('phash', { mode: 'bigint' }),
    /** The suspected original found at submission (no foreign key: a deleted original just stops being linked). */
    duplicateOf: text('duplicate_of'),
    /**
     * What is inside the media (migration 0019, domain/media-shape.ts, server/analysis): its aspect-ratio
     * class (from the media's width and height), a video's duration class, and the words it shows (OCR,
     * normalised, one line per distinct line read; the staff may correct them). `mediaAnalysedAt` is set
     * when the analysis wrote its result: `npm run media:analyse` queues the creatives where it is null.
     */
    shape: text('shape'),
    lengthClass: text('length_class'),
    mediaText: text('media_text').notNull().default(''),
    mediaAnalysedAt: timestamp('media_analysed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The gallery reads approved creatives only: partial indexes in each sort's exact order.
    index('creatives_approved_recent_idx')
      .on(newestFirst(t.createdAt), newestFirst(t.id))
      .where(sql`${t.status} = 'approved'`),
    index('creatives_approved_likes_idx')
      .on(newestFirst(t.likes), newestFirst(t.createdAt), newestFirst(t.id))
      .where(sql`${t.status} = 'approved'`),
    // Validation queues (pending, rejected) and 'Mes créas'.
    index('creatives_status_recent_idx').on(t.status, newestFirst(t.createdAt), newestFirst(t.id)),
    index('creatives_submitter_idx').on(t.submittedBy, t.status, newestFirst(t.createdAt), newestFirst(t.id)),
    // A stored file → its creative (who may see it: server/services/media-access.ts); also the
    // `on delete set null` of a media row, which would otherwise scan every creative.
    index('creatives_media_idx').on(t.mediaId),
    // The creatives the media analysis has not read yet (npm run media:analyse), oldest first.
    index('creatives_unanalysed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.mediaAnalysedAt} is null`),
    // Full-text search of the gallery (approved only), the public document and the members' one.
    index('creatives_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.status} = 'approved'`),
    index('creatives_member_search_vector_idx')
      .using('gin', t.memberSearchVector)
      .where(sql`${t.status} = 'approved'`),
    // Names of approved creatives by word prefix (migration 0008, suggestions while typing).
    index('creatives_name_words_idx')
      .using('gin', sql`suggest_document(${t.name})`)
      .where(sql`${t.status} = 'approved'`),
    index('creatives_formats_idx').using('gin', t.formats),
    index('creatives_objectives_idx').using('gin', t.objectives),
    index('creatives_types_idx').using('gin', t.types),
    index('creatives_sectors_idx').using('gin', t.sectors),
    index('creatives_platforms_idx').using('gin', t.platforms),
    // Duplicate detection (migration 0011): exact by hash of the upload, near by any equal band of the dHash.
    // The band indexes also INCLUDE (phash, id) in the migration (index-only lookups), which Drizzle cannot declare.
    index('creatives_media_sha256_idx')
      .on(t.mediaSha256)
      .where(sql`${t.mediaSha256} is not null`),
    ...bandExpressions(t.phash).map((band, i) =>
      index(`creatives_phash_band${i}_idx`)
        .on(band)
        .where(sql`${t.phash} is not null`),
    ),
    uniqueIndex('creatives_one_featured_idx')
      .on(t.isFeatured)
      .where(sql`${t.isFeatured}`),
  ],
);

/**
 * Every word (lower-case, accent-free, ≥ 3 letters) that appeared in a creative's name, advertiser or tag
 * values, for correcting a search's typos (services/creatives/search-terms.ts). Filled by the trigger of
 * migration 0007; words are never removed (a stale word only proposes a correction that finds nothing).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** At most one row: a new random version with every change to the approved creatives' filter values (migration 0009). */
/** Which history of the catalogue the database holds (migration 0018): a new epoch after a restore or a bulk load. */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey().default(1),
  epoch: text('epoch')
    .notNull()
    .default(sql`gen_random_uuid()::text`),
});

export const facetState = pgTable('facet_state', {
  id: integer('id').primaryKey().default(1),
  version: text('version')
    .notNull()
    .default(sql`gen_random_uuid()::text`),
});

export const creativeLikes = pgTable(
  'creative_likes',
  {
    creativeId: text('creative_id')
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.creativeId, t.userId] }),
    index('creative_likes_user_idx').on(t.userId, newestFirst(t.createdAt), newestFirst(t.creativeId)),
  ],
);

/* ── Comments ────────────────────────────────────────────────────────────────────────────── */

export const comments = pgTable(
  'comments',
  {
    id: id(),
    creativeId: text('creative_id')
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    userFirstName: text('user_first_name').notNull(),
    userLastName: text('user_last_name').notNull(),
    text: text('text').notNull(),
    likes: integer('likes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_creative_idx').on(t.creativeId, newestFirst(t.createdAt), newestFirst(t.id)),
    // A user's own comments (migration 0014): their data export, and their removal with the account.
    index('comments_user_idx').on(t.userId, newestFirst(t.createdAt), newestFirst(t.id)),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);

/* ── Folders ─────────────────────────────────────────────────────────────────────────────── */

export const folders = pgTable(
  'folders',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('folders_user_idx').on(t.userId, t.createdAt)],
);

export const folderCreatives = pgTable(
  'folder_creatives',
  {
    folderId: text('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    creativeId: text('creative_id')
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    /** The owner's private note on this creative in this folder (≤ NOTE_MAX characters; null: none). */
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.folderId, t.creativeId] }),
    index('folder_creatives_creative_idx').on(t.creativeId),
    index('folder_creatives_recent_idx').on(t.folderId, newestFirst(t.addedAt), newestFirst(t.creativeId)),
  ],
);

/**
 * Share links of a folder (issue 18, services/shares): a random `token` opens /partage/:token to
 * anyone holding it — the folder's approved creatives, with what the options include. Revoking a
 * link deletes its row. `password_hash`: scrypt (services/shares/share-password.ts), null without one.
 */
export const folderShares = pgTable(
  'folder_shares',
  {
    id: id(),
    folderId: text('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }),
    allowDownload: boolean('allow_download').notNull().default(false),
    includeAnalysis: boolean('include_analysis').notNull().default(false),
    includeNotes: boolean('include_notes').notNull().default(false),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('folder_shares_folder_idx').on(t.folderId, t.createdAt)],
);

/* ── Notifications (issue 19) ─────────────────────────────────────────────────────────────── */

/**
 * The notification centre (services/notifications): one row per recipient and event, written in the
 * transaction of the action. Likes of one comment group into its recipient's one unread row
 * (`actor_ids`, oldest first; unique partial index), which a like after it was read starts anew.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    creativeId: text('creative_id')
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    commentId: text('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    actorIds: text('actor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reason: text('reason'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date', precision: 3 }),
  },
  (t) => [
    // The list (keyset, newest first) and the unread count, in their queries' order.
    index('notifications_user_recent_idx').on(t.userId, newestFirst(t.createdAt), newestFirst(t.id)),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // The one unread like notification of a comment per recipient (grouping, upsert target).
    uniqueIndex('notifications_unread_like_idx')
      .on(t.userId, t.commentId)
      .where(sql`${t.type} = 'comment_like' and ${t.readAt} is null`),
    // The cascades of a creative or comment deletion, and a deleted user leaving the actors.
    index('notifications_creative_idx').on(t.creativeId),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('notifications_actors_idx').using('gin', t.actorIds),
  ],
);

/** Per-type e-mail choices (domain/notifications.ts); no row: the role's defaults. */
export const notificationPrefs = pgTable('notification_prefs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/* ── Suggestions while typing (issue 17) ──────────────────────────────────────────────────── */

/**
 * Advertisers (kind 'advertiser') and tag values (kind = the category key) with the number `n` of
 * approved creatives carrying them, kept exact by the triggers of migration 0008 (rows reaching 0 are
 * deleted); read by services/creatives/suggestions.service.ts. Never written by the app.
 */
export const suggestionTerms = pgTable(
  'suggestion_terms',
  {
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    n: integer('n').notNull(),
    /** suggest_document(label): its words, matched by prefix. */
    words: tsvector('words').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.label] }), index('suggestion_terms_words_idx').using('gin', t.words)],
);

/* ── Analytics rollups (spec §9) ──────────────────────────────────────────────────────────── */

/**
 * Counts behind the analytics page, kept exact by the triggers of migration 0003 (read by
 * services/analytics.service.ts): `n` rows of `kind`/`key` created on the Europe/Paris calendar
 * `day`, plus all-time rows on day '-infinity'. Kinds: status (key = status), analysed (key ''),
 * contributor (key = submitted_by, '' when null), format/objective/type/sector/platform (key = the
 * value), users/likes/comments (key = one of 8 stripes, to be summed). Never written by the app.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.key] })],
);

export const schema = {
  user,
  session,
  account,
  verification,
  media,
  creatives,
  searchWords,
  facetState,
  catalogueState,
  creativeLikes,
  comments,
  commentLikes,
  folders,
  folderCreatives,
  folderShares,
  notifications,
  notificationPrefs,
  analyticsDaily,
  suggestionTerms,
};
