/**
 * Id of the `<script type="application/json">` in which the server inlines the API answers of a
 * page's first render (server/http/first-view.ts), read by the web app's http transport
 * (src/gateway/http/first-view.ts).
 */
export const FIRST_VIEW_ELEMENT_ID = 'creatheque-first-view';
