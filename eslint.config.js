// Lint is where the house rules live: type-aware strictness, React hooks, and the package boundaries
// (domain imports nothing of ours; server and web never import each other; web features stay apart).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./packages/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'scripts/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lab/*', '../../server/*', '../../web/*'], message: 'domain imports nothing of ours' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lab/web', '@lab/web/*', '**/web/src/**'], message: 'server never imports web' },
          ],
        },
      ],
    },
  },
  {
    // Other modules act on a case only through the cases kernel (load and lock, plan a status change,
    // save with audit); the rest of modules/cases is its own. Its test kit serves the tests.
    files: ['packages/server/src/**'],
    ignores: ['packages/server/src/modules/cases/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lab/web', '@lab/web/*', '**/web/src/**'], message: 'server never imports web' },
            {
              group: [
                '**/modules/cases/*',
                '../cases/*',
                '!../cases/kernel',
                '!../cases/cases-test-kit',
                // The app registers the module's routes.
                '!./modules/cases/routes',
              ],
              message: 'import the cases kernel (modules/cases/kernel.ts), not the module inside',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@lab/server', '@lab/server/*', '**/server/src/**'],
              message: 'web never imports server',
            },
          ],
        },
      ],
    },
  },
  {
    // Web features do not import each other: pages (src/app) compose them. The reference lists
    // (statuses, employees, job types …) are the one exception: every feature reads them.
    files: ['packages/web/src/features/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./packages/web/src/features/${feature}`,
            from: './packages/web/src/features',
            except: [...new Set([`./${feature}`, './reference'])],
          })),
        },
      ],
    },
  },
);
