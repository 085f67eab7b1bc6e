import { describe, expect, it } from 'vitest';
import { operations } from '../src/operations.ts';
import * as ops from '../src/paths.ts';

describe('paths', () => {
  it('names every operation of the table with its id, method and path, and nothing else', () => {
    const line = (id: string, method: string, path: string) => `export const ${id} = { id: '${id}', method: '${method}', path: '${path}' } as const;`;
    // On failure: the lines src/paths.ts lacks (+) or has in excess (-).
    expect(Object.entries(ops).map(([name, o]) => line(name, o.method, o.path) + (o.id === name ? '' : ` // id '${o.id}'`)).sort()).toEqual(Object.entries(operations).map(([id, o]) => line(id, o.method, o.path)).sort());
  });
});
