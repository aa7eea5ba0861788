import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers for every response; media and images may come from the admin form's URLs.
 * HSTS only when the public URL is https: browsers ignore it over plain http.
 */
export const securityHeaders = (publicUrl: string) =>
  secureHeaders({
    strictTransportSecurity: publicUrl.startsWith('https://') ? 'max-age=15552000; includeSubDomains' : false,
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
