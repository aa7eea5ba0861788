/**
 * Rules of a folder's share links (issue 18): the one place for their limits, their options and
 * when a link stops working. Used by the server (services/shares) and the web app (the share dialog).
 */

/** Bytes of randomness in a token (crypto.randomBytes, base64url: 32 characters, 192 bits). */
export const SHARE_TOKEN_BYTES = 24;
/** A token as the routes accept it: base64url of SHARE_TOKEN_BYTES bytes. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/**
 * A new link's optional password: long enough that the link's failure budget below cannot find it
 * (the weakest, 8 digits, is 10^8 guesses; the budget allows about 500 a day). Links made when the
 * minimum was 4 keep their password: a visitor's try (unlockInput) is never held to this minimum.
 */
export const SHARE_PASSWORD_MIN = 8;
/**
 * The same where nothing counts a visitor's tries (Firebase mode, docs/decisions/026): each guess
 * costs one Firestore read and nothing else, so the password alone must outlast guessing — 12
 * characters are at least 10^12 guesses, years of reads at thousands a second.
 */
export const SHARE_PASSWORD_MIN_UNCOUNTED_TRIES = 12;
/** Password tries a client address may make on one link per window, then 429. */
export const SHARE_UNLOCK_ATTEMPTS = 5;
export const SHARE_UNLOCK_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong passwords one link takes per window whatever the addresses (a proxy's rotating addresses
 * included), refilled evenly (one every 3 minutes), then 429 for every visitor of that link. A right
 * password costs nothing.
 */
export const SHARE_UNLOCK_LINK_FAILURES = 20;
export const SHARE_UNLOCK_LINK_WINDOW_SECONDS = 60 * 60;
/** How long an unlock stays good, checked by the server (never past the link's expiry). */
export const SHARE_UNLOCK_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Links one folder may have at once. */
export const SHARES_PER_FOLDER_MAX = 20;
/** A private note on a creative in a folder. */
export const NOTE_MAX = 500;

/** The owner's switches of a link, as the API and the dialog name them. */
export const SHARE_OPTIONS = ['allowDownload', 'includeAnalysis', 'includeNotes'] as const;
export type ShareOption = (typeof SHARE_OPTIONS)[number];
export type ShareOptions = Record<ShareOption, boolean>;

/** The words for each switch (French UI). */
export const SHARE_OPTION_LABELS: Record<ShareOption, string> = {
  allowDownload: 'autoriser le téléchargement',
  includeAnalysis: 'inclure l’analyse',
  includeNotes: 'inclure les notes',
};

/** A link with an expiry stops working at that instant; without one it works until revoked. */
export function isShareExpired(expiresAt: Date | string | null, now: Date = new Date()): boolean {
  if (expiresAt === null) return false;
  return new Date(expiresAt).getTime() <= now.getTime();
}

/** How long the unlock cookie lives: SHARE_UNLOCK_MAX_AGE_SECONDS, or less when the link expires sooner. */
export function unlockMaxAgeSeconds(expiresAt: Date | null, now: Date = new Date()): number {
  if (!expiresAt) return SHARE_UNLOCK_MAX_AGE_SECONDS;
  const left = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(SHARE_UNLOCK_MAX_AGE_SECONDS, left));
}

/** The end of a calendar day (YYYY-MM-DD, the date field) in the browser's time zone: when a link chosen to expire that day stops. */
export function endOfLocalDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999);
}
