/**
 * How `npm start` runs the built server, read from package.json so that the benchmarks measure the
 * same process: the environment it sets for the C library (glibc's malloc) and the flags it gives
 * node before `dist-server/index.js`. Throws when the script no longer has that shape, rather than
 * measuring something else.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface StartCommand {
  /** Variables set on the server's process (e.g. MALLOC_MMAP_THRESHOLD_). */
  env: Record<string, string>;
  /** Flags given to node before the entry (e.g. --max-semi-space-size=8). */
  nodeFlags: string[];
}

const ENTRY = 'dist-server/index.js';

export function parseStartScript(script: string): StartCommand {
  const run = script.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; i < run.length && /^[A-Z_][A-Z0-9_]*=/.test(run[i]!); i++) {
    const [name, ...value] = run[i]!.split('=');
    env[name!] = value.join('=');
  }
  if (run[i] === 'exec') i++;
  const entry = run.indexOf(ENTRY, i);
  if (run[i] !== 'node' || entry < 0)
    throw new Error(`npm start n'a plus la forme attendue « [VAR=valeur…] exec node [options…] ${ENTRY} » : ${script}`);
  return { env, nodeFlags: run.slice(i + 1, entry) };
}

export function startCommand(): StartCommand {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return parseStartScript(manifest.scripts.start!);
}
