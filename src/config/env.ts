/**
 * The whitelisted build-time variables the web app may read (VITE_*), checked once.
 * Plain code rather than zod so the home page's initial bundle does not carry a schema library.
 */
const BACKENDS = ['http'] as const;
type Backend = (typeof BACKENDS)[number];

function parseBackend(value: unknown): Backend {
  const backend = value === undefined || value === '' ? 'http' : value;
  if (!(BACKENDS as readonly unknown[]).includes(backend)) {
    throw new Error(`Invalid web app configuration: VITE_BACKEND must be one of ${BACKENDS.join(', ')}`);
  }
  return backend as Backend;
}

export const clientEnv = {
  backend: parseBackend(import.meta.env.VITE_BACKEND),
};

/** Runtime settings the server writes into index.html (server/http/spa.ts). */
function meta(name: string): string | null {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return value && !value.startsWith('__') ? value : null;
}

export const runtimeConfig = {
  contactEmail: meta('creatheque:contact-email') ?? 'contact@creatheque.fr',
};
