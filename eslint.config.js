import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const here = import.meta.dirname;

// How import-x finds and reads the files behind an import: TypeScript's resolution (`.js`
// specifiers to `.ts` sources included), and TypeScript files parsed as such, so the cycle
// check follows imports through them.
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createTypeScriptImportResolver()],
};

/**
 * The web app's layers (docs/ARCHITECTURE.md, "Web boundaries"): a feature folder imports
 * only itself and the shared layers (components, hooks, lib, @cadence/shared); the shared
 * layers import no feature; only `app/` composes features. Answers the flat-config block
 * for the `src` folder given, so scripts/lint-rules.test.ts can prove it on fixtures too.
 */
export function featureBoundaries(srcDir) {
  const relative = path.relative(here, srcDir).split(path.sep).join('/');
  const featuresDir = path.join(srcDir, 'features');
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = [
    ...features.map((feature) => ({
      target: `./${relative}/features/${feature}`,
      from: `./${relative}/features`,
      except: [`./${feature}`],
      message: `A feature imports no other feature: move what both use to components/, hooks/ or lib/, or compose them in app/.`,
    })),
    ...['components', 'hooks', 'lib'].map((layer) => ({
      target: `./${relative}/${layer}`,
      from: `./${relative}/features`,
      message: `Shared code (${layer}/) imports no feature.`,
    })),
  ];
  return {
    files: [`${relative}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-restricted-paths': ['error', { zones, basePath: here }] },
  };
}

/**
 * The server's modules (docs/ARCHITECTURE.md, "Server folders"): each folder in
 * `src/modules` is entered only through its door, its `index.ts`. A module's own files
 * import each other freely; anything else (another module, app.ts, container.ts, worker.ts,
 * jobs/, the CLI, the demo, the tests) imports only the door, for values and types alike.
 * lib/, integrations/ and db/ import no module at all. Answers the zones for the server
 * folder given (apps/server), so scripts/lint-rules.test.ts can prove them on fixtures too.
 */
export function serverModuleZones(serverDir) {
  const relative = path.relative(here, serverDir).split(path.sep).join('/');
  const modules = readdirSync(path.join(serverDir, 'src/modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  // Every file of the server but those of `module`.
  const outside = (module) => [
    `./${relative}/*`,
    `./${relative}/!(src)/**`,
    `./${relative}/src/*`,
    `./${relative}/src/!(modules)/**`,
    `./${relative}/src/modules/!(${module})/**`,
  ];
  return [
    ...modules.map((module) => ({
      target: outside(module),
      from: `./${relative}/src/modules/${module}`,
      except: ['./index.ts'],
      message: `Outside ${module}/, import it only through its door, modules/${module}/index.ts: export from there what others need, or move a helper several modules share to lib/.`,
    })),
    {
      target: ['lib', 'integrations', 'db'].map((layer) => `./${relative}/src/${layer}`),
      from: `./${relative}/src/modules`,
      message: 'Shared server code (lib/, integrations/, db/) imports no module.',
    },
  ];
}

/** The flat-config block holding the server's module doors on every server file, tests too. */
export function serverModuleDoors(serverDir) {
  const relative = path.relative(here, serverDir).split(path.sep).join('/');
  return {
    files: [`${relative}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: serverModuleZones(serverDir), basePath: here },
      ],
    },
  };
}

/**
 * No import cycles in the given folders. Type-only imports (`import type`) are left out by
 * the rule: they vanish at build time, so they cannot leave a module half-initialised.
 */
export function noImportCycles(globs) {
  return {
    files: globs,
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}

/**
 * The stand-ins for the outside world (packages/fakes) are product code the demo ships:
 * product code imports nothing from the server's tests, the stand-ins import nothing from
 * the apps, and the server itself never reaches a stand-in (only the demo starts them).
 */
export function standInBoundaries() {
  return [
    {
      files: ['apps/server/{src,demo}/**/*.ts', 'packages/*/src/**/*.ts'],
      // Unit tests beside the code may use the test helpers.
      ignores: ['**/*.test.ts'],
      plugins: { 'import-x': importX },
      settings: importSettings,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: here,
            zones: [
              {
                target: ['./apps/server/src', './apps/server/demo', './packages'],
                from: './apps/server/test',
                message:
                  'Product code imports nothing from the tests: move what it needs out of test/.',
              },
              {
                target: './packages',
                from: './apps',
                message: 'A workspace package imports nothing from the apps.',
              },
              // ESLint keeps one set of options per rule and file: the server's product code
              // keeps its module doors here too (serverModuleDoors).
              ...serverModuleZones(path.join(here, 'apps/server')),
            ],
          },
        ],
      },
    },
    noImportCycles(['packages/fakes/src/**/*.ts']),
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              {
                name: '@cadence/fakes',
                message:
                  'The server talks to the real services; only the demo and tests start stand-ins.',
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * What the browser loads builds its schemas with `zod/mini`: classic zod does not tree-shake
 * and costs every page about 15 KB gzip more (docs/decisions/110). The server keeps classic
 * zod for its own schemas; both kinds compose, and the server's validation and OpenAPI
 * output read the shared ones as they are.
 */
const classicZod = {
  name: 'zod',
  message:
    "Import { z } from 'zod/mini' here (functions, not methods: z.optional(s), s.check(z.maxLength(n, 'message'))); see docs/decisions/110.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'data-demo/**',
      'e2e/.artifacts/**',
      '**/test-results/**',
      // Deliberately broken code that scripts/lint-rules.test.ts lints on its own.
      'scripts/lint-fixtures/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests render what ships: one render helper (React DOM's createRoot in StrictMode, as
    // main.tsx does), not each file its own root or another renderer.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/main.tsx', 'apps/web/src/test/render.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-dom/client', 'react-dom/server', 'react-dom/test-utils'].map((name) => ({
              name,
              message: 'Render components in tests through apps/web/src/test/render.tsx.',
            })),
            classicZod,
          ],
        },
      ],
    },
  },
  {
    // The shared schemas are what the browser loads: zod/mini, which tree-shakes.
    files: ['packages/shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [classicZod] }] },
  },
  featureBoundaries(path.join(here, 'apps/web/src')),
  serverModuleDoors(path.join(here, 'apps/server')),
  noImportCycles(['apps/web/src/**/*.{ts,tsx}', 'apps/server/{src,demo}/**/*.ts']),
  standInBoundaries(),
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
