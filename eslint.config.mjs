// Lint rules that keep the architecture whole (docs/development.md#layout):
// libs are imported only from their root, libs never import apps, libs/endpoint stays
// free of Nest and Node built-ins, only *.module.ts files in rules/storage import Nest,
// and the rate limit service's source imports only down its layers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const deepLibImport = {
  group: ['@repo/*/*', '**/libs/*/src/*', '../../libs/**', '../../../libs/**'],
  message: 'Import a lib only from its root, e.g. @repo/rules (docs/development.md#layout).',
};
const appImport = { group: ['**/apps/**'], message: 'Libs never import apps (docs/development.md#layout).' };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/**
 * apps/ratelimit/src in layers, the lowest first: a file imports from its own layer and those
 * below, never from one above. Each entry is a folder or a file (without .ts) directly in src/.
 */
const RATELIMIT_LAYERS = [
  ['settings', 'errors', 'clock', 'core-tokens', 'rate-limit-types', 'release-start-up-memory'],
  ['logging', 'tracing'],
  ['listener-limits', 'open-connections', 'read-body', 'http-listener', 'http-server-limits'],
  ['stats', 'debug'],
  ['limiter', 'core.module'],
  ['ratelimit'],
  ['transport'],
  ['health', 'console', 'cli', 'run-workers'],
  ['app.module', 'library-options'],
  ['create-app'],
  ['main', 'bundle'],
];
/** Deepest folder nesting below src/ that the layer rule covers (transport/grpc/tls/ is 3). */
const MAX_LAYER_DEPTH = 4;
const SRC = 'apps/ratelimit/src';
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One no-restricted-imports entry per layer and folder depth: from a file `depth` folders below
 * src/, src/<name> is spelt `./<name>` (depth 0) or `../` repeated `depth` times, so the
 * pattern names exactly the entries of the higher layers.
 */
function ratelimitLayerRules() {
  return RATELIMIT_LAYERS.flatMap((layer, index) => {
    const above = RATELIMIT_LAYERS.slice(index + 1).flat();
    if (above.length === 0) return [];
    const names = above.map(escapeRegex).join('|');
    return Array.from({ length: MAX_LAYER_DEPTH + 1 }, (_, depth) => ({
      files: layer.map((name) =>
        depth === 0 ? `${SRC}/${name}.ts` : `${SRC}/${name}/${'*/'.repeat(depth - 1)}*.ts`,
      ),
      ignores: ['**/*spec.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              deepLibImport,
              {
                regex: `^${depth === 0 ? '\\./' : '(\\.\\./)'.repeat(depth)}(${names})(/|$)`,
                message: `The layer of ${layer.join(', ')} imports only from itself and the layers below (docs/development.md#layout).`,
              },
            ],
          },
        ],
      },
    }));
  });
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-dev/**',
      'node_modules/**',
      'coverage/**',
      '.tmp/**',
      'apps/endpoint-playground/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [deepLibImport] }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepLibImport, appImport] }] },
  },
  {
    files: ['libs/rules/src/**/*.ts', 'libs/storage/src/**/*.ts'],
    ignores: ['**/*.module.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepLibImport,
            appImport,
            {
              group: ['@nestjs/*'],
              message: 'Only *.module.ts files import Nest in libs (docs/development.md#layout).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/endpoint/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'libs/endpoint runs in browsers: no Node built-ins.',
          })),
          patterns: [
            deepLibImport,
            appImport,
            { group: ['@nestjs/*'], message: 'libs/endpoint has no Nest dependency.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', '__dirname', 'require'],
    },
  },
  ...ratelimitLayerRules(),
  {
    files: ['bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepLibImport,
            {
              group: ['**/apps/*/test/**', '**/libs/*/test/**'],
              message:
                "bench/ does not reach into a package's tests: what both use lives in its load/ folder (docs/development.md#layout).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', 'bin/**'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
