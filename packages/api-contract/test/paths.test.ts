import { describe, expect, it } from 'vitest';
import { operations } from '../src/operations.ts';
import { opPaths } from '../src/paths.ts';

describe('opPaths', () => {
  it('names every operation of the table with its method and path, and nothing else', () => {
    const fromTable = Object.fromEntries(Object.entries(operations).map(([id, o]) => [id, [o.method, o.path]]));
    const line = ([id, [method, path]]: [string, readonly unknown[]]) => `  ${id}: ['${method}', '${path}'],`;
    // On failure: the lines src/paths.ts lacks (+) or has in excess (-).
    expect(Object.entries(opPaths).map(line).sort()).toEqual(Object.entries(fromTable).map(line).sort());
  });
});
