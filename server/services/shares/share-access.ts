import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MSG } from '@domain/messages';
import { SHARE_UNLOCK_ATTEMPTS, SHARE_UNLOCK_WINDOW_SECONDS, unlockMaxAgeSeconds } from '@domain/shares';
import { clientAddress, clientKey } from '@server/http/client-address';
import { MemoryRateLimitStore, type RateLimitStore } from '@server/http/rate-limit-store';
import { RateLimitedError } from '@server/http/rate-limited';

const COOKIE = 'creatheque.share';

/** The path a link's unlock cookie is sent to: that link's routes, and nothing else of the API. */
export const shareApiPath = (token: string) => `/api/shares/${token}`;

/**
 * Who may read a password-protected link: a browser that gave the password holds, in an HttpOnly
 * cookie sent only to that link's routes, an HMAC of the token under a key derived from the auth
 * secret — it cannot be made without the secret, and it opens that one link, never a session.
 *
 * Password tries are counted per link and client address in the rate limits' store (Redis when the
 * instances share one): SHARE_UNLOCK_ATTEMPTS per window, then 429 with the French wait message.
 */
export class ShareAccess {
  private readonly key: Buffer;
  private readonly cookieName: string;
  private readonly attempts: RateLimitStore;

  constructor(options: { secret: string; secure: boolean; trustProxy: boolean; store: RateLimitStore | null; now?: () => number }) {
    this.key = crypto.createHash('sha256').update(`share-access\0${options.secret}`).digest();
    this.secure = options.secure;
    this.trustProxy = options.trustProxy;
    // Guessing a password is refused even where write budgets are off (WRITE_RATE_LIMIT=off).
    this.attempts = options.store ?? new MemoryRateLimitStore({ now: options.now });
    this.cookieName = options.secure ? `__Secure-${COOKIE}` : COOKIE;
  }

  private readonly secure: boolean;
  private readonly trustProxy: boolean;

  /** One password try on `token` from this client: 429 once the window's tries are spent. */
  async countAttempt(c: Context, token: string): Promise<void> {
    const address = clientKey(clientAddress(c, this.trustProxy));
    const waitMs = await this.attempts.take([
      { key: `share-unlock ${token} ${address}`, budget: { limit: SHARE_UNLOCK_ATTEMPTS, windowSeconds: SHARE_UNLOCK_WINDOW_SECONDS } },
    ]);
    if (waitMs > 0) throw new RateLimitedError(waitMs, MSG.rateLimitedFor);
  }

  /** The password was right: this browser may read `token` until the cookie ends (never past the link's expiry). */
  grant(c: Context, token: string, expiresAt: Date | null): void {
    setCookie(c, this.cookieName, this.mark(token), {
      path: shareApiPath(token),
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
      maxAge: unlockMaxAgeSeconds(expiresAt),
    });
  }

  isGranted(c: Context, token: string): boolean {
    const given = getCookie(c, this.cookieName);
    if (!given) return false;
    const expected = Buffer.from(this.mark(token));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  }

  private mark(token: string): string {
    return crypto.createHmac('sha256', this.key).update(token).digest('base64url');
  }
}
