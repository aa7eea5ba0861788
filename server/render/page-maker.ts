import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiGet, FirstViewAnswer, PageAddress, PageRenderer } from '@domain/page-render';
import { type EncodedVariants } from '../http/delivery/compression';
import { etagOf } from '../http/delivery/conditional-get';
import { escapeAttribute, firstViewHead } from '../http/delivery/first-view';
import { cacheKey, type ResponseCache } from '../cache/response-cache';
import { logger } from '../log';
import { headTags, pageTags } from './page-head';

/**
 * The HTML of a page of the web app. Visitors of the public pages — home (with its search,
 * filters and sort), a creative's page, a share link's pages — get it rendered on the server by
 * React (src/entry-server.tsx) from the same components and first-view answers the browser then
 * hydrates, so cards and their pictures paint before any script runs and without JavaScript at
 * all. Those pages are the same for every visitor: they are kept in the shared response cache and
 * forgotten by the same writes as the JSON they are made from. Other pages, and every page of a
 * signed-in user, are rendered in the browser, from the API answers of their first view inlined.
 */

export const HTML = 'text/html; charset=UTF-8';
/** The pages rendered on the server for visitors; `shared`: the same for every visitor, kept in the shared cache. */
const SERVER_RENDERED = [
  { pattern: /^\/$/, shared: true },
  { pattern: /^\/creatives\/[^/]+$/, shared: true },
  // A share link's page depends on the visitor's unlock cookie, and each opening counts as a view.
  { pattern: /^\/partage\/[^/]+(?:\/[^/]+)?$/, shared: false },
];
/** better-auth's session cookie (server/auth/auth.ts: cookiePrefix), `__Secure-` prefixed over https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?creatheque\.session_token=/;
const encoder = new TextEncoder();
const ROOT = '<div id="root">';
/** A module script of the head (the build's entry), with the space before it. */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*><\/script>/g;

export function hasSession(cookie: string | undefined): boolean {
  return cookie !== undefined && SESSION_COOKIE.test(cookie);
}

export interface PageTemplate {
  /** index.html up to `</head>` (its default title and description removed: each page writes its own). */
  head: string;
  /**
   * The head of a server-rendered page, made to paint before any script: without the
   * `<link rel="modulepreload">` of the entry's chunks (fetched that early they are compiled on
   * the main thread before the first paint — desktop LCP of home, median of 9: 716 ms with them,
   * 488 ms without; the entry still loads them, right after), and with the stylesheet inlined
   * (one round trip less before the first paint). Its entry script is at the end of the body.
   */
  paintFirstHead: string;
  /** From `</head>` to the inside of `<div id="root">`. */
  bodyStart: string;
  /** From the end of `#root`. */
  bodyEnd: string;
  /**
   * The same for a server-rendered page, with the entry script before `</body>`: a module script
   * runs after the page is parsed wherever it stands, but asked for last it leaves the phone's
   * bandwidth to the pictures first (phone LCP of home, median of 10: 1,616 ms in the head,
   * 1,380 ms at the end).
   */
  paintFirstBodyEnd: string;
}

/**
 * Cuts the built index.html where each page adds its head and its markup. `stylesheet` reads a
 * linked stylesheet of the build (its `href`), or says it has none (null: the link stays).
 */
export function pageTemplate(html: string, contactEmail: string, stylesheet: (href: string) => string | null = () => null): PageTemplate {
  // Replacements are functions: a string would read `$&`, `$'`… in the text as patterns.
  const page = html
    .replace('__CONTACT_EMAIL__', () => escapeAttribute(contactEmail))
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '');
  const headEnd = page.indexOf('</head>');
  if (headEnd < 0) throw new Error('index.html has no </head>');
  // Without a `#root` (a page that is not the web app's), the markup goes nowhere: the head still does.
  const open = page.indexOf(ROOT);
  const root = open < 0 ? page.length : open + ROOT.length;
  const rootEnd = open < 0 ? page.length : page.indexOf('</div>', root);
  const head = page.slice(0, headEnd);
  const bodyEnd = page.slice(rootEnd);
  const entryScripts = head.match(ENTRY_SCRIPT) ?? [];
  const paintFirstHead = head
    .replace(ENTRY_SCRIPT, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
      const css = stylesheet(href);
      // `</style` cannot occur in built CSS outside a string; refused all the same.
      return css === null || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    });
  const paintFirstBodyEnd = bodyEnd.replace(/(?=<\/body>)/, () => entryScripts.map((tag) => tag.trim()).join(''));
  return { head, paintFirstHead, bodyStart: page.slice(headEnd, root), bodyEnd, paintFirstBodyEnd };
}

