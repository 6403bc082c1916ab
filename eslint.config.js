// Lint focused on bugs the type checker does not catch: promises nobody awaits or handles,
// promises passed where a callback's result is ignored, and awaits of non-promises.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layering from './scripts/lint/layering.js';

export default tseslint.config(
  { ignores: ['node_modules/', '.data/', 'scratch/', 'web/*/dist/', '**/generated/**', 'coverage/', '**/*.js', '**/*.mjs'] },
  {
    files: ['**/*.ts', 'web/**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The React apps (web/admin, web/storefront): the rules of hooks, complete effect dependencies,
  // and the React Compiler's checks (eslint-plugin-react-hooks' recommended set).
  {
    files: ['web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  // The layering: docs/layering.md is an allow-list per folder (and what each must never import,
  // and the dated exceptions); scripts/lint/layering.js reads it and checks every import,
  // dynamic import() and require of every linted file against it.
  {
    files: ['**/*.ts', 'web/**/*.tsx'],
    plugins: { layering },
    rules: { 'layering/allowed-imports': 'error' },
  },
);
