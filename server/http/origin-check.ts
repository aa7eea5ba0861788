import type { MiddlewareHandler } from 'hono';
import { AppError } from '@domain/errors';
import { isSafeMethod } from './methods';

/**
 * CSRF defence for the API's own routes: a state-changing request coming from a browser must
 * come from one of our origins. Browsers always send Origin on such fetches; non-browser clients
 * (no Origin, no Sec-Fetch-Site) carry no ambient cookies and pass.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map((o) => o.replace(/\/$/, '')));
  return async (c, next) => {
    if (!isSafeMethod(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if (origin ? !trusted.has(origin) : site === 'cross-site') throw new AppError('FORBIDDEN');
    }
    await next();
  };
}
