import fs from 'node:fs';
import path from 'node:path';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { withVary } from './compression';
import { sendBody } from './conditional-get';
import { routePreloads } from './route-preloads';
import type { ApiGet, PageRenderer } from '@domain/page-render';
import { hasSession, HTML, PageMaker, pageTemplate } from '@server/render/page-maker';
import type { ResponseCache } from '@server/cache/response-cache';
import type { AppEnv } from '@server/http/context';
import { logger } from '@server/log';

/**
 * Serves the built web app from `distDir`: hashed assets cached for a year, and the page of every
 * other GET (server/render/page-maker.ts) so client-side routes survive a reload — rendered on the
 * server for visitors of the public pages, with the API answers of its first view inlined
 * otherwise; brotli or gzip when the browser takes them.
 */
export function mountSpa(
  app: Hono<AppEnv>,
  distDir: string,
  settings: { contactEmail: string; publicUrl: string; renderer: PageRenderer | null; cache: ResponseCache | undefined },
): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    logger.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    return;
  }
  const root = path.relative(process.cwd(), distDir) || '.';
  // The build wrote a .br and a .gz beside every text file (build/precompress.ts): serveStatic
  // sends the one the browser takes. (Its onFound hook runs after the answer is made: headers set
  // there are lost, hence the middleware.)
  app.use('/assets/*', staticHeaders('public, max-age=31536000, immutable'), serveStatic({ root, precompressed: true }));
  // A missing hashed asset (an old page after a deploy) is a 404, never the HTML page.
  app.get('/assets/*', (c) => c.notFound());
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'index.html' || /\.(br|gz)$/.test(entry.name)) continue;
    app.use(`/${entry.name}`, staticHeaders(), serveStatic({ root, precompressed: true }));
  }
  const template = pageTemplate(fs.readFileSync(indexFile, 'utf8'), settings.contactEmail, (href) => {
    const file = path.join(distDir, href);
    return href.startsWith('/assets/') && href.endsWith('.css') && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  });
  const preloadsOf = routePreloads(distDir);
  settings.renderer?.configure({ contactEmail: settings.contactEmail });
  const pages = new PageMaker({ renderer: settings.renderer, cache: settings.cache, publicUrl: settings.publicUrl });
  app.get('*', async (c) => {
    const address = { pathname: c.req.path, search: new URL(c.req.url).search };
    const cookie = c.req.header('cookie');
    // The API sees the page's visitor: their cookie, and who they are for a share link's once-a-day
    // view (their user agent, their address: this request's socket, forwarded by a trusted proxy).
    const headers = Object.fromEntries(VISITOR_HEADERS.flatMap((name) => (c.req.header(name) ? [[name, c.req.header(name)!]] : [])));
    const get: ApiGet = async (url) => app.request(url, { headers }, c.env);
    const page = await pages.page(address, get, { visitor: !hasSession(cookie), template, preloads: preloadsOf(address.pathname) });
    // The page carries the visitor's own answers (likes, the analysis): private, revalidated each
    // time (a 304 when nothing changed), varying on the session.
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie');
    if (page.cache) c.header('X-Cache', page.cache);
    return sendBody(c, page.body, { contentType: HTML, etag: page.etag, status: page.status, variants: page.variants });
  });
}

/** What an in-process API request of a page carries of the visitor's request. */
const VISITOR_HEADERS = ['cookie', 'user-agent', 'x-forwarded-for'] as const;

/**
 * Headers of a static file once served: its Cache-Control (hashed assets: a year, immutable) and,
 * for a compressible type, `Vary: Accept-Encoding` whichever coding this request got.
 */
function staticHeaders(cacheControl?: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.ok) return;
    if (cacheControl) c.res.headers.set('Cache-Control', cacheControl);
    const type = c.res.headers.get('content-type') ?? '';
    if (COMPRESSIBLE.test(type)) c.res.headers.set('Vary', withVary(c.res.headers.get('Vary'), 'Accept-Encoding'));
  };
}

/** Content types the build precompresses (build/precompress.ts decides by extension). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml|font\/(?:ttf|otf))/;
