import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../domain/errors';
import { loadSession } from './auth/session';
import type { AppEnv, Deps } from './http/context';
import { handleError, notFoundRoute } from './http/errors';
import { metricsRoutes } from './http/metrics';
import { requestLog } from './http/request-log';
import { originCheck } from './http/origin-check';
import { securityHeaders } from './http/security-headers';
import { mountSpa } from './http/spa';
import { authRoutes } from './routes/auth/auth.routes';
import { healthRoutes, readyRoutes } from './routes/health/health.routes';
import { adminCreativesRoutes } from './routes/admin/admin-creatives.routes';
import { agencyRoutes } from './routes/agency/agency.routes';
import { analyticsRoutes } from './routes/analytics/analytics.routes';
import { commentsRoutes } from './routes/comments/comments.routes';
import { creativesRoutes } from './routes/creatives/creatives.routes';
import { favoritesRoutes } from './routes/favorites/favorites.routes';
import { foldersRoutes } from './routes/folders/folders.routes';
import { meRoutes } from './routes/me/me.routes';
import { mediaRoutes } from './routes/media/media.routes';
import { reviewRoutes } from './routes/review/review.routes';
import { usersRoutes } from './routes/users/users.routes';

/** JSON bodies are small; uploads (multipart) have their own streaming limits (server/media/upload.ts). */
const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole HTTP app (API + optional SPA). Tests call it in-process. */
export function createApp(deps: Deps, options: { distDir?: string } = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', requestLog(deps.metrics));
  app.use('*', securityHeaders);

  app.route('/api/health', healthRoutes());
  app.route('/api/ready', readyRoutes(deps));
  app.route('/api/metrics', metricsRoutes(deps.metrics, deps.config.env.METRICS_TOKEN));
  app.route('/media', mediaRoutes(deps));

  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  app.use('/api/*', (c, next) =>
    (c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? next() : jsonBodyLimit(c, next),
  );
  app.use('/api/*', originCheck([deps.config.publicUrl, ...deps.config.trustedOrigins]));
  app.use('/api/*', loadSession(deps));
  app.route('/api/auth', authRoutes(deps));
  app.route('/api/me', meRoutes(deps));
  app.route('/api/creatives', creativesRoutes(deps));
  app.route('/api/comments', commentsRoutes(deps));
  app.route('/api/favorites', favoritesRoutes(deps));
  app.route('/api/review', reviewRoutes(deps));
  app.route('/api/agency', agencyRoutes(deps));
  app.route('/api/admin/creatives', adminCreativesRoutes(deps));
  app.route('/api/folders', foldersRoutes(deps));
  app.route('/api/users', usersRoutes(deps));
  app.route('/api/analytics', analyticsRoutes(deps));
  app.all('/api/*', notFoundRoute);

  if (options.distDir) mountSpa(app, options.distDir, { contactEmail: deps.config.env.CONTACT_EMAIL });
  return app;
}

export type App = ReturnType<typeof createApp>;
