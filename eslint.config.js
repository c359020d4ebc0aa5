// Lint is where the architecture is enforced (docs/architecture.md). Each restriction says what to
// do instead.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of src/features is a feature: one added is walled off from the others at once.
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Boundaries: packages → features → app, one way. */
const sharedZones = [
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
    message: 'src/lib and src/config are shared: they may not depend on features or the app.',
  },
  {
    target: ['./apps/web/src/app', './apps/web/src/features', './apps/web/src/lib'],
    from: './apps/web/src/config/page-delivery.ts',
    message:
      "A page's delivery (reads, preloads, prerendering, budget) is for the build and the server: the app reads the page map.",
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
];

/**
 * The server's layers, lowest first: a layer imports only the layers below it. The folders of a
 * layer marked `apart` (http and mail, routes and seed) do not import each other either.
 */
const server = './apps/server/src';
const serverLayers = [
  {
    paths: ['config'],
    message: 'config reads the settings and depends on nothing else of the server.',
  },
  {
    paths: ['db'],
    message:
      'db holds the schema, the client and migrations: pass what it needs in, or move the rule down into db.',
  },
  {
    paths: ['services'],
    message:
      'Services know nothing of HTTP, the mail worker, routes or seeds: throw a DomainError with a contract code, and let the caller do the rest.',
  },
  {
    paths: ['http', 'mail'],
    apart: true,
    message:
      'http (request plumbing) and mail (the worker and transports) sit on the services: move the shared piece down into services, or wire it in app.ts.',
  },
  {
    paths: ['routes', 'seed'],
    apart: true,
    message:
      'Routes and seed steps build on services and http: move the shared piece down, or wire it in app.ts.',
  },
  // The top: wires everything together (metrics observe the app, the pool and the mail).
  { paths: ['app.ts', 'server.ts', 'cli', 'metrics'], message: '' },
];
const serverZones = serverLayers
  .flatMap((layer, index) => {
    const above = serverLayers.slice(index + 1).flatMap((higher) => higher.paths);
    const beside = (name) => (layer.apart ? layer.paths.filter((path) => path !== name) : []);
    return layer.paths.map((path) => ({
      target: `${server}/${path}`,
      from: [...above, ...beside(path)].map((higher) => `${server}/${higher}`),
      message: layer.message,
    }));
  })
  .filter((zone) => zone.from.length > 0);

/**
 * Controls the kit draws itself, in the page's language and the kit's look: the browser's own
 * write days as its locale does ("mm/dd/yyyy" on a French page) and look like no other field.
 */
const nativeControls = [
  {
    selector: "JSXOpeningElement[name.name='select']",
    message:
      "Use the kit's Dropdown (@portal/ui/dropdown) with the page's texts (useDropdownLabels from '@/lib/kit-fields') instead of a native <select>.",
  },
  {
    selector:
      "JSXOpeningElement > JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|month|week|time)$/]",
    message:
      "Use DayField from '@/lib/kit-fields' (or the kit's DatePicker or TimeField) instead of a native date or time input: it shows and takes days in the page's language.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
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
    // CommonJS that any Node.js parses (scripts/check-node-version.cjs): require, and a catch
    // binding even where it is unused, since an old Node.js cannot parse `catch {`.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
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
          zones: sharedZones,
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
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'i18next',
              message: "Use the app's i18next instance (`i18n`) and types from '@/lib/i18n'.",
            },
            {
              name: 'react-i18next',
              message:
                "Use useTranslation and Trans from '@/lib/i18n': its useTranslation keeps the namespaces' order and the app's defaults.",
            },
          ],
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
    // The app's i18next is set up in one place (lib/i18n.tsx); its tests and the build's
    // prerendering make instances of their own with the same options.
    files: [
      'apps/web/src/lib/i18n.tsx',
      'apps/web/src/lib/text-sources.ts',
      'apps/web/src/prerender/render.tsx',
      'apps/web/**/*.test.{ts,tsx}',
    ],
    rules: {
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
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...nativeControls] },
  },
  {
    // A lifecycle's states, labels and allowed actions come from the contract's tables, which the
    // server enforces: a screen that compares a status by hand drifts from them. (One rule holds
    // every restricted syntax of a file: the native controls are listed again here.)
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...nativeControls,
        ...[
          "BinaryExpression[operator=/^[!=]==?$/][left.property.name='status'][right.raw=/^['\"`]/]",
          "BinaryExpression[operator=/^[!=]==?$/][left.name='status'][right.raw=/^['\"`]/]",
          "BinaryExpression[operator=/^[!=]==?$/][right.property.name='status'][left.raw=/^['\"`]/]",
          "BinaryExpression[operator=/^[!=]==?$/][right.name='status'][left.raw=/^['\"`]/]",
          "SwitchStatement[discriminant.property.name='status']",
        ].map((selector) => ({
          selector,
          message:
            "A status is never compared by hand: take the actions from the contract's lifecycle tables (customerActions, customerFollowUps, the document statuses), the word from common:workflow.status, or key a record by every state.",
        })),
      ],
    },
  },
  {
    // The server's layers point one way (tests may reach any layer for their fixtures).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...sharedZones, ...serverZones] }],
      // Two modules that import each other are one module in two files, or a layer upside down.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
