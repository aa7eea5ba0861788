import { Hono } from 'hono';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { passwordChangeInput, profileInput } from '@domain/schemas/auth';
import { callAuth, forwardCookies, throwIfRefused } from '@server/auth/auth-proxy';
import { currentUser, requirePermission } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { jsonInput } from '@server/http/validate';
import { listDeviceSessions } from '@server/services/sessions.service';
import { updateProfile } from '@server/services/users.service';
import { logger } from '@server/log';

/** The signed-in user's own account: profile, password and signed-in devices. */
export function meRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requirePermission('account:manage'))
    .get('/', (c) => c.json({ user: currentUser(c) }))

    .patch('/', jsonInput(profileInput), async (c) => {
      const input = c.req.valid('json');
      return c.json({ user: await updateProfile(deps.db, currentUser(c).id, input) });
    })

    .post('/password', jsonInput(passwordChangeInput), async (c) => {
      const input = c.req.valid('json');
      const result = await callAuth(deps, c, '/change-password', {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      });
      if (!result.ok) {
        throwIfRefused(result);
        if (result.code === 'INVALID_PASSWORD' || result.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
          throw new AppError('WRONG_PASSWORD', { fields: { currentPassword: MSG.wrongCurrentPassword } });
        }
        logger.error({ status: result.status, body: result.body }, 'change-password failed');
        throw new AppError('INTERNAL', { message: MSG.passwordError });
      }
      forwardCookies(c, result);
      return c.json({ ok: true });
    })

    .get('/sessions', async (c) => {
      const own = await deps.auth.api.getSession({ headers: new Headers({ cookie: c.req.header('cookie') ?? '' }) });
      return c.json({ sessions: await listDeviceSessions(deps.db, currentUser(c).id, own?.session.id ?? null) });
    })

    .post('/sessions/revoke-others', async (c) => {
      const result = await callAuth(deps, c, '/revoke-other-sessions', {});
      if (!result.ok) {
        throwIfRefused(result);
        logger.error({ status: result.status, body: result.body }, 'revoke-other-sessions failed');
        throw new AppError('INTERNAL', { message: MSG.sessionsError });
      }
      return c.json({ ok: true });
    });
}
