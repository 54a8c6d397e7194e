import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/dist.*/', '**/.tsbuild/', 'test-results/', 'playwright-report/', 'bench-results/', '.dojo-console/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/^\\.\\.?\\/.*index(\\.ts)?$/]', message: 'Import the module itself, not a barrel file.' },
      ],
    },
  },
  {
    // Tests read JSON answers loosely; production code may not.
    files: ['**/*.test.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
