import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import * as operationRefs from '@brokerwise/api-contract/paths';
import { compileDocument } from './app/content/compile.ts';

/**
 * Messages reach the browser already compiled to ICU ASTs (see app/lib/i18n.server.ts), so the
 * client bundle can swap the ICU parser (~15 KB gzipped) for its no-parser build. The server keeps
 * the real parser because it does the compiling.
 */
function icuWithoutParserInBrowser(): Plugin {
  return {
    name: 'brokerwise:icu-without-parser-in-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@formatjs/icu-messageformat-parser' || options?.ssr) return null;
      return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Long-form content (the .md files under app/content/) is compiled to its ContentDocument when it is imported,
 * so neither bundle carries a Markdown parser and the server doesn't parse on a request.
 */
function markdownContent(): Plugin {
  return {
    name: 'brokerwise:markdown-content',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      return { code: `export default ${JSON.stringify(compileDocument(source, id))};`, map: null };
    },
  };
}

/**
 * The app names an /api operation as `ops.<id>` (`import * as ops from '@brokerwise/api-contract/paths'`).
 * Each use becomes the operation's own `{ id, method, path }`, so a chunk carries only the paths it
 * calls, instead of every page loading one shared chunk with all the operations the browser calls.
 * The code works the same without it (the namespace import is then bundled as is).
 */
function inlineOperationRefs(): Plugin {
  const refs: Record<string, unknown> = { ...operationRefs };
  return {
    name: 'brokerwise:inline-operation-refs',
    transform(code, id) {
      if (!id.includes('/web/app/') || !code.includes('@brokerwise/api-contract/paths')) return null;
      const out = code.replace(/(?<![\w.$])ops\.(\w+)\b/g, (use, name: string) => (Object.hasOwn(refs, name) ? JSON.stringify(refs[name]) : use));
      return out === code ? null : { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [icuWithoutParserInBrowser(), markdownContent(), inlineOperationRefs(), reactRouter()],
  // Dev server: pre-bundle what every page needs, so the first visit doesn't trigger a re-optimise reload.
  optimizeDeps: {
    include: ['@mantine/core', '@mantine/hooks', 'react-intl', 'react-dom/client', 'react-router', 'react-router/dom', '@formatjs/icu-messageformat-parser/no-parser.js'],
  },
  build: {
    // react-dom alone is ~210 KB raw; the real check is scripts/js-budget.ts (compressed JS per page).
    chunkSizeWarningLimit: 260,
    // BW_SOURCEMAP=1 to see what a chunk is made of.
    sourcemap: process.env.BW_SOURCEMAP === '1',
  },
});
