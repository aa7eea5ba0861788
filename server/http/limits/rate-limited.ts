import { AppError } from '@domain/errors';

/**
 * A 429 RATE_LIMITED whose French message says when to retry; the error handler sends the same
 * wait as `Retry-After` (server/http/errors.ts).
 */
export class RateLimitedError extends AppError {
  /** Whole seconds, at least 1 (a `Retry-After` of 0 would invite an immediate retry). */
  readonly retryAfterSeconds: number;

  constructor(waitMs: number, message: (seconds: number) => string) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super('RATE_LIMITED', { message: message(seconds) });
    this.retryAfterSeconds = seconds;
  }
}
