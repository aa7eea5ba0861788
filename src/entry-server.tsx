import { StrictMode, type ReactNode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ApiGet, FirstViewAnswer, PageAddress, PageRenderer } from '@domain/page-render';
import { firstViewQueries } from './app/first-view';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPageOf } from './app/router';
import { configureRuntime } from './config/env';
import { createHttpGateway, type HttpTransport } from './gateway/http';
import type { Gateway } from './gateway/types';
import { createQueryClient } from './lib/query-client';

/**
 * The pages rendered on the server (built by `vite build --ssr`, loaded by server/render/): the
 * same route components and first-view queries as the browser (src/main.tsx), rendered by React's
 * streaming renderer once every part of the page is ready, so that the HTML holds the cards, links
 * and details a visitor — or a crawler, or a browser without JavaScript — reads.
 */

/** Only GETs, each answer recorded (the page inlines them): a first render never writes. */
function recordingTransport(get: ApiGet, answers: Map<string, FirstViewAnswer>): HttpTransport {
  const refuse = () => Promise.reject(new Error('no write while rendering a page'));
  return {
    fetch: async (path, init) => {
      if ((init.method ?? 'GET') !== 'GET') return refuse();
      const res = await get(path);
      const text = await res.text();
      if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return new Response(text, { status: res.status });
      answers.set(path, { status: res.status, text });
      return new Response(text, { status: res.status, headers: { 'content-type': 'application/json' } });
    },
    upload: refuse,
    events: () => () => undefined,
  };
}

async function loadFirstView(url: PageAddress, get: ApiGet) {
  const answers = new Map<string, FirstViewAnswer>();
  const gateway: Gateway = createHttpGateway(recordingTransport(get, answers));
  const client = createQueryClient();
  // An answer is rendered as it came: a refusal is not asked again.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  await Promise.all(firstViewQueries(client, gateway, url));
  return { answers, gateway, client };
}

export const renderer: PageRenderer = {
  configure: configureRuntime,

  async firstView(url, get) {
    const { answers, client } = await loadFirstView(url, get);
    client.clear();
    return inPathOrder(answers);
  },

  async renderPage(url, get) {
    const [{ answers, gateway, client }] = await Promise.all([loadFirstView(url, get), preloadPageOf(url.pathname)]);
    const html = await renderWhole(
      <StrictMode>
        <AppProviders gateway={gateway} client={client}>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
    );
    client.clear();
    return { html, answers: inPathOrder(answers) };
  },
};

/**
 * The answers in the order of their paths, not of their arrival: the page inlines them, so the
 * same answers must make the same bytes (and the same ETag) whichever query finished first.
 */
function inPathOrder(answers: Map<string, FirstViewAnswer>): Map<string, FirstViewAnswer> {
  return new Map([...answers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The whole markup, streamed once every Suspense boundary has its content (onAllReady): no
 * fallback followed by a swapping script, so the page reads the same without JavaScript and needs
 * no inline script (the Content-Security-Policy allows none).
 */
function renderWhole(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(node, {
      // Never outline a large boundary to reveal it with a script later: the page is whole as sent.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => (failed ? undefined : stream.pipe(sink)),
      onShellError: reject,
      onError: (error) => {
        failed = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}
