// Lint with the dependency rules at error level (CONVENTIONS.md "Dependencies point one way").
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const otherServices = (self) => ['catalogue', 'identity', 'reviews', 'search', 'media', 'trader-sync', 'notifications'].filter((s) => s !== self);

const serviceBoundaries = ['catalogue', 'identity', 'reviews', 'search', 'media', 'trader-sync', 'notifications'].map((svc) => ({
  files: [`services/${svc}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: otherServices(svc).flatMap((o) => [`**/services/${o}/**`, `@brokerwise/${o}`]), message: 'Services never import each other: exchange events or go through the gateway.' },
          { group: ['**/gateway/**', '@brokerwise/gateway', '**/web/**', '@brokerwise/web'], message: 'Services do not depend on the gateway or the web app.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'data/**', 'web/build/**', 'web/.react-router/**', 'proto/gen/**', 'loadtest/k6/**', '**/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: true } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': 'off',
      // React Router's AppLoadContext augmentation is an empty interface extending ours.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  ...serviceBoundaries,
  {
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Domain code never imports Fastify.' },
            { group: ['**/routes/**'], message: 'Arrows point routes → domain → store, never back.' },
          ],
        },
      ],
    },
  },
  {
    files: ['services/*/src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/domain/**', '**/routes/**', 'fastify'], message: 'Stores hold SQL only.' }] }],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/services/**', '**/gateway/**', '**/web/**', '@brokerwise/catalogue', '@brokerwise/gateway', '@brokerwise/web'], message: 'Shared packages hold no domain logic and never import services, gateway or web.' }] },
      ],
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/**', '@brokerwise/catalogue'], message: 'The web app talks to the gateway only.' },
            { regex: '^(\\.\\./)+gateway/(?!src/contract\\.ts$)', message: 'The web app imports only the gateway contract types.' },
          ],
        },
      ],
    },
  },
);
