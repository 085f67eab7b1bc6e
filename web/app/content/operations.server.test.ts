import { readFileSync } from 'node:fs';
import { operations } from '@brokerwise/api-contract';
import { describe, expect, it } from 'vitest';
import { compileDocument, textOf } from './compile.ts';
import { OPERATIONS_SECTION_ID, withOperations } from './operations.server.ts';

const load = (locale: string) => {
  const file = new URL(`./pages/developers.${locale}.md`, import.meta.url);
  return compileDocument(readFileSync(file, 'utf8'), file.pathname);
};

describe('/developers: every /api operation', () => {
  it.each(['en', 'zh-CN'])('lists every operation of the contract table once, in %s, under the section’s introduction', (locale) => {
    const doc = load(locale);
    const before = doc.sections.find((s) => s.id === OPERATIONS_SECTION_ID)!;
    const section = withOperations(doc).sections.find((s) => s.id === OPERATIONS_SECTION_ID)!;
    expect(section.html.startsWith(before.html)).toBe(true);
    const items = [...section.html.matchAll(/<li data-testid="api-operation">([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!));
    const table = Object.values(operations);
    expect(items).toHaveLength(table.length);
    table.forEach((op, i) => {
      expect(items[i]).toBe(`${op.method} ${op.path} · ${op.access} — ${op.summary.replace(/`/g, '')}`);
    });
    // The other sections are untouched.
    expect(withOperations(doc).sections.filter((s) => s.id !== OPERATIONS_SECTION_ID)).toEqual(doc.sections.filter((s) => s.id !== OPERATIONS_SECTION_ID));
  });

  it('escapes what the summaries quote', () => {
    const html = withOperations(load('en')).sections.find((s) => s.id === OPERATIONS_SECTION_ID)!.html;
    expect(html).toContain('<code>file</code>');
    expect(html).toContain('The caller&#39;s profile');
  });
});
