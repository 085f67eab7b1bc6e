/**
 * Build-time compiler of the long-form content (legal/*.md, pages/*.md) into the ContentDocument
 * the pages render. vite.config.ts runs it on every `*.md` import, so neither the browser bundle nor
 * the server ships a Markdown parser or parses on a request; content.test.ts runs it on the files.
 *
 * A document is: optional front matter (`key: value` lines between `---`), one `# Title`, the intro
 * (paragraphs before the first `##`), then `## Heading {#optional-anchor}` sections. A fenced code
 * block is a formula. The files are ours and reviewed, so the HTML is not sanitised.
 */
import { Marked, type Token, type Tokens } from 'marked';
import type { ContentDocument, ContentSection } from './types.ts';

const marked = new Marked({
  // CommonMark without GFM's bare-URL autolinks: a link is written as a link ([text](href)).
  gfm: false,
  renderer: {
    // Formulas keep their line breaks and are found by tests through the test id.
    code({ text }: Tokens.Code) {
      return `<pre data-testid="formula">${escapeHtml(text)}</pre>\n`;
    },
  },
});

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const ESCAPES: Record<string, string> = Object.fromEntries(Object.entries(ENTITIES).map(([entity, c]) => [c, entity]));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Plain text of rendered inline HTML (for the meta description and headings). */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
}

function frontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

function render(tokens: Token[]): string {
  return marked.parser(tokens);
}

/** Compiles one Markdown document; `file` names it in errors. */
export function compileDocument(source: string, file = 'document'): ContentDocument {
  const { meta, body } = frontMatter(source.replace(/\r\n/g, '\n'));
  const tokens = marked.lexer(body);
  let title: string | undefined;
  const intro: Token[] = [];
  const sections: { heading: string; id?: string; tokens: Token[] }[] = [];
  for (const token of tokens) {
    if (token.type === 'heading' && token.depth === 1) {
      if (title !== undefined || sections.length > 0 || intro.some((t) => t.type !== 'space')) throw new Error(`${file}: the # title must come first, once`);
      title = textOf(marked.parseInline(token.text) as string);
    } else if (token.type === 'heading' && token.depth === 2) {
      const anchor = /\s*\{#([a-z][a-z0-9-]*)\}$/.exec(token.text);
      const raw = anchor ? token.text.slice(0, anchor.index) : token.text;
      sections.push({ heading: textOf(marked.parseInline(raw) as string), ...(anchor ? { id: anchor[1] } : {}), tokens: [] });
    } else if (token.type === 'heading') {
      throw new Error(`${file}: only # and ## headings are rendered (found ${'#'.repeat(token.depth)} ${token.text})`);
    } else {
      (sections.at(-1)?.tokens ?? intro).push(token);
    }
  }
  if (title === undefined) throw new Error(`${file}: missing # title`);
  const firstParagraph = intro.find((t): t is Tokens.Paragraph => t.type === 'paragraph');
  const doc: ContentDocument = {
    title,
    description: firstParagraph ? textOf(marked.parseInline(firstParagraph.text) as string) : title,
    introHtml: render(intro),
    sections: sections.map(({ heading, id, tokens: body }): ContentSection => ({ heading, ...(id ? { id } : {}), html: render(body) })),
  };
  if (meta.updated) doc.updated = meta.updated;
  if (meta.ctaLabel && meta.ctaHref) doc.cta = { label: meta.ctaLabel, href: meta.ctaHref };
  return doc;
}
