/** Business constants and limits of spec §9, in one place. */
export const PAGE_SIZE = 12;
export const NAME_MAX = 35;
export const ADVERTISER_MAX = 35;
export const DEFAULT_ADVERTISER = 'Non connu';
export const PASSWORD_MIN = 6;
/** better-auth's limit too (server/auth/auth.ts): a longer password is refused by the form, not by a 500. */
export const PASSWORD_MAX = 128;
/** A password reset link works once, for this long (issue 19). */
export const RESET_LINK_TTL_SECONDS = 60 * 60;
export const REJECTION_REASON_MAX = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Largest picture decoded from an upload (an image, or a video's frame): a small file can claim or
 * decompress to a huge bitmap (3 bytes a pixel), so the size is checked from the header first.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MAX_SIDE = 10_000;
export const TOAST_DURATION_MS = 5000;
export const AGENCY_REDIRECT_MS = 3000;
export const TOP_CONTRIBUTORS = 6;
export const PREVIEW_PARAGRAPHS = 3;
export const PREVIEW_PARAGRAPH_CHARS = 150;
/** Remaining-characters counters turn red at this many or fewer. */
export const COUNTER_WARNING_AT = 5;
export const COMMENT_MAX = 2000;
export const FOLDER_NAME_MAX = 60;
export const NAME_PART_MAX = 50;
/**
 * Page sizes of the other keyset-paginated lists (each pages to its end with 'Charger plus'; none
 * is capped). Card grids hold a multiple of 2, 3 and 4 columns; rows are lighter, so pages are longer.
 */
/** Validation queues ('En attente', 'Refusées') and the agency's 'Mes créas' tabs: cards. */
export const QUEUE_PAGE_SIZE = 24;
/** The creatives of one folder: cards, like the gallery. */
export const FOLDER_PAGE_SIZE = 12;
/** Comments of a creative, newest first. */
export const COMMENTS_PAGE_SIZE = 20;
/** Rows of the user administration table. */
export const USERS_PAGE_SIZE = 50;
/** The contact address shown to users when the deployment does not set one (server CONTACT_EMAIL). */
export const DEFAULT_CONTACT_EMAIL = 'contact@creatheque.fr';
/**
 * Largest ZIP of a folder (media bytes plus headroom for headers and README.txt): archives are
 * written without ZIP64, whose 32-bit sizes and offsets stop at 4 GiB; a bigger folder is refused
 * before the first byte.
 */
export const ZIP_MAX_BYTES = 4 * 1024 ** 3 - 64 * 1024 ** 2;
/** Most files in one ZIP without ZIP64 (16-bit entry count), README.txt included. */
export const ZIP_MAX_ENTRIES = 65_535;

/** The words read in a creative's media (OCR, or as corrected by the staff): at most this many characters. */
export const MEDIA_TEXT_MAX = 2000;
