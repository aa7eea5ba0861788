/**
 * Rules of a folder's share links (issue 18): the one place for their limits, their options and
 * when a link stops working. Used by the server (services/shares) and the web app (the share dialog).
 */

/** Bytes of randomness in a token (crypto.randomBytes, base64url: 32 characters, 192 bits). */
export const SHARE_TOKEN_BYTES = 24;
/** A token as the routes accept it: base64url of SHARE_TOKEN_BYTES bytes. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** An optional password: short enough to type to a client, long enough not to be guessed in the attempts below. */
export const SHARE_PASSWORD_MIN = 4;
/** Wrong passwords a client address may try on one link per window, then 429. */
export const SHARE_UNLOCK_ATTEMPTS = 5;
export const SHARE_UNLOCK_WINDOW_SECONDS = 15 * 60;
/** How long an unlocked link stays open in that browser (never past the link's expiry). */
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
