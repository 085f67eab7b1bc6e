/**
 * The rich text of image-text posts: the author's HTML is cut down to an allow-list before it is
 * stored, so what the site renders can carry no script. Kept: paragraphs, headings, lists,
 * quotes, code, emphasis, links and our own images. Dropped: script/style/iframe/object/form
 * (with their content), every attribute not listed (so every `on*` handler and `style`),
 * links other than http/https/mailto, and images from anywhere but this site's `/media/images/`.
 */
import sanitizeHtml from 'sanitize-html';

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The only image addresses content may use: variants of an image uploaded here. */
export const CONTENT_IMAGE_SRC = new RegExp(`^/media/images/(${UUID_SOURCE})/(full|cover|thumb)\\.webp$`);

const LINK_SCHEME = /^(https?:\/\/|mailto:)/i;
/** Link rel on user content: no SEO credit, no window.opener, marked as user-generated. */
export const LINK_REL = 'nofollow noopener ugc';

export interface SanitizeOptions {
  /** Whether an image id may appear (the author's own uploads); images failing it are removed. */
  isAllowedImage?: (imageId: string) => boolean;
}

export interface SanitizedContent {
  html: string;
  /** Text only, blocks separated by spaces: for search and for emptiness checks. */
  text: string;
  /** Ids of the images the HTML shows, in order of first appearance. */
  imageIds: string[];
}

/** The image id of an allowed `/media/images/…` address, or undefined. */
export function contentImageId(src: string | undefined): string | undefined {
  return src === undefined ? undefined : CONTENT_IMAGE_SRC.exec(src)?.[1]?.toLowerCase();
}

export function sanitizeContent(html: string, options: SanitizeOptions = {}): SanitizedContent {
  const allowedImage = options.isAllowedImage ?? (() => true);
  const imageIds: string[] = [];
  const clean = sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'hr', 'a', 'img', 'figure', 'figcaption'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Images: relative addresses only (no scheme at all); the filter below narrows to ours.
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Their text is never shown either.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title'],
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        // A link we would not follow loses its address; the filter below keeps only its text.
        if (!LINK_SCHEME.test(href)) return { tagName: 'a', attribs: {} };
        const external = /^https?:/i.test(href);
        return {
          tagName: 'a',
          attribs: {
            href,
            rel: LINK_REL,
            ...(external ? { target: '_blank' } : {}),
            ...(attribs.title ? { title: attribs.title } : {}),
          },
        };
      },
      // Headings map onto the levels a post may use (the page has the h1).
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a') return frame.attribs.href ? false : 'excludeTag';
      if (frame.tag !== 'img') return false;
      const id = contentImageId(frame.attribs.src);
      if (id === undefined || !allowedImage(id)) return true;
      if (!imageIds.includes(id)) imageIds.push(id);
      return false;
    },
  });
  return { html: clean.trim(), text: htmlToText(clean), imageIds };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Plain text of sanitised HTML: tags removed, block boundaries as spaces, entities decoded. */
export function htmlToText(html: string): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre|figcaption|figure)>|<br\s*\/?>|<hr\s*\/?>/gi, ' ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/gu, ' ')
    .trim();
}
