import { FIRST_VIEW_ELEMENT_ID, FIRST_VIEW_STATUS_KEY } from '@domain/first-view';

/**
 * The API answers the server inlined in the page for its first render (server/http/delivery/first-view.ts):
 * each is handed out once, to the first GET of its URL, instead of a round trip. A later GET of
 * the same URL (a refetch after a like, a visit back) goes to the server as usual, and those left
 * unused are dropped after the first write or 30 s, so that none can be served stale. Absent (the
 * Vite dev server, the Firebase mode, a page without them), every GET goes to the network.
 */
let answers: Map<string, { body: unknown; status: number }> | null = null;

function inlined(): Map<string, { body: unknown; status: number }> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (element?.textContent) {
    try {
      const { [FIRST_VIEW_STATUS_KEY]: statuses = {}, ...bodies } = JSON.parse(element.textContent) as Record<string, unknown>;
      for (const [url, body] of Object.entries(bodies))
        answers.set(url, { body, status: (statuses as Record<string, number | undefined>)[url] ?? 200 });
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

/** The inlined answer of a GET of `path` as a JSON response (200, or the refusal a server-rendered page showed), once; null when there is none. */
export function takeFirstViewAnswer(path: string): Response | null {
  const store = inlined();
  if (store.size === 0) return null;
  if (typeof performance !== 'undefined' && performance.now() > FRESH_FOR_MS) {
    store.clear();
    return null;
  }
  const key = keyOf(path);
  if (!store.has(key)) return null;
  const { body, status } = store.get(key)!;
  store.delete(key);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
