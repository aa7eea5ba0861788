import { hc } from 'hono/client';
// Types only: the server's code never reaches the web bundle (eslint/boundaries.js checks it).
import type { App } from '@server/app';
import { SHELL_MSG } from '@domain/messages-shell';
import { GatewayError, type UploadProgress } from '../types';
import { expectOk, type HttpTransport } from './transport';

/** The routes under /api as `hc` sees them: paths, params, inputs and response bodies come from server/app.ts. */
export type Api = ReturnType<typeof hc<App>>['api'];

/** What every answer of the typed client offers (a fetch Response whose json() is typed by the route). */
interface Answer {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** The JSON body of a typed answer: the union of the route's successful `c.json(…)` values. */
export type JsonOf<R extends Answer> = Awaited<ReturnType<R['json']>>;

/** The calls every http module makes, bound to one transport. */
export interface HttpClient {
  /** Typed routes: `api.creatives[':id'].$get({ param: { id } })`. */
  api: Api;
  /** Awaits a call; a non-2xx answer or a network failure becomes a GatewayError. */
  ok<R extends Answer>(call: Promise<R>): Promise<R>;
  /** Same, then the answer's JSON body, typed by the route. */
  json<R extends Answer>(call: Promise<R>): Promise<JsonOf<R>>;
  /**
   * Request options that send a multipart form through the transport's upload, which reports
   * progress: fetch cannot (no upload progress events), so the browser transport uses
   * XMLHttpRequest. hc still builds the URL and method and types the answer.
   */
  upload(form: FormData, onProgress?: (p: UploadProgress) => void): { fetch: typeof fetch };
  events: HttpTransport['events'];
}

/**
 * A path parameter, percent-encoded (hc inserts params as they are). An empty one would make hc
 * drop the segment (`/api/creatives/` would become `/api/creatives`, the gallery): it is refused
 * with the server's answer to an empty segment. Callers are async, so this becomes a rejection.
 */
export function segment(value: string): string {
  if (!value) throw new GatewayError('NOT_FOUND', SHELL_MSG.notFound, 404);
  return encodeURIComponent(value);
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function createClient(transport: HttpTransport): HttpClient {
  // Same origin: hc builds root-relative paths (`/api/…`) and hands them to the transport.
  const client = hc<App>('', { fetch: (input: RequestInfo | URL, init?: RequestInit) => transport.fetch(urlOf(input), init ?? {}) });
  const ok = <R extends Answer>(call: Promise<R>) => expectOk(call);
  return {
    api: client.api,
    ok,
    json: <R extends Answer>(call: Promise<R>) => ok(call).then((res) => res.json() as Promise<JsonOf<R>>),
    upload: (form, onProgress) => ({
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method;
        if (method !== 'POST' && method !== 'PATCH') throw new Error(`upload: unsupported method ${method}`);
        return transport.upload(method, urlOf(input), form, onProgress);
      },
    }),
    events: transport.events,
  };
}
