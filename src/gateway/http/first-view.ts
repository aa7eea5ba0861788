import { FIRST_VIEW_ELEMENT_ID } from '@domain/first-view';

/**
 * The API answers the server inlined in the page for its first render (server/http/first-view.ts):
 * each is handed out once, to the first GET of its URL, instead of a round trip. A later GET of
 * the same URL (a refetch after a like, a visit back) goes to the server as usual, and those left
 * unused are dropped after the first write or 30 s, so that none can be served stale. Absent (the
 * Vite dev server, the Firebase mode, a page without them), every GET goes to the network.
 */
let answers: Map<string, unknown> | null = null;

function inlined(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (element?.textContent) {
    try {
      for (const [url, body] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) answers.set(url, body);
    } catch {
      /* unreadable: the page asks the API */
    }
  }
  return answers;
}

/** Path + query string with its parameters sorted, as the server keys them. */
function keyOf(path: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.sort();
  return url.pathname + url.search;
}

/** Past this time after the page loaded, or after any write, an answer left unused may be stale. */
const FRESH_FOR_MS = 30_000;

/** Drops the answers not used yet: a write may have changed them. */
export function forgetFirstViewAnswers(): void {
  inlined().clear();
}

/** The inlined answer of a GET of `path` as a 200 JSON response, once; null when there is none. */
export function takeFirstViewAnswer(path: string): Response | null {
  const store = inlined();
  if (store.size === 0) return null;
  if (typeof performance !== 'undefined' && performance.now() > FRESH_FOR_MS) {
    store.clear();
    return null;
  }
  const key = keyOf(path);
  if (!store.has(key)) return null;
  const body = store.get(key);
  store.delete(key);
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}
