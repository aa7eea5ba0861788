/** Business constants and limits of spec §9, in one place. */
export const PAGE_SIZE = 12;
export const NAME_MAX = 35;
export const ADVERTISER_MAX = 35;
export const DEFAULT_ADVERTISER = 'Non connu';
export const PASSWORD_MIN = 6;
export const REJECTION_REASON_MAX = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
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
/** Validation queues (pending / rejected lists) are short-lived: a page this long is more than a reviewer handles at once. */
export const QUEUE_LIMIT = 200;
/** The contact address shown to users when the deployment does not set one (server CONTACT_EMAIL). */
export const DEFAULT_CONTACT_EMAIL = 'contact@creatheque.fr';
