/**
 * The "every operation" list of /developers, made from the gateway's table of operations
 * (@brokerwise/api-contract, the source of /api/openapi.json) so the page never lists a call the
 * site doesn't serve. Server only: the table carries the TypeBox schemas, which stay out of the
 * browser bundle. The summaries exist in English only; the Markdown says so on the Chinese page.
 */
import { operations, type Operation } from '@brokerwise/api-contract';
import type { ContentDocument } from './types.ts';

/** The section of developers.<locale>.md the list is appended to. */
export const OPERATIONS_SECTION_ID = 'operations';

/** Summaries quote field names in backticks, as Markdown would. */
// Not compile.ts's: that module carries the Markdown parser, which stays out of the server bundle.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const item = (op: Operation) => `<li data-testid="api-operation"><code>${op.method} ${escapeHtml(op.path)}</code> · ${op.access} — ${inline(op.summary)}</li>`;

/** Built once per server process, from the table as compiled into the server bundle. */
const LIST_HTML = `<ul data-testid="api-operations">\n${(Object.values(operations) as Operation[]).map(item).join('\n')}\n</ul>\n`;

/** The developers page with the operations list after the #operations section's introduction. */
export function withOperations(doc: ContentDocument): ContentDocument {
  return { ...doc, sections: doc.sections.map((s) => (s.id === OPERATIONS_SECTION_ID ? { ...s, html: s.html + LIST_HTML } : s)) };
}
