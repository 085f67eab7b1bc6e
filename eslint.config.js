// Lint with the dependency rules at error level (CONVENTIONS.md "Dependencies point one way").
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const SERVICES = ['catalogue', 'identity', 'reviews', 'search', 'media', 'trader-sync', 'notifications', 'bridge-simulator'];
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

// Demo data (demo/, ADR 021) is loaded by the start script and tests, never by production code.
const noDemo = ['ImportDeclaration', 'ImportExpression', 'ExportAllDeclaration', 'ExportNamedDeclaration'].map((node) => ({
  selector: `${node}[source.value=/(^|\\/)demo(\\/|$)|^@brokerwise\\/demo/]`,
  message: 'Production code never loads demo data: the start script passes it in (ADR 021).',
}));
// SQL lives in store/ (CONVENTIONS.md): domain code calls typed store functions and may only open
// transactions; the Kysely type and migrations/tests are fine.
const sqlOnlyInStore = [
  ...noDemo,
  {
    selector: "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|withRecursive)$/]",
    message: 'Queries belong in store/: add a typed function there and call it.',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL belongs in store/: add a typed function there and call it.' },
  {
    selector: "ImportDeclaration[source.value=/^(kysely|@brokerwise\\/sql)$/][importKind!='type'] > ImportSpecifier[importKind!='type'][imported.name='sql']",
    message: 'SQL belongs in store/ (and migrations).',
  },
  { selector: "ImportDeclaration[source.value='kysely'][importKind!='type']", message: 'Kysely is used through @brokerwise/sql, in store/ only.' },
];

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
  // Event handlers take the decoded protobuf message of their type (EventHandlers in service-kit), never `any`.
  { files: ['services/*/src/events/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'error' } },
  { files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'], rules: { 'no-restricted-syntax': ['error', ...noDemo] } },
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/store/**', 'services/*/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOnlyInStore] },
  },
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
  // The web tier knows the gateway only through @brokerwise/api-contract (schemas and types shared with it).
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/**', '**/gateway/**', '@brokerwise/gateway', ...SERVICES.map((s) => `@brokerwise/${s}`)], message: 'The web app imports the /api contract from @brokerwise/api-contract, never gateway or service code.' },
          ],
        },
      ],
    },
  },
  // The web app calls the /api by operation id through its typed client (web/app/lib/api.ts: `api.op(ops.brokersList, query)`),
  // so a path, its query, body and answer all come from the contract. The one path outside the operations table is the
  // notice stream (an EventSource), named in lib/notice-events.ts.
  {
    files: ['web/app/**/*.{ts,tsx}'],
    ignores: ['web/app/**/*.test.ts', 'web/app/lib/notice-events.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: "No '/api/…' path in web/app: name the operation (`import * as ops from '@brokerwise/api-contract/paths'`) and call `api.op(ops.<id>, input)` or `api.upload(ops.<id>, form)`; a link or an XHR upload takes `operationUrl(ops.<id>, query)` (web/app/lib/api.ts).",
        })),
      ],
    },
  },
  // Web integration tests may start the real stack (gateway/test harnesses), never import gateway or service sources.
  {
    files: ['web/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/*/src/**', '**/gateway/src/**', '@brokerwise/gateway', ...SERVICES.map((s) => `@brokerwise/${s}`)], message: 'Web tests take the /api contract from @brokerwise/api-contract; only test harnesses (gateway/test) may be imported.' },
          ],
        },
      ],
    },
  },
);
