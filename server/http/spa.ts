import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';
import { logger } from '../log';

/**
 * Serves the built web app from `distDir`: hashed assets cached for a year, and index.html
 * (never cached) for every other GET so client-side routes survive a reload.
 */
export function mountSpa(app: Hono<AppEnv>, distDir: string, settings: { contactEmail: string }): void {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    logger.warn(`${indexFile} not found: run "npm run build" to serve the web app`);
    return;
  }
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: false,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // A missing hashed asset (an old page after a deploy) is a 404, never the HTML page.
  app.get('/assets/*', (c) => c.notFound());
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name !== 'index.html') app.use(`/${entry.name}`, serveStatic({ root }));
  }
  const html = fs.readFileSync(indexFile, 'utf8').replace('__CONTACT_EMAIL__', escapeAttribute(settings.contactEmail));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
