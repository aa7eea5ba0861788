import { Hono } from 'hono';
import { AppError } from '@domain/errors';
import { MSG } from '@domain/messages';
import { passwordChangeInput, profileInput } from '@domain/schemas/auth';
import { callAuth, forwardCookies, throwIfRefused } from '@server/auth/auth-proxy';
import { currentUser, sessionOfRequest } from '@server/auth/session';
import type { AppEnv, Deps } from '@server/http/context';
import { route } from '@server/http/route-policy';
import { jsonInput } from '@server/http/validate';
import { listDeviceSessions } from '@server/services/sessions.service';
import { deleteOwnAccount, updateProfile } from '@server/services/users.service';
import { myDataAttachment } from './my-data-attachment';
import { deleteAccountInput } from '@domain/schemas/my-data';
import { myDataDocument } from '@server/services/my-data/export.service';
import { logger } from '@server/log';

/** The signed-in user's own account: profile, password, signed-in devices, their data (export) and the account itself (deletion). */
export function meRoutes(deps: Deps) {
  const read = route(deps, { permission: 'account:manage' });
  // A profile name is shown as a submitter; a password change or a deletion ends sessions.
  const write = route(deps, { permission: 'account:manage', budget: 'account', invalidates: 'shared views', forgetsSessions: true });
  return (
    new Hono<AppEnv>()
      .get('/', read, (c) => c.json({ user: currentUser(c) }))

      .patch('/', write, jsonInput(profileInput), async (c) => {
        const input = c.req.valid('json');
        return c.json({ user: await updateProfile(deps.db, currentUser(c).id, input) });
      })

      .post('/password', write, jsonInput(passwordChangeInput), async (c) => {
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

      .get('/sessions', read, async (c) => {
        const own = await sessionOfRequest(deps, c.req.header('cookie'));
        return c.json({ sessions: await listDeviceSessions(deps.db, currentUser(c).id, own?.sessionId ?? null) });
      })

      .post('/sessions/revoke-others', write, async (c) => {
        const result = await callAuth(deps, c, '/revoke-other-sessions', {});
        if (!result.ok) {
          throwIfRefused(result);
          logger.error({ status: result.status, body: result.body }, 'revoke-other-sessions failed');
          throw new AppError('INTERNAL', { message: MSG.sessionsError });
        }
        return c.json({ ok: true });
      })

      // "Exporter mes données": a JSON attachment written as it is read (keyset batches).
      .get('/export', route(deps, { permission: 'account:manage', budget: 'export' }), async (c) => {
        const document = await myDataDocument({ db: deps.db, userId: currentUser(c).id, publicUrl: deps.config.publicUrl });
        return myDataAttachment(c, document);
      })

      // "Supprimer mon compte": the password, then the admin deletion's rule (docs/decisions/002), then signed out.
      .delete('/', write, jsonInput(deleteAccountInput), async (c) => {
        const me = currentUser(c);
        const { password } = c.req.valid('json');
        const valid = await deps.auth.betterAuth.api
          .verifyPassword({ body: { password }, headers: new Headers({ cookie: c.req.header('cookie') ?? '' }) })
          .then(() => true)
          .catch((err: unknown) => {
            if (isApiError(err) && err.status === 'BAD_REQUEST') return false;
            throw err;
          });
        if (!valid)
          throw new AppError('WRONG_PASSWORD', {
            message: MSG.deleteAccountPasswordWrong,
            fields: { password: MSG.deleteAccountPasswordWrong },
          });
        await deleteOwnAccount(deps.db, me);
        // The sessions went with the account; this clears the browser's cookies.
        forwardCookies(c, await callAuth(deps, c, '/sign-out', {}));
        return c.json({ ok: true });
      })
  );
}

function isApiError(err: unknown): err is { status: string } {
  return err instanceof Error && err.name === 'APIError' && 'status' in err;
}
