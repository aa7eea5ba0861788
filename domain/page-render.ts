/**
 * What the server-side renderer (src/entry-server.tsx, built by `vite build --ssr`) offers the
 * server (server/render/): the first-view answers of a page, and the page rendered to HTML.
 */

/** One API answer a page's first render used. */
export interface FirstViewAnswer {
  status: number;
  /** The JSON text, as the API sent it. */
  text: string;
}

/** An API answer (a fetch Response). */
export interface ApiAnswer {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** Answers a GET of the API in-process (the server's own app, with the visitor's cookie). */
export type ApiGet = (path: string) => Promise<ApiAnswer>;

/** The page asked for: path and query string (`?…` or empty). */
export interface PageAddress {
  pathname: string;
  search: string;
}

export interface PageRenderer {
  /** The settings the server also writes into the page (its meta tags), so both render the same. */
  configure(settings: { contactEmail: string }): void;
  /** The API answers of the first render of `url`, by API URL, without rendering it (a client-rendered page). */
  firstView(url: PageAddress, get: ApiGet): Promise<Map<string, FirstViewAnswer>>;
  /** The markup of `#root` for `url`, and the answers it was rendered from. */
  renderPage(url: PageAddress, get: ApiGet): Promise<{ html: string; answers: Map<string, FirstViewAnswer> }>;
}
