import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Import aliases (`@domain/limits`, `@server/app`, `@/components/ui/button`), written once in
 * tsconfig.base.json's `paths` and read from there by the Vite and Vitest configs, so TypeScript,
 * the bundler, the test runner and tsx (root tsconfig.json extends the base) resolve them alike.
 */
const root = import.meta.dirname;
const tsconfig = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};

/** `{ find: '@domain/', replacement: '/abs/domain/' }` for each `"@domain/*": ["./domain/*"]`. */
export const pathAliases = Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => ({
  find: alias.replace(/\*$/, ''),
  replacement: path.join(root, target!.replace(/\*$/, '')) + '/',
}));
