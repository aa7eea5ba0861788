/**
 * robots.txt (RFC 9309): crawlers may read the gallery and the creatives' pages, listed in the
 * sitemap; never the API, the pages behind an account (src/config/paths.ts: the server may not
 * import the web app), the share links (a folder's private token) nor the gallery's filtered and
 * searched views — every `?` combination of filters is a page of its own, a crawl without end,
 * while the sitemap already names each creative once.
 */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/agency',
  '/account',
  '/favorites',
  '/folders',
  '/submit',
  '/partage/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/creatives/*/edit',
  '/*?',
];

/** The file, naming the sitemap by its absolute address (the protocol requires one). */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}
