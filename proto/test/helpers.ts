import { spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** proto/ — the buf workspace (buf.yaml, buf.gen.yaml). */
export const PROTO_DIR = fileURLToPath(new URL('..', import.meta.url));
const BIN_DIR = fileURLToPath(new URL('../../node_modules/.bin/', import.meta.url));

export interface BufResult {
  status: number | null;
  output: string;
}

/**
 * Runs the buf binary from the repo's node_modules. PATH puts this Node (24) and node_modules/.bin
 * first, so buf's `#!/usr/bin/env node` shim and the protoc-gen-es plugin run on the pinned Node.
 */
export function runBuf(args: string[], cwd: string = PROTO_DIR): BufResult {
  const result = spawnSync(`${BIN_DIR}buf`, args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, PATH: [dirname(process.execPath), BIN_DIR, process.env.PATH ?? ''].join(delimiter) },
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The `code` of the error `fn` throws, or `undefined` when it does not throw. */
export function thrownCode(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return (err as { code?: unknown }).code;
  }
  return undefined;
}
