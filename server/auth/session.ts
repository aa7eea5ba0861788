import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '@domain/errors';
import { can, type Action } from '@domain/permissions';
import { isRole } from '@domain/roles';
import type { User } from '@domain/types';
import type { AppEnv, Deps } from '../http/context';
import type { SessionCache } from './session-cache';

interface AuthUserRow {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string | null;
  createdAt: Date | string;
}

export function toUser(row: AuthUserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    role: isRole(row.role) ? row.role : 'user',
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** better-auth's user of a session cookie, or null. Only the Cookie header is handed over. */
async function userOfCookie(deps: Deps, cookie: string): Promise<User | null> {
  const result = await deps.auth.betterAuth.api.getSession({ headers: new Headers({ cookie }) });
  return result ? toUser(result.user as AuthUserRow) : null;
}

/**
 * Resolves the session cookie through the SessionCache (remembered 2 s, forgotten by account
 * writes, one lookup per cookie at a time). Without a Cookie header there is no session, and a
 * visitor's request (a shared-cache hit above all) skips better-auth entirely. Reading `c.req.raw`
 * would build a whole fetch Request for every request, which costs more than the lookup itself.
 */
export function loadSession(deps: Deps, sessions: SessionCache): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('user', await userOfRequest(deps, sessions, c.req.header('cookie')));
    await next();
  });
}

/** The signed-in user of a request's Cookie header (see loadSession), for routes that need it only sometimes (/media). */
export function userOfRequest(deps: Deps, sessions: SessionCache, cookie: string | undefined): Promise<User | null> {
  return cookie ? sessions.resolve(cookie, () => userOfCookie(deps, cookie)) : Promise.resolve(null);
}

/**
 * The session of a request's Cookie header as better-auth has it now — never remembered — with its
 * id, for what is tied to the session itself (the devices list, a live stream): null without one.
 */
export async function sessionOfRequest(deps: Deps, cookie: string | undefined): Promise<{ sessionId: string; user: User } | null> {
  if (!cookie) return null;
  const result = await deps.auth.betterAuth.api.getSession({ headers: new Headers({ cookie }) });
  return result ? { sessionId: result.session.id, user: toUser(result.user as AuthUserRow) } : null;
}

/** 401 for a visitor. */
export const requireUser: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError('UNAUTHENTICATED');
  await next();
});

/** 401 for a visitor, 403 when the role lacks the action (domain/permissions.ts). */
export function requirePermission(action: Action, options: { signedOutMessage?: string } = {}): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('user');
    if (!user && !can(null, action)) throw new AppError('UNAUTHENTICATED', { message: options.signedOutMessage });
    if (!can(user?.role, action)) throw new AppError('FORBIDDEN');
    await next();
  });
}

/** The signed-in user inside a handler guarded by requireUser/requirePermission. */
export function currentUser(c: { get(key: 'user'): User | null }): User {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}
