// Lint rules that keep the architecture whole (docs/development.md#layout):
// libs are imported only from their root, libs never import apps, libs/endpoint stays
// free of Nest and Node built-ins, and only *.module.ts files in rules/storage import Nest.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const deepLibImport = {
  group: ['@repo/*/*', '**/libs/*/src/*', '../../libs/**', '../../../libs/**'],
  message: 'Import a lib only from its root, e.g. @repo/rules (docs/development.md#layout).',
};
const appImport = { group: ['**/apps/**'], message: 'Libs never import apps (docs/development.md#layout).' };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tmp/**', 'apps/endpoint-playground/public/**'] },
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
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', 'bin/**'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
