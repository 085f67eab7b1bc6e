import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROTO_DIR, runBuf } from './helpers.ts';

const PROTO_FILES = [
  'brokerwise/catalogue/v1/events.proto',
  'brokerwise/events/v1/envelope.proto',
  'brokerwise/identity/v1/events.proto',
  'brokerwise/media/v1/events.proto',
  'brokerwise/notifications/v1/events.proto',
  'brokerwise/reviews/v1/events.proto',
  'brokerwise/trader/v1/events.proto',
];

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brokerwise-proto-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the buf workspace (config + .proto sources) to mutate. */
function copyWorkspace(): string {
  const dir = tempDir();
  for (const entry of ['buf.yaml', 'brokerwise']) cpSync(join(PROTO_DIR, entry), join(dir, entry), { recursive: true });
  return dir;
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath, d.name)))
    .sort();
}

describe('buf', () => {
  it('lint passes, and it sees every .proto file', () => {
    // Guards against a module config that silently lints nothing.
    const files = runBuf(['ls-files']);
    expect(files.status, files.output).toBe(0);
    expect(files.output.trim().split('\n').sort()).toEqual(PROTO_FILES);

    const lint = runBuf(['lint']);
    expect(lint.output).toBe('');
    expect(lint.status).toBe(0);
  });

  it('lint rejects a message that breaks the STANDARD rules', () => {
    const dir = copyWorkspace();
    const file = join(dir, 'brokerwise/catalogue/v1/events.proto');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nmessage bad_name { string BadField = 1; }\n`);
    const lint = runBuf(['lint', '--error-format', 'json'], dir);
    expect(lint.status).not.toBe(0);
    expect(lint.output).toMatch(/MESSAGE_PASCAL_CASE|FIELD_LOWER_SNAKE_CASE/);
  });

  describe('breaking (FILE rules, this buf.yaml)', () => {
    const against = copyWorkspace();

    it('accepts the unchanged contracts and an added field', () => {
      expect(runBuf(['breaking', '--against', against]).status).toBe(0);

      const dir = copyWorkspace();
      const file = join(dir, 'brokerwise/catalogue/v1/events.proto');
      const source = readFileSync(file, 'utf8');
      writeFileSync(file, source.replace('  int64 version = 13;\n', '  int64 version = 13;\n  string website = 15;\n'));
      const result = runBuf(['breaking', dir, '--against', against]);
      expect(result.output).toBe('');
      expect(result.status).toBe(0);
    });

    it.each([
      ['a renumbered field', 'int64 version = 13;', 'int64 version = 15;', /FIELD_NO_DELETE|FIELD_SAME_NAME/],
      ['a changed field type', 'double score = 7;', 'float score = 7;', /FIELD_SAME_TYPE/],
      ['a removed field', '  bool regulated = 11;\n', '', /FIELD_NO_DELETE/],
    ])('rejects %s', (_name, from, to, rule) => {
      const dir = copyWorkspace();
      const file = join(dir, 'brokerwise/catalogue/v1/events.proto');
      const source = readFileSync(file, 'utf8');
      expect(source).toContain(from);
      writeFileSync(file, source.replace(from, to));
      const result = runBuf(['breaking', dir, '--against', against, '--error-format', 'json']);
      expect(result.status).not.toBe(0);
      expect(result.output).toMatch(rule);
    });
  });

  it('the contracts are compatible with the released ones (released.binpb; `npm run release -w proto` after a release)', () => {
    const result = runBuf(['breaking', '--against', 'released.binpb', '--error-format', 'json']);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('the committed gen/ matches what buf generate writes now (run `npm run gen -w proto` if not)', () => {
    const out = tempDir();
    const result = runBuf(['generate', '--output', out]);
    expect(result.status, result.output).toBe(0);

    const committed = join(PROTO_DIR, 'gen');
    const fresh = join(out, 'gen');
    const files = listFiles(fresh);
    expect(files.length).toBe(PROTO_FILES.length);
    expect(listFiles(committed)).toEqual(files);
    for (const file of files) {
      expect(readFileSync(join(committed, file), 'utf8'), `gen/${file} is stale`).toBe(
        readFileSync(join(fresh, file), 'utf8'),
      );
    }
  });
});
