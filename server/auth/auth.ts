import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_MAX, PASSWORD_MIN, RESET_LINK_TTL_SECONDS } from '@domain/limits';
import type { Db } from '../db/client';
import { schema } from '../db/schema';
import { logger } from '../log';
import type { RedisLink } from '../redis/redis-link';
import { noticingRefusals, refusingWhenUnavailable } from './auth-refusals';
import { redisAuthRateLimit } from './redis-auth-rate-limit';

export interface AuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  /** Extra origins allowed to call the auth endpoints (the Vite dev server, say). */
  trustedOrigins?: string[];
  /** Called once an account exists (registration webhook). Never awaited by the sign-up. */
  onUserCreated?: (user: { firstName: string; lastName: string; email: string }) => void;
  /** On by default; tests that sign in many times from one address turn it off. */
  rateLimit?: boolean;
  /** Sign-in, sign-up and password-change attempts allowed per client address and minute. */
  attemptsPerMinute?: number;
  /** Where the limits are counted when several instances share them (REDIS_URL); default: this process's memory. */
  redis?: RedisLink | null;
  /**
   * A password reset was asked for an existing account: send it the link. Called inside the
   * request, so it must only start the sending (server/auth/password-reset-mail.ts), never await
   * it — an unknown address is answered without sending anything, in the same time.
   */
  onPasswordResetRequested?: (request: { email: string; token: string }) => void;
}

/** The password endpoints, each with its own per-address limit (AUTH_RATE_LIMIT a minute). */
const PASSWORD_ENDPOINTS = ['/sign-in/email', '/sign-up/email', '/change-password', '/request-password-reset', '/reset-password'] as const;

/**
 * better-auth does passwords (scrypt), sessions in the database and their cookies, origin checks
 * and rate limits (in Redis when several instances share them). Only the endpoints our routes call are reachable (server/routes/auth).
 * When its database refuses (overload, PostgreSQL out of reach), its handler and `api` calls throw
 * AppError UNAVAILABLE — 503 — instead of its own 500 (auth-refusals.ts).
 */
export function createAuth(options: AuthOptions) {
  const secure = options.publicUrl.startsWith('https://');
  const attempts = { window: 60, max: options.attemptsPerMinute ?? 30 };
  const auth = betterAuth({
    appName: 'Créathèque',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.publicUrl, ...(options.trustedOrigins ?? [])],
    database: noticingRefusals(drizzleAdapter(options.db, { provider: 'pg', schema })),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Forgotten password (issue 19): a single-use token, an hour, then every session of the account ends.
      // Every other link of the account dies with any change of its password (trigger, migration 0017).
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        options.onPasswordResetRequested?.({ email: user.email, token });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: options.rateLimit ?? true,
      storage: 'memory',
      // Shared by every instance with Redis; without it, better-auth's in-process memory.
      customStorage: options.redis ? redisAuthRateLimit(options.redis, PASSWORD_ENDPOINTS) : undefined,
      window: 60,
      max: 300,
      customRules: Object.fromEntries(PASSWORD_ENDPOINTS.map((path) => [path, attempts])),
    },
    advanced: {
      useSecureCookies: secure,
      // better-auth skips its origin checks when NODE_ENV=test; keep them on everywhere.
      disableOriginCheck: false,
      cookiePrefix: 'creatheque',
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, role: 'user' } }),
          after: async (user) => {
            const u = user as typeof user & { firstName: string; lastName: string };
            try {
              options.onUserCreated?.({ firstName: u.firstName, lastName: u.lastName, email: u.email });
            } catch (err) {
              logger.warn({ err }, 'registration webhook hook failed'); // never fails a sign-up that succeeded
            }
          },
        },
      },
    },
  });
  return refusingWhenUnavailable(auth);
}

export type Auth = ReturnType<typeof createAuth>;
