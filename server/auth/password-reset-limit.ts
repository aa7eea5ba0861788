import { MSG } from '@domain/messages';
import type { RateLimitStore } from '../http/limits/rate-limit-store';
import { RateLimitedError } from '../http/limits/rate-limited';
import { RESET_EMAILS_PER_ADDRESS } from '../http/limits/write-budgets';
import { failClosed } from './sign-in-unavailable';

/**
 * Reset e-mails per e-mail address (RESET_EMAILS_PER_ADDRESS), counted for any address, known or
 * not, so that a 429 tells nothing about an account. Per client address they are held by the
 * write budgets ('passwordReset') and better-auth's AUTH_RATE_LIMIT. The store is Redis when the
 * instances share one; when it cannot answer the request is refused (503), like the other
 * password endpoints — an unreachable store must not open the way to flooding an inbox.
 */
export class PasswordResetLimit {
  constructor(private readonly store: RateLimitStore) {}

  /** One reset e-mail for `email` (normalised by the schema): 429 with the French wait once they are spent. */
  async admit(email: string): Promise<void> {
    const waitMs = await failClosed(this.store.take([{ key: `password-reset ${email}`, budget: RESET_EMAILS_PER_ADDRESS }]));
    if (waitMs > 0) throw new RateLimitedError(waitMs, MSG.resetTooManyForAddress);
  }
}
