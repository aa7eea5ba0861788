// @ts-check
/**
 * The architecture's import boundaries as one lint rule (docs/architecture.md):
 *   - a feature (src/features/<f>/) never imports another feature: compose them in src/app/;
 *   - domain/ imports only zod (and other domain/ files): it runs everywhere;
 *   - server/ never imports src/ (the web app);
 *   - src/ imports only *types* from server/ (the typed client), never its code;
 *   - the Firebase SDK (`firebase`, `firebase/*`) only under src/gateway/firebase/ (and in the tests and
 *     bench/firebase/, which send raw requests to measure the rules).
 * Import paths are resolved (relative paths and the tsconfig aliases below) before the check, so
 * `../../other-feature/x` and `@/features/other-feature/x` are caught alike.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** tsconfig.base.json's "paths" (the one list of aliases): [['@domain/', 'domain/'], …]. */
const ALIASES = Object.entries(JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions.paths).map(
  ([alias, [target]]) => [alias.replace(/\*$/, ''), path.posix.normalize(target.replace(/\*$/, ''))],
);

/** The import specifier as a path relative to the repository root, or null for a package. */
function resolveImport(specifier, fromFile) {
  for (const [alias, target] of ALIASES) {
    if (specifier.startsWith(alias)) return path.posix.join(target, specifier.slice(alias.length));
  }
  if (!specifier.startsWith('.')) return null;
  const absolute = path.resolve(path.dirname(fromFile), specifier);
  return path.relative(root, absolute).split(path.sep).join('/');
}

const featureOf = (file) => /^src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** @returns {string | null} why this import breaks a boundary */
function violation(fromFile, specifier, typeOnly) {
  const target = resolveImport(specifier, path.resolve(root, fromFile));
  const packageName = target === null ? specifier : null;
  if (fromFile.startsWith('domain/')) {
    const testTool = /\.test\.ts$/.test(fromFile) && (packageName === 'vitest' || packageName === 'fast-check');
    if (packageName && !testTool && packageName !== 'zod' && !packageName.startsWith('zod/')) {
      return `domain/ imports only zod (found '${specifier}'): keep business rules pure`;
    }
    if (target && !target.startsWith('domain/')) return `domain/ imports only domain/ and zod (found '${specifier}')`;
    return null;
  }
  if (packageName && (packageName === 'firebase' || packageName.startsWith('firebase/'))) {
    if (!['src/gateway/firebase/', 'tests/', 'bench/firebase/'].some((dir) => fromFile.startsWith(dir))) {
      return `the Firebase SDK is imported only under src/gateway/firebase/ (found '${specifier}')`;
    }
  }
  if (!target) return null;
  if (fromFile.startsWith('server/') && target.startsWith('src/')) {
    return `server/ never imports the web app (src/): found '${specifier}'`;
  }
  if (fromFile.startsWith('src/') && target.startsWith('server/') && !typeOnly) {
    return `src/ may import only types from server/ (use 'import type'): found '${specifier}'`;
  }
  const from = featureOf(fromFile);
  const to = featureOf(target);
  if (from && to && from !== to) {
    return `features do not import each other (${from} → ${to}): compose them in src/app/ or share through src/components or src/lib`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: { type: 'problem', docs: { description: 'Import boundaries between domain, server, web app and features' }, schema: [] },
  create(context) {
    const fromFile = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (node, source, typeOnly) => {
      if (!source || typeof source.value !== 'string') return;
      const why = violation(fromFile, source.value, typeOnly);
      if (why) context.report({ node, message: why });
    };
    return {
      ImportDeclaration: (node) =>
        check(
          node,
          node.source,
          node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
        ),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null, false),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
