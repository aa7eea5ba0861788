/**
 * Id of the `<script type="application/json">` in which the server inlines the API answers of a
 * page's first render (server/http/first-view.ts), read by the web app's http transport
 * (src/gateway/http/first-view.ts).
 */
export const FIRST_VIEW_ELEMENT_ID = 'creatheque-first-view';

/**
 * Key of the statuses of the answers that are not 200 — the refusals a server-rendered page shows
 * (a share's password prompt, a creative not found) — in the same JSON object. Never an API URL.
 */
export const FIRST_VIEW_STATUS_KEY = '#status';
