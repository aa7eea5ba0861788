import type { PageRenderer } from '@domain/page-render';
import { Hono } from 'hono';
import { loadSession } from './auth/session';
import { forgetSessionsOnAccountWrites, SessionCache } from './auth/session-cache';
import type { AppEnv, Deps } from './http/context';
import { apiCacheHeaders, jsonResponses } from './http/delivery/conditional-get';
import { requestDeadline } from './http/limits/deadline';
import { handleError, notFoundRoute } from './http/errors';
import { jsonBodyLimit } from './http/limits/json-body-limit';
import { metricsRoutes } from './http/metrics';
import { requestLog } from './http/request-log';
import { originCheck } from './http/origin-check';
import { writeRateLimit } from './http/limits/rate-limit';
import { invalidateOnWrite } from './cache/invalidate-on-write';
import { securityHeaders } from './http/security-headers';
import { seoRoutes } from './seo/seo.routes';
import { mountSpa } from './http/delivery/spa';
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
import { notificationsRoutes } from './routes/notifications/notifications.routes';
import { mediaRoutes } from './routes/media/media.routes';
import { reviewRoutes } from './routes/review/review.routes';
import { sharesRoutes } from './routes/shares/shares.routes';
import { usersRoutes } from './routes/users/users.routes';

/**
 * Every JSON route under /api, chained so that the type of the result carries each path, its
 * params and its response body: the web app's http adapter reads them through `hc<App>`.
 */
function apiRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .route('/auth', authRoutes(deps))
    .route('/me', meRoutes(deps))
    .route('/notifications', notificationsRoutes(deps))
    .route('/creatives', creativesRoutes(deps))
    .route('/comments', commentsRoutes(deps))
    .route('/favorites', favoritesRoutes(deps))
    .route('/review', reviewRoutes(deps))
    .route('/agency', agencyRoutes(deps))
    .route('/admin/creatives', adminCreativesRoutes(deps))
    .route('/folders', foldersRoutes(deps))
    .route('/shares', sharesRoutes(deps))
    .route('/users', usersRoutes(deps))
    .route('/analytics', analyticsRoutes(deps));
}

/** Builds the whole HTTP app (API + optional SPA). Tests call it in-process. */
export function createApp(deps: Deps, options: { distDir?: string; renderer?: PageRenderer | null } = {}) {
  // Signed-in users resolved by loadSession, remembered for 2 s and forgotten on account writes (of any instance).
  const sessions = new SessionCache();
  deps.caches.invalidation.on('sessions', () => sessions.clear());
  // Order matters: health, readiness, metrics and media answer before the /api/* middleware runs.
  const app = new Hono<AppEnv>()
    .onError(handleError)
    .use('*', requestLog(deps.ops.metrics))
    .use('*', securityHeaders(deps.config.publicUrl))
    .route('/api/health', healthRoutes())
    .route('/api/ready', readyRoutes(deps))
    .route('/api/metrics', metricsRoutes(deps.ops.metrics, deps.config.env.METRICS_TOKEN))
    .route('/media', mediaRoutes(deps, sessions))
    .use('/api/*', requestDeadline(deps.config.env.REQUEST_DEADLINE_MS))
    .use('/api/*', apiCacheHeaders)
    .use('/api/*', jsonBodyLimit())
    .use('/api/*', originCheck([deps.config.publicUrl, ...deps.config.trustedOrigins]))
    .use('/api/*', jsonResponses)
    .use('/api/*', invalidateOnWrite(deps))
    .use('/api/*', forgetSessionsOnAccountWrites(deps.caches.invalidation))
    .use('/api/*', loadSession(deps, sessions))
    .use('/api/*', writeRateLimit(deps))
    .route('/api', apiRoutes(deps));
  // Not chained: neither is part of the typed API (a catch-all would add an `/api/*` entry to `hc<App>`).
  app.all('/api/*', notFoundRoute);
  app.route('/', seoRoutes(deps));
  if (options.distDir)
    mountSpa(app, options.distDir, {
      contactEmail: deps.config.env.CONTACT_EMAIL,
      publicUrl: deps.config.publicUrl,
      renderer: options.renderer ?? null,
      cache: deps.caches.responseCache ?? undefined,
    });
  return app;
}

/** The whole app's type: `hc<App>` (src/gateway/http/client.ts) derives the typed client from it. */
export type App = ReturnType<typeof createApp>;
