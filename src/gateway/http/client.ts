import type { UploadProgress } from '../types';
import { expectOk, type HttpTransport } from './transport';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | string[] | null | undefined;

export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, v));
    else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The calls every http module makes, bound to one transport. */
export interface HttpClient {
  send(method: Method, path: string, body?: unknown): Promise<Response>;
  api<T>(method: Method, path: string, body?: unknown): Promise<T>;
  upload<T>(method: 'POST' | 'PATCH', path: string, form: FormData, onProgress?: (p: UploadProgress) => void): Promise<T>;
  events: HttpTransport['events'];
}

export function createClient(transport: HttpTransport): HttpClient {
  const send = (method: Method, path: string, body?: unknown) =>
    expectOk(
      transport.fetch(path, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return {
    send,
    api: async <T>(method: Method, path: string, body?: unknown) => (await (await send(method, path, body)).json()) as T,
    upload: async <T>(method: 'POST' | 'PATCH', path: string, form: FormData, onProgress?: (p: UploadProgress) => void) =>
      (await (await expectOk(transport.upload(method, path, form, onProgress))).json()) as T,
    events: transport.events,
  };
}
