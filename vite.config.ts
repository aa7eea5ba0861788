import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { pathAliases } from './path-aliases';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
    // dist/.vite/manifest.json: the server preloads a lazy route's chunks with its HTML (server/http/route-preloads.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
});
