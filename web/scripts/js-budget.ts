/**
 * Prints the compressed JavaScript each page loads (entry + root + route modules and their static
 * imports, from the React Router manifest) and exits 1 when a page exceeds the budget
 * (ARCHITECTURE.md: ≤ 150 KB compressed JS per page). Run after a build:
 * `npm run budget -w @brokerwise/web`; the browser-test step of `npm test` runs it on the build it
 * starts the site with, so CI fails when a page goes over.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { exitWithUsageOnHelp } from '@brokerwise/config';

exitWithUsageOnHelp(`Usage: npm run budget -w @brokerwise/web
  After a build: prints each page's compressed JavaScript; exit 1 when one is over 150 KB.`);

const BUDGET_KB = 150;
const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'client');

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const manifestFile = (await readdir(join(clientDir, 'assets'))).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error('No React Router manifest in build/client/assets: run the build first.');
const source = await readFile(join(clientDir, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(source.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, '')) as Manifest;

const sizes = new Map<string, { br: number; gzip: number }>();
async function sizeOf(url: string) {
  let size = sizes.get(url);
  if (!size) {
    const raw = await readFile(join(clientDir, url));
    size = {
      br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      gzip: zlib.gzipSync(raw, { level: 9 }).length,
    };
    sizes.set(url, size);
  }
  return size;
}

function chain(route: ManifestRoute): ManifestRoute[] {
  const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
  return parent ? [...chain(parent), route] : [route];
}

let over = false;
const rows: string[] = [];
for (const route of Object.values(manifest.routes)) {
  if (route.id === 'root' || route.id === 'routes/splat') continue;
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chain(route)) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  let br = 0;
  let gzip = 0;
  for (const f of files) {
    const s = await sizeOf(f);
    br += s.br;
    gzip += s.gzip;
  }
  const brKb = br / 1024;
  const note = brKb > BUDGET_KB ? '  OVER BUDGET' : '';
  if (brKb > BUDGET_KB) over = true;
  const address = route.index ? '/' : `/${route.path ?? ''}`;
  rows.push(`${address.padEnd(16)} ${brKb.toFixed(1).padStart(7)} KB br ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip${note}`);
}
console.log(`JS per page (budget ${BUDGET_KB} KB compressed):\n${rows.join('\n')}`);
process.exit(over ? 1 : 0);
