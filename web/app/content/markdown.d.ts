/** A `*.md` import is the document compiled at build time (vite.config.ts, app/content/compile.ts). */
declare module '*.md' {
  const doc: import('./types.ts').ContentDocument;
  export default doc;
}
