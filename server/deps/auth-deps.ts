import { createAuth, type Auth } from '@server/auth/auth';
import { passwordResetMail } from '@server/auth/password-reset-mail';
import { PasswordResetLimit } from '@server/auth/password-reset-limit';
import { RedisSignInAttempts } from '@server/auth/redis-sign-in-attempts';
import { MemorySignInAttempts } from '@server/auth/sign-in-backoff';
import { SignInGuard } from '@server/auth/sign-in-guard';
import type { RedisLink } from '@server/redis/redis-link';
import { ShareAccess } from '@server/services/shares/share-access';
import type { DepsOptions } from './build-deps';
import type { LimitDeps } from './limit-deps';
import type { OutboundDeps } from './outbound-deps';

/** Who is asking: accounts and sessions, and the guards against guessing a password. */
export interface AuthDeps {
  /** better-auth: sign-up, sign-in, sessions, password resets (server/auth/auth.ts). */
  betterAuth: Auth;
  /** The per-account sign-in back-off. */
  signInGuard: SignInGuard;
  /** Reset e-mails per e-mail address (server/auth/password-reset-limit.ts). */
  passwordResetLimit: PasswordResetLimit;
  /** Password tries and unlock cookies of share links (server/services/shares/share-access.ts). */
  shareAccess: ShareAccess;
}

export function authDeps(
  options: Pick<DepsOptions, 'db' | 'config' | 'secret' | 'trustedOrigins' | 'rateLimit' | 'now'>,
  built: { redis: RedisLink | null; outbound: OutboundDeps; limits: LimitDeps },
): AuthDeps {
  const { config, secret, now } = options;
  const { redis, outbound, limits } = built;
  const { env, publicUrl } = config;
  const secure = publicUrl.startsWith('https://');
  const betterAuth = createAuth({
    db: options.db,
    secret,
    publicUrl,
    trustedOrigins: [...config.trustedOrigins, ...(options.trustedOrigins ?? [])],
    rateLimit: options.rateLimit,
    attemptsPerMinute: env.AUTH_RATE_LIMIT,
    redis,
    onUserCreated: (user) => outbound.webhooks(env.REGISTRATION_WEBHOOK_URL, user),
    // Off the request path: an existing account's answer must not wait for SMTP (no enumeration by timing).
    onPasswordResetRequested: ({ email, token }) => outbound.mailer.sendLater(passwordResetMail(email, publicUrl, token)),
  });
  const attempts = redis ? new RedisSignInAttempts(redis, { now }) : new MemorySignInAttempts({ now });
  return {
    betterAuth,
    signInGuard: new SignInGuard(attempts, { secret, secure }),
    passwordResetLimit: new PasswordResetLimit(limits.alwaysOn),
    shareAccess: new ShareAccess({ secret, secure, trustProxy: env.TRUST_PROXY, store: limits.alwaysOn, now }),
  };
}
