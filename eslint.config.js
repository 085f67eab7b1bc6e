// Lint with the dependency rules at error level (CONVENTIONS.md "Dependencies point one way").
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const SERVICES = ['catalogue', 'identity', 'reviews', 'search', 'media', 'trader-sync', 'notifications'];
const otherServices = (self) => SERVICES.filter((s) => s !== self);

// Layer rules inside a service. Flat config replaces a rule for the files a later object matches,
// so each layer's object repeats the service's boundary patterns instead of losing them.
const layers = {
  'src/domain/**/*.ts': [
    { group: ['fastify', 'fastify/*', '@fastify/*'], message: 'Domain code never imports Fastify.' },
    { group: ['**/routes/**'], message: 'Arrows point routes → domain → store, never back.' },
  ],
  'src/store/**/*.ts': [{ group: ['**/domain/**', '**/routes/**', 'fastify'], message: 'Stores hold SQL only.' }],
  'src/routes/**/*.ts': [{ group: ['**/app.ts'], message: 'Routes take their dependencies type from deps.ts: app.ts registers the routes, so importing it back is a cycle.' }],
};

const serviceBoundaries = SERVICES.flatMap((svc) => {
  const boundary = [
    { group: otherServices(svc).flatMap((o) => [`**/services/${o}/**`, `@brokerwise/${o}`]), message: 'Services never import each other: exchange events or go through the gateway.' },
    { group: ['**/gateway/**', '@brokerwise/gateway', '**/web/**', '@brokerwise/web'], message: 'Services do not depend on the gateway or the web app.' },
  ];
  return [
    { files: [`services/${svc}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: boundary }] } },
    ...Object.entries(layers).map(([glob, patterns]) => ({ files: [`services/${svc}/${glob}`], rules: { 'no-restricted-imports': ['error', { patterns: [...boundary, ...patterns] }] } })),
  ];
});

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
    files: ['gateway/src/routes/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/app.ts'], message: 'Routes take their dependencies type from deps.ts: app.ts registers the routes, so importing it back is a cycle.' }] }] },
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
