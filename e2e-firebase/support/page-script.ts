import path from 'node:path';
import { build } from 'vite';
import { pathAliases } from '../../path-aliases';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * A module of the web app bundled by Vite as a script that sets a global (`name`): added to a page, it
 * runs there exactly as the app's code would (its imports, tesseract.js or the fingerprint, included).
 */
export async function pageScript(entry: string, name: string): Promise<string> {
  const result = await build({
    configFile: false,
    publicDir: false,
    logLevel: 'silent',
    resolve: { alias: pathAliases },
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(root, entry), formats: ['iife'], name, fileName: name },
    },
  });
  const [output] = (Array.isArray(result) ? result : [result]) as unknown as { output: { type: string; code?: string }[] }[];
  return output!.output.find((o) => o.type === 'chunk')!.code!;
}
