// Every script in every package.json works: a script that runs one of our files answers `--help`
// with its usage (exit 0) before touching a server; one that runs a tool finds the tool installed;
// `npm run x -w y` names a script that exists. A renamed file or a dropped dependency fails here
// instead of in front of a newcomer (`test:e2e` once pointed at a file that did not exist).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

interface Manifest {
  name: string;
  scripts?: Record<string, string>;
  workspaces?: string[];
}

const read = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
const rootManifest = read(root);
const workspaceDirs = ['packages', 'services']
  .flatMap((parent) => readdirSync(path.join(root, parent)).map((n) => path.join(root, parent, n)))
  .concat(['proto', 'gateway', 'web'].map((d) => path.join(root, d)))
  .filter((d) => existsSync(path.join(d, 'package.json')));

const packages = [{ dir: root, manifest: rootManifest }, ...workspaceDirs.map((dir) => ({ dir, manifest: read(dir) }))];
const byName = new Map(packages.map((p) => [p.manifest.name, p]));
const byDir = new Map(packages.map((p) => [path.relative(root, p.dir), p]));

/** One `a && b` part of a script, as its words (the scripts use no quoting that matters here). */
const segments = (script: string) => script.split('&&').map((s) => s.trim().split(/\s+/).filter(Boolean));

const cases = packages.flatMap(({ dir, manifest }) => Object.entries(manifest.scripts ?? {}).map(([name, script]) => ({ dir, pkg: manifest.name, name, script })));

describe('package.json scripts', () => {
  it('finds the scripts of the root and every workspace', () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  for (const c of cases) {
    it(`${c.pkg}: ${c.name} (${c.script})`, async () => {
      let cwd = c.dir;
      for (const words of segments(c.script)) {
        const [command, ...args] = words as [string, ...string[]];
        if (command === 'cd') {
          cwd = path.resolve(cwd, args[0] ?? '.');
          continue;
        }
        if (command === 'node') {
          const at = args.findIndex((a) => !a.startsWith('-'));
          const file = path.resolve(cwd, args[at] ?? '');
          expect(existsSync(file), `${file} exists`).toBe(true);
          // Node's own options come before the file (minus --watch*, which would never exit); the script's after it.
          const nodeOptions = args.slice(0, at).filter((a) => !a.startsWith('--watch'));
          // Our own commands: usage on --help, exit 0, before any setting or server is needed.
          const { stdout } = await run(process.execPath, [...nodeOptions, file, ...args.slice(at + 1), '--help'], {
            cwd,
            env: { ...process.env, DATABASE_URL: '', NATS_URL: '', REDIS_URL: '' },
            timeout: 60_000,
          });
          expect(stdout.trim(), `${c.name} --help`).toMatch(/^Usage:/);
          continue;
        }
        if (command === 'npm') {
          // npm run <script> [-w <workspace>]: the named script exists there.
          const script = args[args.indexOf('run') + 1]!;
          const w = args.indexOf('-w');
          const target = w >= 0 ? (byName.get(args[w + 1]!) ?? byDir.get(args[w + 1]!)) : byDir.get(path.relative(root, cwd));
          expect(target, `workspace ${args[w + 1]}`).toBeDefined();
          expect(target!.manifest.scripts?.[script], `script ${script} in ${target!.manifest.name}`).toBeDefined();
          continue;
        }
        // A tool: installed where npm looks for it (the workspace's or the root's node_modules/.bin).
        const bins = [path.join(cwd, 'node_modules/.bin', command), path.join(root, 'node_modules/.bin', command)];
        expect(bins.some((b) => existsSync(b)), `${command} is installed`).toBe(true);
      }
    }, 90_000);
  }
});
