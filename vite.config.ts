import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { pathAliases } from './path-aliases';

/** React's API, rendered by Preact in the browser build: the same components in a tenth of the bytes. */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: [...pathAliases, ...preactAliases] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads a lazy route's chunks with its HTML (server/http/route-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
