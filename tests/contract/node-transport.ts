import type { HttpTransport } from '@/gateway/http';
import { forEachServerSentEvent } from '../helpers/server-sent-events';

/**
 * The browser's behaviour for the http adapter when it runs in Node: absolute URLs, one cookie jar
 * per gateway (like one browser profile), the page's Origin on every request, SSE read from fetch.
 */
export function nodeTransport(baseUrl: string): HttpTransport {
  const jar = new Map<string, string>();
  const headersFor = (extra?: HeadersInit) => {
    const headers = new Headers(extra);
    headers.set('origin', baseUrl);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    return headers;
  };
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const call = async (path: string, init: RequestInit) =>
    remember(await fetch(new URL(path, baseUrl), { ...init, headers: headersFor(init.headers) }));

  return {
    fetch: call,
    upload: async (method, path, form, onProgress) => {
      const res = await call(path, { method, body: form });
      onProgress?.({ loaded: 1, total: 1 });
      return res;
    },
    events: (path, type, onData) => {
      const controller = new AbortController();
      void (async () => {
        const res = await fetch(new URL(path, baseUrl), { headers: headersFor(), signal: controller.signal });
        await forEachServerSentEvent(res.body!, (event, data) => {
          if (event === type) onData(data);
        });
      })().catch(() => {});
      return () => controller.abort();
    },
  };
}
