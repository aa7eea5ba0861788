import { MSG } from './messages';

/** Error codes shared by the API and its clients; each maps to one HTTP status. */
export const ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  /** This device's session was ended from another one ('Déconnecter les autres appareils'). */
  SESSION_REVOKED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A share link that has expired. */
  GONE: 410,
  /** A share link protected by a password this browser has not given. */
  PASSWORD_REQUIRED: 401,
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  WRONG_PASSWORD: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** Overloaded: a deadline or a database limit was reached; the answer carries Retry-After. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A function, not a table read at load: the web app imports this module without the server's messages. */
const defaultMessage = (code: ErrorCode): string => DEFAULT_MESSAGES()[code];
const DEFAULT_MESSAGES = (): Record<ErrorCode, string> => ({
  UNAUTHENTICATED: MSG.notSignedIn,
  SESSION_REVOKED: MSG.sessionRevoked,
  FORBIDDEN: MSG.forbidden,
  NOT_FOUND: MSG.notFound,
  GONE: MSG.shareExpired,
  PASSWORD_REQUIRED: MSG.sharePasswordRequired,
  VALIDATION: MSG.invalidInput,
  INVALID_CREDENTIALS: MSG.invalidCredentials,
  EMAIL_TAKEN: MSG.emailTaken,
  WRONG_PASSWORD: MSG.wrongCurrentPassword,
  CONFLICT: MSG.invalidInput,
  PAYLOAD_TOO_LARGE: MSG.invalidInput,
  UNSUPPORTED_MEDIA: MSG.mediaInvalidType,
  RATE_LIMITED: MSG.rateLimited,
  INTERNAL: MSG.internal,
  UNAVAILABLE: MSG.overloaded,
});

/** Field-level messages, keyed by input field name (validation errors). */
export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  /** `requestId` is given with unexpected errors, so a user can quote it and the log be searched. */
  error: { code: ErrorCode; message: string; fields?: FieldErrors; requestId?: string };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;

  constructor(code: ErrorCode, options: { message?: string; fields?: FieldErrors } = {}) {
    super(options.message ?? defaultMessage(code));
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}
