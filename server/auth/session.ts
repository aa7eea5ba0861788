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

/** Resolves the session cookie (read from the database on every request, so role changes apply at once). */
export function loadSession(deps: Deps, sessions?: SessionCache): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    // The session lives only in a signed cookie: without a Cookie header there is none, and a
    // visitor's request (a shared-cache hit above all) skips better-auth entirely.
    // Only the Cookie header is handed over: reading `c.req.raw` would build a whole fetch Request
    // for every request, which costs more than the session lookup itself.
    const cookie = c.req.header('cookie');
    let user = cookie ? (sessions?.get(cookie) ?? null) : null;
    if (cookie && !user) {
      const result = await deps.auth.api.getSession({ headers: new Headers({ cookie }) });
      user = result ? toUser(result.user as AuthUserRow) : null;
      if (user) sessions?.set(cookie, user);
    }
    c.set('user', user);
    await next();
  });
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
