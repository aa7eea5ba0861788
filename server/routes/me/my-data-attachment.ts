import type { Context } from 'hono';
import { myDataFileName } from '@domain/my-data';
import { jsonStream, type StreamedObject } from '@server/services/my-data/json-stream';

/**
 * The export as a download: `creatheque-mes-donnees-YYYY-MM-DD.json`, never cached, written as the
 * client reads it (no length). A failure half-way aborts the answer: a truncated file never passes
 * for a complete one. HEAD gets the headers only.
 */
export function myDataAttachment(c: Context, document: StreamedObject, now = new Date()): Response {
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${myDataFileName(now)}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  return new Response(c.req.method === 'HEAD' ? null : jsonStream(document), { status: 200, headers });
}
