import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases';

/**
 * The bundle-size budget: needs `vite build` first, so it is not part of the default
 * `vitest run`. Run by scripts/test-all.mjs after the build, or:
 *   npx vite build && npx vitest run --config vitest.budget.config.ts
 */
export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    name: 'budget',
    environment: 'node',
    include: ['tests/budget/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
