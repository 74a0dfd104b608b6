import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of ARCHITECTURE.md: domain imports nothing of ours; web never imports server. */
const boundary = (message, layers, packages = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        // Relative imports that climb into another layer's folder.
        { regex: `^(\\.{1,2}/)+(.*/)?(${layers.join('|')})(/|$)`, message },
        ...(packages.length > 0 ? [{ group: packages, message }] : []),
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['build/', 'data/', '.react-router/', 'node_modules/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary('The web app must not import server code; read data through loaders or /api.', ['server']),
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: boundary(
      'Domain rules are pure: they import no server, web or I/O code.',
      ['server', 'web'],
      [
        'node:*',
        'fs',
        'path',
        'http',
        'pg',
        '@electric-sql/*',
        'drizzle-orm',
        'drizzle-orm/*',
        'fastify',
        'react',
        'react-*',
      ],
    ),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary('The server reaches the web app only through its built request handler.', ['web']),
  },
);