export interface Page {
  body: Uint8Array<ArrayBuffer>;
  status: ContentfulStatusCode;
  etag: string;
  variants?: EncodedVariants;
  /** Whether a visitor's page came from the shared cache. */
  cache?: 'hit' | 'miss';
  /** Whether React rendered it on the server. */
  rendered?: boolean;
}

interface PageParts {
  template: PageTemplate;
  /** `<link rel="modulepreload">` of the page's lazy route (a client-rendered page only). */
  preloads: string;
  visitor: boolean;
}

export class PageMaker {
  constructor(private readonly options: { renderer: PageRenderer | null; cache: ResponseCache | undefined; publicUrl: string }) {}

  async page(address: PageAddress, get: ApiGet, parts: PageParts): Promise<Page> {
    const { renderer, cache } = this.options;
    if (!renderer) return this.assemble(parts, address, new Map(), null);
    const kind = parts.visitor ? SERVER_RENDERED.find(({ pattern }) => pattern.test(address.pathname)) : undefined;
    if (!kind) return this.assemble(parts, address, await renderer.firstView(address, get), null);
    if (!kind.shared || !cache?.available) return this.serverRendered(address, get, parts);
    // Only a rendered 200 page is kept; the others (not found, a fallback) are made for each request.
    let uncached: Page | undefined;
    const key = `page:${cacheKey(address.pathname, address.pathname + address.search)}`;
    const { entry, hit } = await cache.getOrLoad(key, async () => {
      const page = await this.serverRendered(address, get, parts);
      if (page.rendered && page.status === 200) return { body: page.body, contentType: HTML };
      uncached = page;
      return null;
    });
    if (entry) return { body: entry.body, status: 200, etag: entry.etag, variants: entry.variants, cache: hit ? 'hit' : 'miss' };
    return uncached ?? this.serverRendered(address, get, parts);
  }

  /** The page rendered by React; the client-rendered page when an answer it needs failed (5xx) or the render did. */
  private async serverRendered(address: PageAddress, get: ApiGet, parts: PageParts): Promise<Page> {
    const renderer = this.options.renderer!;
    try {
      const { html, answers } = await renderer.renderPage(address, get);
      const statuses = [...answers.values()].map((a) => a.status);
      if (statuses.some((s) => s >= 500)) return this.assemble(parts, address, answers, null);
      return this.assemble(parts, address, answers, html, statuses.includes(404) ? 404 : 200);
    } catch (error) {
      logger.error({ err: error, path: address.pathname }, 'server rendering failed: the page is rendered in the browser');
      return this.assemble(parts, address, await renderer.firstView(address, get), null);
    }
  }

  private assemble(
    parts: PageParts,
    address: PageAddress,
    answers: Map<string, FirstViewAnswer>,
    html: string | null,
    status: ContentfulStatusCode = 200,
  ): Page {
    const { template } = parts;
    const rendered = html !== null;
    const tags = headTags(pageTags(address, answers, this.options.publicUrl));
    const head = tags + (rendered ? '' : parts.preloads) + firstViewHead(answers, { refusals: rendered });
    const text =
      html !== null
        ? template.paintFirstHead + head + template.bodyStart + html + template.paintFirstBodyEnd
        : template.head + head + template.bodyStart + template.bodyEnd;
    const body = encoder.encode(text);
    return { body, status, etag: etagOf(body), rendered };
  }
}
