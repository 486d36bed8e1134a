import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.tmp/',
      'dist/',
      'coverage/',
      'docs/api/',
      // contexts of the guides' fragments: declarations the fragments use, type-checked with them
      'docs/snippets/',
      'docs/.vitepress/dist/',
      'docs/.vitepress/cache/',
      'docs/.vitepress/.temp/',
      'demo-app/public/',
      '__tests__/browser/screenshots/',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/util/objects.ts'],
    rules: {
      // one way to ask for an own property: util's `hasOwn.call(o, key)` (Object.hasOwn is slower
      // on Node 20)
      'no-restricted-properties': [
        'error',
        { object: 'Object', property: 'hasOwn', message: "Use hasOwn.call() from 'util/objects'." },
        { property: 'hasOwnProperty', message: "Use hasOwn.call() from 'util/objects'." },
      ],
    },
  },
  {
    files: ['__tests__/**/*.ts', 'bench/**/*.ts', 'demo-app/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
)
