import fs from 'node:fs';
import path from 'node:path';

/**
 * `<link rel="modulepreload">` of a lazy route's chunks, sent in the HTML of that route's pages
 * so the browser fetches them with the entry instead of after it (one round trip less on a slow
 * phone). Read from the build's manifest (vite.config.ts `build.manifest`); a route absent from it
 * (a renamed file, no build) gets none — the page still loads them itself.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The source file of each preloaded lazy route, by the paths it serves. */
const ROUTES: { pattern: RegExp; source: string }[] = [{ pattern: /^\/creatives\/[^/]+$/, source: 'src/app/routes/creative-route.tsx' }];

export function routePreloads(distDir: string): (pathname: string) => string {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // Chunks the HTML already loads (the entry and its static imports).
  const inHtml = new Set(Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? [...closure(key)] : [])));
  const links = ROUTES.map(({ pattern, source }) => {
    const files = [...closure(source)].filter((key) => !inHtml.has(key)).map((key) => manifest[key]!.file);
    return { pattern, tags: files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('') };
  });
  return (pathname) => links.find(({ pattern }) => pattern.test(pathname))?.tags ?? '';
}
