import { GatewayError, type FolderZip } from '../types';
import type { HttpClient } from './client';

/**
 * A ZIP the server streams: its route's HEAD first, so that a refusal becomes a GatewayError before
 * anything is saved, then the address for the browser's downloader (nothing goes through the page's
 * memory). A HEAD answer has no body, so no error code or message: `refusals` tells the route's few
 * refusals apart by their status.
 */
export async function streamedZip(
  ok: HttpClient['ok'],
  head: Parameters<HttpClient['ok']>[0],
  url: string,
  refusals: Partial<Record<number, GatewayError>>,
): Promise<FolderZip> {
  await ok(head).catch((err: unknown) => {
    throw err instanceof GatewayError ? (refusals[err.status] ?? err) : err;
  });
  return { kind: 'url', url };
}
