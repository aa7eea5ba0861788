import type { Context } from 'hono';
import { AppError } from '@domain/errors';

/**
 * The shape of every id the server hands out: UUIDs (crypto.randomUUID, our tables) and
 * better-auth's 32-character alphanumeric user ids.
 */
const RECORD_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * A route's id parameter (`:id`, `:creativeId`), the one way routes read one. An id that none of
 * ours can be — NUL, '..', a very long or non-ASCII string — is a 404 here, without a database
 * round trip: it could match no row, and PostgreSQL would fail on a NUL instead of answering.
 * `notFoundMessage` is the one the service gives for a missing row of that kind.
 */
export function idParam(c: Context, name: string, notFoundMessage?: string): string {
  const value = c.req.param(name);
  if (value === undefined || !RECORD_ID.test(value)) {
    throw new AppError('NOT_FOUND', notFoundMessage === undefined ? {} : { message: notFoundMessage });
  }
  return value;
}
