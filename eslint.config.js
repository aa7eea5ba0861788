// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';

/**
 * `npm run lint`: the architecture's boundaries (eslint/boundaries.js), config read only in
 * server/env.ts, React hooks rules and accessibility rules for the web app, and TypeScript's
 * recommended checks. A stage of `npm test`: any error fails it.
 */
export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-firebase/**',
      'dist-server/**',
      'dist-ssr/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      'test-results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { boundaries },
    rules: {
      'boundaries/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Configuration is parsed once, with zod, in server/env.ts (the web app's in src/config/env.ts).
    files: ['server/**/*.ts', 'src/**/*.{ts,tsx}', 'domain/**/*.ts'],
    ignores: ['server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in server/env.ts (parsed once with zod) and pass it on.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: 'Read build-time settings in src/config/env.ts.',
        },
      ],
    },
  },
  {
    files: ['src/config/env.ts', 'src/gateway/index.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Ad videos are uploaded by agencies as they are, without caption files: an empty <track>
      // would only silence the rule. The creative's name, advertiser and analysis describe it.
      'jsx-a11y/media-has-caption': 'off',
    },
  },
  {
    // Command-line tools and test harnesses report on the console.
    files: ['scripts/**', 'bench/**', 'server/cli/**', 'tests/**', 'e2e/**', 'e2e-firebase/**', '*.config.*'],
    rules: { 'no-console': 'off' },
  },
);
