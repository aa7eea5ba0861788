import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ocrAssets } from './build/ocr-assets';
import { precompress } from './build/precompress';
import { pathAliases } from './path-aliases';

export default defineConfig({
  plugins: [react(), tailwindcss(), ocrAssets(), precompress()],
  resolve: { alias: pathAliases },
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
    // dist/.vite/manifest.json: the server preloads a lazy route's chunks with its HTML (server/http/delivery/route-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // domain/ holds rules and messages, nothing that acts when loaded: a module whose exports the
      // first page does not use (the server's default error messages) is not loaded with it.
      treeshake: { moduleSideEffects: (id: string) => !/\/domain\/[^/]+\.ts$/.test(id) },
      output: {
        // The few rules and messages the first page uses, apart from every message of the app.
        advancedChunks: { groups: [{ name: 'rules', test: /\/domain\/(?:messages-shell|limits|shares)\.ts$/ }] },
      },
    },
  },
});
