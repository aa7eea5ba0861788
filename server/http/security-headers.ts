import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers. Documents and API answers get the whole set; media and images may come from
 * the admin form's URLs. HSTS only when the public URL is https: browsers ignore it over plain http.
 *
 * The build's own scripts and styles under /assets/ get only what applies to a subresource
 * (nosniff, the resource policy, HSTS): the policies of a document (CSP, frame options…) do
 * nothing there, and over HTTP/1.1 they weighed ~600 bytes on each of the page's ~30 files.
 */
export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const strictTransportSecurity = publicUrl.startsWith('https://') ? 'max-age=15552000; includeSubDomains' : false;
  const documents = secureHeaders({
    strictTransportSecurity,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
  });
  const assets = secureHeaders({
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xContentTypeOptions: true,
  });
  return (c, next) => (c.req.path.startsWith('/assets/') ? assets(c, next) : documents(c, next));
}
