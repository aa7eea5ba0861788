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
      input: { index: 'server/index.ts' },
      // Stack traces need the mappings, not the sources: the map stays small in the server's memory.
      output: { format: 'es', entryFileNames: '[name].js', sourcemapExcludeSources: true },
    },
  },
});
