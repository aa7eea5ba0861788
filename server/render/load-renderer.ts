import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '@domain/page-render';
import { logger } from '../log';

/**
 * The web app's server-side renderer, built beside the web app (`npm run build`: dist-ssr/). Without
 * it (a server run from its sources before any build) every page is rendered in the browser.
 */
export async function loadPageRenderer(file: string): Promise<PageRenderer | null> {
  if (!fs.existsSync(file)) {
    logger.warn(`${file} not found: run "npm run build" to render the public pages on the server`);
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as { renderer: PageRenderer };
  return module.renderer;
}
