// Lint is where the architecture is enforced (DESIGN §2, CONVENTIONS 8–9). Each restriction says
// what to do instead.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'consent', 'refill', 'calculator', 'spareparts', 'profile', 'palette'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'storybook-static/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read settings from apps/server/src/config/env.ts (or apps/web/src/config/env.ts) instead.',
        },
        {
          object: 'import',
          property: 'meta',
          message: 'Read settings from apps/web/src/config/env.ts instead of import.meta.env.',
        },
      ],
    },
  },
  {
    // The modules that read the environment, and files that need import.meta for their own path.
    files: [
      'apps/server/src/config/env.ts',
      'apps/server/src/config/paths.ts',
      'apps/web/src/config/env.ts',
      '**/*.config.{ts,js}',
      '**/build.mjs',
      'scripts/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Boundaries (DESIGN §2): packages → features → app, one way.
    files: ['**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: move the shared piece down into src/lib or a package.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message:
                'Features must not import the app layer; pass what they need through props or src/lib.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message:
                'src/lib and src/config are shared: they may not depend on features or the app.',
            },
            {
              target: './packages',
              from: './apps',
              message: 'Packages never import apps: move the code into the package, or pass it in.',
            },
            {
              target: './packages/ui',
              from: ['./packages/contract', './packages/locales'],
              message:
                'The UI kit takes texts and data through props; it knows nothing of the API or translations.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.test', '**/*.test.*', '**/test/**', '**/e2e/**'],
              message:
                'Source never imports test files: move the shared helper into the source tree.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              message: 'The UI kit never routes: take an href or onPress prop instead.',
            },
            {
              name: '@tanstack/react-query',
              message: 'The UI kit never fetches: take data through props.',
            },
            {
              name: 'i18next',
              message: 'The UI kit takes texts through props (English defaults, app-translated).',
            },
            {
              name: 'react-i18next',
              message: 'The UI kit takes texts through props (English defaults, app-translated).',
            },
          ],
          patterns: [
            {
              group: ['**/*.test', '**/*.test.*', '**/test/**'],
              message:
                'Source never imports test files: move the shared helper into the source tree.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their helpers may import test helpers.
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // No phantom dependency: code imports only what its own package.json declares (a package
    // hoisted for someone else can vanish at any update). Tests may also use the root's tools.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, peerDependencies: true, optionalDependencies: false },
      ],
    },
  },
  {
    files: [
      'apps/*/src/**/*.test.{ts,tsx}',
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/testing/**',
      // Build scripts run with the root's build tools (vite, jsdom).
      'apps/*/scripts/**/*.mjs',
    ],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: true,
          packageDir: ['.', 'apps/server', 'apps/web', 'packages/ui', 'packages/contract'],
        },
      ],
    },
  },
);
