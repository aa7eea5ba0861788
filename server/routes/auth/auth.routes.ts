import { Hono } from 'hono';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { loginInput, passwordResetInput, passwordResetRequestInput, registerInput } from '@domain/schemas/auth';
import { callAuth, forwardCookies, throwIfRefused, type AuthCallResult } from '@server/auth/auth-proxy';
import type { AppEnv, Deps } from '@server/http/context';
import { route } from '@server/http/route-policy';
import { jsonInput } from '@server/http/validate';
import { toUser } from '@server/auth/session';
import { logger } from '@server/log';

function sessionUser(result: AuthCallResult) {
  const body = result.body as { user: Parameters<typeof toUser>[0] };
  return toUser(body.user);
}

/** Registration, login, logout, the forgotten password and the current session (better-auth underneath). */
export function authRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .get('/session', (c) => c.json({ user: c.get('user') }))

      .post(
        '/register',
        route(deps, { budget: 'registration', invalidates: 'shared views', forgetsSessions: true }),
        jsonInput(registerInput),
        async (c) => {
          const input = c.req.valid('json');
          const result = await callAuth(deps, c, '/sign-up/email', {
            email: input.email,
            password: input.password,
            name: `${input.firstName} ${input.lastName}`,
            firstName: input.firstName,
            lastName: input.lastName,
          });
          if (!result.ok) {
            throwIfRefused(result);
            if (result.code?.startsWith('USER_ALREADY_EXISTS')) {
              throw new AppError('EMAIL_TAKEN', { fields: { email: MSG.emailTaken } });
            }
            if (result.code === 'INVALID_EMAIL') {
              throw new AppError('VALIDATION', { message: MSG.emailInvalid, fields: { email: MSG.emailInvalid } });
            }
            if (result.code?.startsWith('PASSWORD_TOO')) {
              throw new AppError('VALIDATION', { message: MSG.weakPassword, fields: { password: MSG.weakPassword } });
            }
            logger.error({ status: result.status, body: result.body }, 'sign-up failed');
            throw new AppError('INTERNAL', { message: MSG.registerError });
          }
          forwardCookies(c, result);
          return c.json({ user: sessionUser(result) }, 201);
        },
      )

      .post(
        '/login',
        route(deps, { budget: 'session', invalidates: 'nothing', forgetsSessions: true }),
        jsonInput(loginInput),
        async (c) => {
          const input = c.req.valid('json');
          await deps.auth.signInGuard.admit(c, input.email);
          const result = await callAuth(deps, c, '/sign-in/email', { email: input.email, password: input.password });
          if (!result.ok) {
            throwIfRefused(result);
            if (result.status === 401 || result.code === 'INVALID_EMAIL_OR_PASSWORD') {
              throw new AppError('INVALID_CREDENTIALS');
            }
            logger.error({ status: result.status, body: result.body }, 'sign-in failed');
            throw new AppError('INTERNAL', { message: MSG.loginError });
          }
          await deps.auth.signInGuard.succeeded(c, input.email);
          forwardCookies(c, result);
          return c.json({ user: sessionUser(result) });
        },
      )

      // The same answer whether or not an account has the address: better-auth answers an unknown one
      // as a known one (after the same lookups), and the mail leaves off the request path (server/deps/auth-deps.ts).
      .post(
        '/forgot-password',
        route(deps, { budget: 'passwordReset', invalidates: 'shared views', forgetsSessions: true }),
        jsonInput(passwordResetRequestInput),
        async (c) => {
          const { email } = c.req.valid('json');
          await deps.auth.passwordResetLimit.admit(email);
          const result = await callAuth(deps, c, '/request-password-reset', { email });
          if (!result.ok) {
            throwIfRefused(result);
            logger.error({ status: result.status, body: result.body }, 'request-password-reset failed');
            throw new AppError('INTERNAL', { message: MSG.resetRequestError });
          }
          return c.json({ message: MSG.resetRequested });
        },
      )

      // Single use and an hour (better-auth consumes the token); every session of the account ends.
      .post(
        '/reset-password',
        route(deps, { budget: 'session', invalidates: 'shared views', forgetsSessions: true }),
        jsonInput(passwordResetInput),
        async (c) => {
          const input = c.req.valid('json');
          const result = await callAuth(deps, c, '/reset-password', { token: input.token, newPassword: input.newPassword });
          if (!result.ok) {
            throwIfRefused(result);
            if (result.code === 'INVALID_TOKEN' || result.code === 'USER_NOT_FOUND') {
              throw new AppError('GONE', { message: MSG.resetLinkInvalid });
            }
            if (result.code?.startsWith('PASSWORD_TOO')) {
              throw new AppError('VALIDATION', { message: MSG.weakPassword, fields: { newPassword: MSG.weakPassword } });
            }
            logger.error({ status: result.status, body: result.body }, 'reset-password failed');
            throw new AppError('INTERNAL', { message: MSG.resetError });
          }
          return c.json({ ok: true });
        },
      )

      .post('/logout', route(deps, { budget: 'session', invalidates: 'nothing', forgetsSessions: true }), async (c) => {
        const result = await callAuth(deps, c, '/sign-out', {});
        throwIfRefused(result);
        forwardCookies(c, result);
        return c.json({ ok: true });
      })
  );
}
