import { defineConfig } from 'vite';
import { pathAliases } from './path-aliases';

/**
 * The API server compiled to plain JavaScript (dist-server/), so `npm start` runs one Node process
 * without a TypeScript loader. Packages stay external (loaded from node_modules at run time).
 */
export default defineConfig({
  publicDir: false,
  resolve: { alias: pathAliases },
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      // The OCR pool's thread is a module of its own, loaded by path (server/analysis/ocr/ocr-analyser.ts).
      input: { index: 'server/index.ts', 'ocr-worker': 'server/analysis/ocr/ocr-worker.ts' },
      // Stack traces need the mappings, not the sources: the map stays small in the server's memory.
      // Chunks sit beside the entries, so a module finds the thread's file next to itself.
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', sourcemapExcludeSources: true },
    },
  },
});
