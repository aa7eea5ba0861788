import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { handleError } from './errors';
import { isConnectionFailure, isUnavailable, RETRY_AFTER_SECONDS } from './limits/unavailable';

/** An error as pg, Node or Drizzle make them: a message, maybe a code, maybe a cause. */
function failure(message: string, code?: string, cause?: unknown): Error {
  const err = new Error(message, cause === undefined ? undefined : { cause });
  return code ? Object.assign(err, { code }) : err;
}

/** Drizzle's wrapping of a failed statement: the driver's error is its cause. */
const drizzled = (cause: Error) => failure('Failed query: select 1\nparams: ', undefined, cause);

/** What the one error handler answers when a route throws `err`. */
async function answerTo(err: unknown) {
  const app = new Hono().onError(handleError);
  app.get('/', () => {
    throw err;
  });
  const res = await app.request('/');
  return { status: res.status, headers: res.headers, body: (await res.json()) as { error: Record<string, unknown> } };
}

const connectionFailures: [string, Error][] = [
  ['the socket refused (ECONNREFUSED)', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  ['the socket reset (ECONNRESET)', failure('read ECONNRESET', 'ECONNRESET')],
  ['the host unknown (ENOTFOUND)', failure('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
  [
    'every address refused (AggregateError)',
    new AggregateError([failure('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
  ],
  ['the server shut down (57P01 admin_shutdown)', failure('terminating connection due to administrator command', '57P01')],
  ['the server crashed (57P02 crash_shutdown)', failure('terminating connection because of crash of another server process', '57P02')],
  ['the server starting up (57P03 cannot_connect_now)', failure('the database system is starting up', '57P03')],
  ['no connection left (53300 too_many_connections)', failure('sorry, too many clients already', '53300')],
  ['a connection exception (08006)', failure('connection failure', '08006')],
  ['a connection never made (08001)', failure('could not connect', '08001')],
  ['the connection lost (pg)', failure('Connection terminated unexpectedly')],
  ['the connection timed out (pg-pool)', failure('Connection terminated due to connection timeout', undefined, failure('timeout expired'))],
  ['a client left unusable (pg)', failure('Client has encountered a connection error and is not queryable')],
  ['wrapped by Drizzle', drizzled(failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))],
  ['wrapped by Drizzle, a SQLSTATE', drizzled(failure('the database system is shutting down', '57P03'))],
];

describe('handleError', () => {
  it.each(connectionFailures)('answers a dependency out of reach — %s — 503 with Retry-After and the French message', async (_, err) => {
    expect(isConnectionFailure(err)).toBe(true);
    expect(isUnavailable(err)).toBe(true);
    const res = await answerTo(err);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ error: { code: 'UNAVAILABLE', message: MSG.overloaded } });
  });

  it.each([
    ['the load shedding (AppError UNAVAILABLE)', new AppError('UNAVAILABLE')],
    ['a cancelled statement (57014), wrapped by Drizzle', drizzled(failure('canceling statement due to statement timeout', '57014'))],
  ])('answers an overload — %s — 503 with Retry-After and the French message', async (_, err) => {
    expect(isUnavailable(err)).toBe(true);
    const res = await answerTo(err);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(res.body).toEqual({ error: { code: 'UNAVAILABLE', message: MSG.overloaded } });
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint (23505), wrapped by Drizzle', drizzled(failure('duplicate key value violates unique constraint', '23505'))],
    ['a syntax error (42601)', failure('syntax error at or near "selec"', '42601')],
    ['a message that only mentions a timeout', failure('timeout expired while reading the upload')],
  ])('still answers anything else — %s — 500, with no stack in the body', async (_, err) => {
    expect(isConnectionFailure(err)).toBe(false);
    const res = await answerTo(err);
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(res.body.error).toMatchObject({ code: 'INTERNAL', message: MSG.internal });
    expect(JSON.stringify(res.body)).not.toMatch(/\bat .+:\d+:\d+|Failed query|constraint|syntax/);
  });

  it('keeps the answer of an AppError other than UNAVAILABLE', async () => {
    const res = await answerTo(new AppError('NOT_FOUND'));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: MSG.notFound } });
  });
});
