import { Hono } from 'hono';
import { etagOf, sendBody } from '../http/delivery/conditional-get';
import type { AppEnv, Deps } from '../http/context';
import { CreativePages, type CreativeEntry } from './creative-pages';
import { robotsTxt } from './robots';
import { SITEMAP_MAX_URLS, sitemapIndex, URLSET_CLOSE, URLSET_OPEN, urlEntry } from './sitemap-xml';
import { streamedXml, XML_TYPE } from './streamed-xml';

/** Figures of the sitemaps, smaller in tests. */
export interface SeoOptions {
  /** Creatives per file (default SITEMAP_MAX_URLS; tests use a few). */
  pageSize?: number;
  /** Rows per query while a file is written. */
  batchSize?: number;
  /** How long the files' first keys are kept (default 10 min; tests: 0). */
  pagingTtlMs?: number;
}

const CACHE_CONTROL = 'public, max-age=3600';
const CREATIVES_FILE = /^creatives-([1-9][0-9]{0,8})\.xml$/;

/**
 * What search engines read, outside the typed API: /robots.txt, /sitemap.xml (an index) and the
 * files it names — /sitemaps/pages.xml (the home page) and /sitemaps/creatives-<k>.xml (the
 * approved creatives, SITEMAP_MAX_URLS a file: creative-pages.ts). Public and cached an hour.
 */
export function seoRoutes(deps: Deps, options: SeoOptions = {}) {
  const base = deps.config.publicUrl;
  const pages = new CreativePages(deps.db, {
    pageSize: Math.min(options.pageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS),
    ttlMs: options.pagingTtlMs ?? 10 * 60_000,
    guard: deps.limits.expensiveQueries.guard,
  });
  const batchSize = options.batchSize ?? 5_000;
  const robots = robotsTxt(base);
  const cached = { 'Cache-Control': CACHE_CONTROL };

  return new Hono<AppEnv>()
    .get('/robots.txt', (c) => sendBody(c, robots, { contentType: 'text/plain; charset=UTF-8', etag: etagOf(robots), headers: cached }))
    .get('/sitemap.xml', async (c) => {
      const count = (await pages.pageStarts()).length;
      const files = [`${base}/sitemaps/pages.xml`, ...Array.from({ length: count }, (_, i) => `${base}/sitemaps/creatives-${i + 1}.xml`)];
      const xml = sitemapIndex(files);
      return sendBody(c, xml, { contentType: XML_TYPE, etag: etagOf(xml), headers: cached });
    })
    .get('/sitemaps/:file', async (c) => {
      const file = c.req.param('file');
      if (file === 'pages.xml') {
        const xml = URLSET_OPEN + urlEntry(`${base}/`) + URLSET_CLOSE;
        return sendBody(c, xml, { contentType: XML_TYPE, etag: etagOf(xml), headers: cached });
      }
      const match = CREATIVES_FILE.exec(file);
      const entries = match ? await pages.page(Number(match[1]), batchSize) : null;
      if (!entries) return c.notFound();
      return streamedXml(c, () => urlset(base, entries), cached);
    });
}

/** A file's XML, one piece per batch of creatives. */
async function* urlset(base: string, batches: AsyncGenerator<CreativeEntry[]>): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for await (const batch of batches) {
    let xml = '';
    for (const { id, lastmod } of batch) xml += urlEntry(`${base}/creatives/${encodeURIComponent(id)}`, lastmod);
    yield xml;
  }
  yield URLSET_CLOSE;
}
