/**
 * React Router's package sends Node to its *development* build whatever NODE_ENV says (its
 * `exports` name only dist/development for the `node` condition); that build does extra checks
 * on every render. Imported first by the web server's entry points, this hook sends every
 * resolution of it — the server build's, @react-router/node's, ours — to dist/production, so
 * there is still one copy, and it is the fast one. With NODE_ENV=development or test it does nothing.
 */
import { registerHooks } from 'node:module';

if (process.env.NODE_ENV !== 'development' && process.env.NODE_ENV !== 'test') {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.includes('/node_modules/react-router/dist/development/')) {
        return { ...resolved, url: resolved.url.replace('/dist/development/', '/dist/production/') };
      }
      return resolved;
    },
  });
}
