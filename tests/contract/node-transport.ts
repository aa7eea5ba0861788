import type { HttpTransport } from '@/gateway/http';

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
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === type && data !== undefined) onData(data);
          }
        }
      })().catch(() => {});
      return () => controller.abort();
    },
  };
}
