import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MSG } from '@domain/messages';
import {
  SHARE_UNLOCK_ATTEMPTS,
  SHARE_UNLOCK_LINK_FAILURES,
  SHARE_UNLOCK_LINK_WINDOW_SECONDS,
  SHARE_UNLOCK_MAX_AGE_SECONDS,
  SHARE_UNLOCK_WINDOW_SECONDS,
  unlockMaxAgeSeconds,
} from '@domain/shares';
import { failClosed } from '@server/auth/sign-in-unavailable';
import { clientAddress, clientKey } from '@server/http/client-address';
import type { Bucket, RateLimitStore } from '@server/http/limits/rate-limit-store';
import { RateLimitedError } from '@server/http/limits/rate-limited';
import { logger } from '@server/log';

const COOKIE = 'creatheque.share';
const DAY_SECONDS = 24 * 60 * 60;

/** The path a link's unlock cookie is sent to: that link's routes, and nothing else of the API. */
export const shareApiPath = (token: string) => `/api/shares/${token}`;

/** What of a link its unlocks are bound to: a new password (a new salt, so a new hash) or a new link ends them. */
export interface ShareLock {
  id: string;
  token: string;
  passwordHash: string | null;
  expiresAt: Date | null;
}

/**
 * What a visitor of a link may do, and what their visits count, from what the server alone can
 * make or check:
 *
 * - Unlock: a browser that gave the password holds, in an HttpOnly cookie sent only to that link's
 *   routes, `<issued at>.<nonce>.<mac>` — its own random nonce, the time the server issued it, and an
 *   HMAC (key derived from the auth secret) of both with the link's id, token and password hash. The
 *   server refuses it after SHARE_UNLOCK_MAX_AGE_SECONDS, and once the link is deleted or its
 *   password changes; it opens that one link, never a session.
 * - Password tries, in the rate limits' store (Redis when the instances share one):
 *   SHARE_UNLOCK_ATTEMPTS per link and client address per window, and SHARE_UNLOCK_LINK_FAILURES
 *   wrong ones per link whatever the address, then 429 with the French wait message.
 * - Views: a visitor (an HMAC of their address and user agent, never the address itself) counts
 *   once a day (UTC) per link, remembered in the same store.
 */
export class ShareAccess {
  private readonly unlockKey: Buffer;
  private readonly visitorKey: Buffer;
  private readonly cookieName: string;
  private readonly secure: boolean;
  private readonly trustProxy: boolean;
  private readonly store: RateLimitStore;
  private readonly now: () => number;

  constructor(options: { secret: string; secure: boolean; trustProxy: boolean; store: RateLimitStore; now?: () => number }) {
    this.unlockKey = crypto.createHash('sha256').update(`share-access\0${options.secret}`).digest();
    this.visitorKey = crypto.createHash('sha256').update(`share-visitor\0${options.secret}`).digest();
    this.secure = options.secure;
    this.trustProxy = options.trustProxy;
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.cookieName = options.secure ? `__Secure-${COOKIE}` : COOKIE;
  }

  /**
   * Runs `check` (is this the password of `share`?) as one counted try: 429 once this address's
   * tries or the link's failures are spent. The failure is taken before the check — concurrent tries
   * cannot overdraw the link's budget — and given back when the password was right. While the store
   * cannot count (Redis unreachable) tries are refused with 503, as sign-in's are.
   */
  async tryPassword(c: Context, share: ShareLock, check: () => Promise<boolean>): Promise<boolean> {
    const tries: Bucket = {
      key: `share-unlock ${share.token} ${this.address(c)}`,
      budget: { limit: SHARE_UNLOCK_ATTEMPTS, windowSeconds: SHARE_UNLOCK_WINDOW_SECONDS },
    };
    const failures: Bucket = {
      key: `share-unlock-failures ${share.id}`,
      budget: { limit: SHARE_UNLOCK_LINK_FAILURES, windowSeconds: SHARE_UNLOCK_LINK_WINDOW_SECONDS },
    };
    const triesWait = await failClosed(this.store.take([tries]));
    if (triesWait > 0) throw new RateLimitedError(triesWait, MSG.rateLimitedFor);
    const failuresWait = await failClosed(this.store.take([failures]));
    if (failuresWait > 0) throw new RateLimitedError(failuresWait, MSG.shareUnlockTooManyForLink);
    const right = await check();
    // Should the store fail meanwhile, the link keeps one failure more; the visitor gets in all the same.
    if (right) await this.store.giveBack([failures]).catch((err: unknown) => logger.warn({ err }, 'share unlock: failure not given back'));
    return right;
  }

  /** The password was right: this browser may read the link until the unlock ends (never past the link's expiry). */
  grant(c: Context, share: ShareLock): void {
    const issuedAt = String(this.now());
    const nonce = crypto.randomBytes(16).toString('base64url');
    setCookie(c, this.cookieName, `${issuedAt}.${nonce}.${this.mark(share, issuedAt, nonce)}`, {
      path: shareApiPath(share.token),
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
      maxAge: unlockMaxAgeSeconds(share.expiresAt),
    });
  }

  isGranted(c: Context, share: ShareLock): boolean {
    const [issuedAt = '', nonce = '', mac = '', ...rest] = (getCookie(c, this.cookieName) ?? '').split('.');
    if (rest.length > 0 || !/^\d{1,15}$/.test(issuedAt) || !nonce) return false;
    if (this.now() - Number(issuedAt) >= SHARE_UNLOCK_MAX_AGE_SECONDS * 1000) return false;
    const expected = Buffer.from(this.mark(share, issuedAt, nonce));
    const actual = Buffer.from(mac);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  }

  /**
   * Whether this opening of the link is this visitor's first today (UTC): only that one counts a
   * view. While the store cannot answer none counts — the link still opens.
   */
  async isFirstViewToday(c: Context, shareId: string): Promise<boolean> {
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const visitor = crypto
      .createHmac('sha256', this.visitorKey)
      .update([shareId, day, this.address(c), c.req.header('user-agent') ?? ''].join('\0'))
      .digest('base64url');
    try {
      return (await this.store.take([{ key: `share-view ${visitor}`, budget: { limit: 1, windowSeconds: DAY_SECONDS } }])) === 0;
    } catch (err) {
      logger.warn({ err }, 'share view not counted: the rate limits store did not answer');
      return false;
    }
  }

  private address(c: Context): string {
    return clientKey(clientAddress(c, this.trustProxy));
  }

  private mark(share: ShareLock, issuedAt: string, nonce: string): string {
    return crypto
      .createHmac('sha256', this.unlockKey)
      .update([share.id, share.token, share.passwordHash ?? '', issuedAt, nonce].join('\0'))
      .digest('base64url');
  }
}
