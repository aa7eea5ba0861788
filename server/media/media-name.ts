import crypto from 'node:crypto';

/**
 * A stored media name: a relative bucket path such as `creatives/1732170000000-4f9a1c2b.png`,
 * plain characters, no `..` segment, no empty segment, never starting with a dot — so the store's
 * own areas (`.tmp/`, `.staging/`) can never be named by a caller.
 */
const SAFE_NAME = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function isSafeMediaName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.split('/').includes('..') && !name.includes('//') && !name.endsWith('/');
}

export function randomMediaName(ext: string, now = Date.now()): string {
  return `creatives/${now}-${crypto.randomBytes(6).toString('hex')}.${ext}`;
}
