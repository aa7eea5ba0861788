import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { MediaStore } from './store';

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

export function contentTypeOf(name: string): string | null {
  return CONTENT_TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? null;
}

/** Parses a single `bytes=a-b` range; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Streams a stored file (from whichever store: the server stays the only door to the media, see
 * docs/decisions/009-several-instances-media.md) with its content type, HTTP Range support (video seeking) and either
 * long-lived public caching (names are unique), or none for a download (an attachment) and for a
 * file only some may see (`restricted`: a pending creative's media).
 */
export async function serveFile(
  c: Context,
  store: MediaStore,
  name: string,
  contentType: string,
  options: { downloadName?: string; restricted?: boolean } = {},
): Promise<Response> {
  const stat = await store.stat(name);
  if (!stat) return c.notFound();
  const size = stat.size;
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
  };
  if (options.downloadName) headers['Content-Disposition'] = `attachment; filename="${options.downloadName}"`;
  headers['Cache-Control'] = options.downloadName || options.restricted ? 'private, no-store' : 'public, max-age=31536000, immutable';
  const range = parseRange(c.req.header('range'), size);
  if (range === 'invalid') {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  const stream = c.req.method === 'HEAD' || length === 0 ? null : await store.read(name, { start, end });
  // Deleted between the two calls: as if it had never been there.
  if (stream === null && c.req.method !== 'HEAD' && length > 0) return c.notFound();
  const body = stream && (Readable.toWeb(stream) as ReadableStream<Uint8Array>);
  headers['Content-Length'] = String(length);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  return new Response(body, { status: range ? 206 : 200, headers });
}
