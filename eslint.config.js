import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Toasts go through lib/toast.ts, which mounts the container (and its stylesheet) with the first
// toast; react-toastify's own `toast` would wait in its queue for ever.
const toastThroughLib = {
  name: 'react-toastify',
  importNames: ['toast'],
  message: "import { toast } from '@/lib/toast': it mounts the toast container first",
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'scripts/*.d.mts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
      // Fastify plugins are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [toastThroughLib] }],
    },
  },
  {
    // A feature never imports another feature or a screen; routes compose features (docs/conventions.md §2).
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [toastThroughLib],
          patterns: [
            {
              group: ['@/features/*', '@/routes/*', '../../*/'],
              message: 'a feature never imports another feature or a route',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared folders never import features or routes (docs/conventions.md §2).
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [toastThroughLib],
          patterns: [
            {
              group: ['@/features/*', '@/routes/*'],
              message: 'shared folders must not import features or routes',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/toast.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Server layers (docs/architecture.md): routes → service → queries inside a
  // module; flows → services; a module never imports another module's queries; lib/ and db/
  // import no module. Types may cross (a row type names what a service hands over).
  ...serverLayers(),
  {
    // The orders module once was one 387-line function. Its functions stay under
    // 150 lines; the other services' factories (catalog, quotes, acceptance, auth) and the
    // checkout and payment-received flows are still longer and are split as they are touched.
    files: ['apps/server/src/modules/orders/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'drizzle-orm*', '@toolworks/*'],
              message: 'shared code runs in the browser and in Node',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      '.ci/**',
      'e2e/**',
      'bench/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/test/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Plain JS scripts have no tsconfig of their own: lint them without type information.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
)

/** One rule object per server layer; each file kind gets every pattern that applies to it. */
function serverLayers() {
  const rule = (...patterns) => ({
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
  })
  const forbid = (group, message) => ({ group, allowTypeImports: true, message })
  const otherModulesQueries = forbid(
    ['../*/*.queries.js'],
    "call the other module's service, never its queries",
  )
  const noFlowsFromModules = forbid(
    ['../../flows/*'],
    'a module never calls a flow: flows call modules (routes receive flows as options)',
  )
  const noRoutesBelow = forbid(['./*.routes.js', '../*/*.routes.js'], 'nothing calls a route')
  const notTests = ['**/*.test.ts']
  return [
    {
      files: ['apps/server/src/modules/**/*.ts'],
      ignores: notTests,
      rules: rule(otherModulesQueries, noFlowsFromModules, noRoutesBelow),
    },
    {
      files: ['apps/server/src/modules/**/*.routes.ts'],
      ignores: notTests,
      rules: rule(
        otherModulesQueries,
        noFlowsFromModules,
        noRoutesBelow,
        forbid(['./*.queries.js'], 'a route calls its service; SQL lives behind it'),
      ),
    },
    {
      files: ['apps/server/src/modules/**/*.queries.ts'],
      ignores: notTests,
      rules: rule(
        otherModulesQueries,
        noFlowsFromModules,
        noRoutesBelow,
        forbid(['./*.service.js', '../*/*.service.js'], 'queries are the bottom layer'),
      ),
    },
    {
      files: ['apps/server/src/flows/**/*.ts'],
      ignores: notTests,
      rules: rule(
        forbid(
          ['../modules/*/*.queries.js'],
          "a flow calls the modules' services, never their queries",
        ),
        forbid(['../modules/*/*.routes.js'], 'a flow calls services, never routes'),
      ),
    },
    {
      files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'],
      ignores: notTests,
      rules: rule(
        forbid(
          ['../modules/*', '../../modules/*', '../flows/*', '../../flows/*'],
          'lib/ and db/ import no module and no flow',
        ),
      ),
    },
  ]
}
