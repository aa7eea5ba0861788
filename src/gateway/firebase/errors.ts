import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@domain/errors';
import { MSG } from '@domain/messages';
import { fieldErrors } from '@domain/schemas/validate';
import { GatewayError } from '../types';

/** A GatewayError with the status that goes with its code (domain/errors.ts). */
export function gatewayError(code: ErrorCode, message: string, fields: FieldErrors = {}): GatewayError {
  return new GatewayError(code, message, ERROR_STATUS[code], fields);
}

export interface ErrorContext {
  /** Whether a user was signed in when the call failed: a refusal is then FORBIDDEN, else UNAUTHENTICATED. */
  signedIn: boolean;
  /** What a refusal or a missing document means to this call (e.g. 'Créative non trouvée'). */
  notFoundMessage?: string;
  /** Read refusals of a single document are reported as not found (nothing is revealed). */
  deniedIsNotFound?: boolean;
}

/** The `code` of a Firebase error (Auth 'auth/…', Firestore bare codes, Storage 'storage/…'), or null. */
export function errorCode(err: unknown): string | null {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
    return (err as { code: string }).code;
  }
  return null;
}

/**
 * Firebase error codes (Auth 'auth/…', Firestore bare codes, Storage 'storage/…') → the domain
 * error codes and French messages the pages already show for the http backend.
 */
export function toGatewayError(err: unknown, context: ErrorContext): GatewayError {
  if (err instanceof GatewayError) return err;
  const code = errorCode(err);
  switch (code) {
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/user-disabled':
      return gatewayError('INVALID_CREDENTIALS', MSG.invalidCredentials);
    case 'auth/email-already-in-use':
      return gatewayError('EMAIL_TAKEN', MSG.emailTaken, { email: MSG.emailTaken });
    case 'auth/weak-password':
      return gatewayError('VALIDATION', MSG.weakPassword, { password: MSG.weakPassword });
    case 'auth/invalid-email':
      return gatewayError('VALIDATION', MSG.emailInvalid, { email: MSG.emailInvalid });
    case 'auth/too-many-requests':
    case 'resource-exhausted':
    case 'storage/quota-exceeded':
      return gatewayError('RATE_LIMITED', MSG.rateLimited);
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
    case 'unauthenticated':
    case 'storage/unauthenticated':
      return gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
    case 'permission-denied':
    case 'storage/unauthorized':
      if (context.deniedIsNotFound) return gatewayError('NOT_FOUND', context.notFoundMessage ?? MSG.notFound);
      return context.signedIn ? gatewayError('FORBIDDEN', MSG.forbidden) : gatewayError('UNAUTHENTICATED', MSG.notSignedIn);
    case 'not-found':
    case 'storage/object-not-found':
      return gatewayError('NOT_FOUND', context.notFoundMessage ?? MSG.notFound);
    case 'invalid-argument':
    case 'storage/invalid-argument':
      return gatewayError('VALIDATION', MSG.invalidInput);
    case 'aborted':
      return gatewayError('CONFLICT', MSG.internal);
    // 'failed-precondition' is mostly a missing index: INTERNAL, so it is logged with the SDK's link.
    default:
      return new GatewayError('INTERNAL', MSG.internal, ERROR_STATUS.INTERNAL);
  }
}

/** Parses input with a domain zod schema, or throws VALIDATION with the schema's French messages. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw gatewayError('VALIDATION', Object.values(fields)[0] ?? MSG.invalidInput, fields);
}
