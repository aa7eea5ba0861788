import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root (the folder holding package.json), found from this module's location. It works
 * both when the server runs from its sources (server/…, through tsx in tests and `npm run dev:server`)
 * and from its build (dist-server/…), where a path relative to the module would point elsewhere.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${from}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Files the server reads at run time, kept in the source tree. */
export const serverPaths = {
  dist: path.join(projectRoot, 'dist'),
  /** The server-side renderer of the web app's pages (`vite build --ssr src/entry-server.tsx`). */
  pageRenderer: path.join(projectRoot, 'dist-ssr', 'entry-server.js'),
  migrations: path.join(projectRoot, 'server', 'db', 'migrations'),
  seedAssets: path.join(projectRoot, 'server', 'db', 'seed', 'assets'),
  packageJson: path.join(projectRoot, 'package.json'),
};
