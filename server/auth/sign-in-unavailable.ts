import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';

/**
 * Sign-in (and the other password attempts) while their shared limits cannot be counted — Redis
 * unreachable: refused with 503, Retry-After and a French message rather than let through
 * uncounted, since an attacker who can make Redis fail would otherwise get unlimited guesses.
 */
export class SignInUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('UNAVAILABLE', { message: MSG.signInUnavailable });
    this.cause = cause;
  }
}

/** `work`, or SignInUnavailableError when it fails (the limit could not be checked). */
export async function failClosed<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new SignInUnavailableError(err);
  }
}
