import type { Context } from 'hono';
import { folderZipAsciiName, folderZipName } from '@domain/folder-zip';

/** RFC 5987 `ext-value`: UTF-8, percent-encoded, with the few characters encodeURIComponent leaves that attr-char forbids. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The answer carrying a streamed ZIP (server/services/creatives-zip.ts) named after `title` (a
 * folder's name): an attachment with a plain ASCII `filename` and the accented one in `filename*`,
 * never cached, never compressed (nothing here goes through server/http/delivery/compression.ts: media are
 * already compressed and the body is a stream), no length (it is written as it is read). A HEAD
 * gets the headers only, and `body` is not even made: the web app asks it first to learn about an
 * error before it hands the address to the browser's downloader.
 */
export function zipAttachment(c: Context, title: string, body: () => ReadableStream<Uint8Array>): Response {
  const headers = {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${folderZipAsciiName(title)}"; filename*=UTF-8''${rfc5987(folderZipName(title))}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  return new Response(c.req.method === 'HEAD' ? null : body(), { status: 200, headers });
}
