import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { MSG } from '@domain/messages';
import { RateLimitedError } from '../http/limits/rate-limited';
import { logger } from '../log';
import type { SignInAttempts } from './sign-in-backoff';
import { failClosed } from './sign-in-unavailable';

const DEVICE_COOKIE = 'creatheque.device';
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * The per-account sign-in back-off (server/auth/sign-in-backoff.ts), except for the account's own
 * browsers: a guesser who keeps the back-off running would otherwise take every attempt slot and
 * lock the owner out for as long as the attack lasts. A browser that once signed in to an account
 * carries a mark for it — an HMAC of the e-mail address under a key derived from the auth secret,
 * so it cannot be made without the secret — in an HttpOnly cookie sent to /api/auth only. Its
 * attempts still count against better-auth's per-address limit.
 */
export class SignInGuard {
  private readonly key: Buffer;
  private readonly secure: boolean;
  private readonly cookieName: string;

  constructor(
    private readonly attempts: SignInAttempts,
    options: { secret: string; secure: boolean },
  ) {
    this.secure = options.secure;
    this.key = crypto.createHash('sha256').update(`known-device\0${options.secret}`).digest();
    // Browsers only keep a __Secure- cookie set over https.
    this.cookieName = options.secure ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
  }

  /**
   * Before the password is checked: 429 RATE_LIMITED while the account backs off (unless this
   * browser is one of its own); 503 when the attempt cannot be counted (shared store unreachable).
   */
  async admit(c: Context, email: string): Promise<void> {
    if (this.isKnownDevice(c, email)) return;
    const waitMs = await failClosed(this.attempts.begin(email));
    if (waitMs > 0) throw new RateLimitedError(waitMs, MSG.signInBackoff);
  }

  /** The password was right: the streak ends and this browser is marked as the account's. */
  async succeeded(c: Context, email: string): Promise<void> {
    // The session exists by now: a streak left behind (shared store unreachable) only costs a wait later.
    await this.attempts.succeeded(email).catch((err: unknown) => logger.warn({ err }, 'sign-in: fin de série non enregistrée'));
    setCookie(c, this.cookieName, this.mark(email), {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Lax',
      secure: this.secure,
      maxAge: DEVICE_MAX_AGE_SECONDS,
    });
  }

  private mark(email: string): string {
    return crypto.createHmac('sha256', this.key).update(email).digest('base64url');
  }

  private isKnownDevice(c: Context, email: string): boolean {
    const given = getCookie(c, this.cookieName);
    if (!given) return false;
    const expected = Buffer.from(this.mark(email));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  }
}
