/**
 * Generated artwork for the demo seed: monogram logos for companies and gradient banners for the
 * home-page carousel. Pure string builders (no DOM, no canvas); every piece of caller text goes
 * through `escapeXml`, colours are validated, so the output is always well-formed SVG.
 */
import type { DemoBanner } from './demo-data.ts';

/** CJK first so Chinese never falls back to a Japanese or Korean glyph variant. */
export const SVG_FONT_FAMILY =
  "'Noto Sans CJK SC', 'Noto Sans SC', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif";

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const FALLBACK_COLOR = '#334155';

/** Characters XML 1.0 forbids outright (C0 controls other than tab/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for use in XML character data and in double- or single-quoted attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function safeColor(color: string): string {
  return HEX_COLOR.test(color) ? color : FALLBACK_COLOR;
}

const HAN = /\p{Script=Han}/u;

/** 1–2 initials: the first letters of the first two words, or the first two Han characters of a Chinese name. */
export function monogram(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '?';
  const firstChars = Array.from(first);
  if (HAN.test(firstChars[0] ?? '')) return firstChars.slice(0, 2).join('');
  const second = words[1];
  const initials = [firstChars[0] ?? '', second === undefined ? '' : (Array.from(second)[0] ?? '')];
  return initials.join('').toLocaleUpperCase('en');
}

/** The size of a logo's initials in its 128-unit square: one glyph larger, Han a little smaller. */
export function monogramFontSize(initials: string): number {
  return Array.from(initials).length === 1 ? 64 : HAN.test(initials) ? 46 : 54;
}

/**
 * A 128×128 rounded-square monogram logo: white initials on `color` (a #rgb or #rrggbb hex).
 * `withInitials: false` gives the square alone, for drawing the initials with a font of one's own.
 */
export function renderLogoSvg(name: string, color: string, options: { withInitials?: boolean } = {}): string {
  const initials = monogram(name);
  const han = HAN.test(initials);
  const fontSize = monogramFontSize(initials);
  // Baseline at centre + ~0.35em centres cap-height text without relying on dominant-baseline support.
  const y = Math.round(64 + fontSize * 0.35);
  const label = escapeXml(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<rect width="128" height="128" rx="28" ry="28" fill="${safeColor(color)}"/>` +
    `<rect x="1" y="1" width="126" height="126" rx="27" ry="27" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="2"/>` +
    (options.withInitials === false
      ? ''
      : `<text x="64" y="${y}" text-anchor="middle" font-family="${SVG_FONT_FAMILY}" font-size="${fontSize}" font-weight="700" fill="#ffffff"${han ? '' : ' letter-spacing="1"'}>${escapeXml(initials)}</text>`) +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Banner layout: no font metrics are available, so line widths are estimated per character class
// (good enough to wrap a headline into two lines and keep it clear of the right-hand decoration).

const WIDE = /[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]/u;
const NO_LINE_START = /^[，。、！？；：）」』》〉…,.!?;:)]$/u;

function charWidth(ch: string): number {
  if (WIDE.test(ch)) return 1;
  if (ch === ' ') return 0.28;
  if (/[il.,'’!|:;]/.test(ch)) return 0.3;
  if (/[A-Z]/.test(ch)) return 0.68;
  return 0.56;
}

function textWidth(text: string, fontSize: number, bold: boolean): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * fontSize * (bold ? 1.06 : 1);
}

/** Greedy wrap: Latin words stay whole, Han characters break anywhere except before closing punctuation. */
function wrap(text: string, fontSize: number, bold: boolean, maxWidth: number): string[] {
  const tokens = text.match(/[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]|[^\s\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF]+|\s+/gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line + token;
    if (line === '' || textWidth(candidate.trimEnd(), fontSize, bold) <= maxWidth || NO_LINE_START.test(token)) {
      line = line === '' ? token.trimStart() : candidate;
      continue;
    }
    lines.push(line.trimEnd());
    line = token.trimStart();
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

interface Block {
  lines: string[];
  fontSize: number;
}

/** Largest font size (stepping down by 4) whose wrap fits in `maxLines`; the last resort truncates with an ellipsis. */
function fit(text: string, maxSize: number, minSize: number, maxLines: number, maxWidth: number, bold: boolean): Block {
  for (let size = maxSize; size >= minSize; size -= 4) {
    const lines = wrap(text, size, bold, maxWidth);
    if (lines.length <= maxLines) return { lines, fontSize: size };
  }
  const lines = wrap(text, minSize, bold, maxWidth).slice(0, maxLines);
  const last = lines.length - 1;
  let tail = lines[last] ?? '';
  while (tail.length > 1 && textWidth(`${tail}…`, minSize, bold) > maxWidth) tail = Array.from(tail).slice(0, -1).join('');
  lines[last] = `${tail.trimEnd()}…`;
  return { lines, fontSize: minSize };
}

const BANNER_W = 1200;
const BANNER_H = 400;
const TEXT_X = 80;
const TEXT_MAX_W = 820;

/** A 1200×400 diagonal-gradient banner with the title and subtitle in `locale`. */
export function renderBannerSvg(b: DemoBanner, locale: 'en' | 'zh-CN'): string {
  const zh = locale === 'zh-CN';
  const titleText = zh ? b.titleZh : b.titleEn;
  const subtitleText = zh ? b.subtitleZh : b.subtitleEn;
  const title = fit(titleText, 60, 40, 2, TEXT_MAX_W, true);
  const subtitle = fit(subtitleText, 28, 22, 2, TEXT_MAX_W, false);
  const titleLead = Math.round(title.fontSize * 1.2);
  const subtitleLead = Math.round(subtitle.fontSize * 1.4);
  const gap = 24;
  const blockH = title.lines.length * titleLead + gap + subtitle.lines.length * subtitleLead;
  // Centre the text block in the area below the wordmark (y 100–370).
  const top = Math.round(100 + (270 - blockH) / 2);
  const gradientId = `bw-banner-${b.id.replace(/[^A-Za-z0-9_-]/g, '-')}-${zh ? 'zh' : 'en'}`;

  const titleSvg = title.lines
    .map((line, i) => `<text x="${TEXT_X}" y="${top + Math.round(title.fontSize * 0.95) + i * titleLead}" font-size="${title.fontSize}" font-weight="700">${escapeXml(line)}</text>`)
    .join('');
  const subtitleTop = top + title.lines.length * titleLead + gap;
  const subtitleSvg = subtitle.lines
    .map((line, i) => `<text x="${TEXT_X}" y="${subtitleTop + Math.round(subtitle.fontSize * 0.95) + i * subtitleLead}" font-size="${subtitle.fontSize}" fill-opacity="0.9">${escapeXml(line)}</text>`)
    .join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_W}" height="${BANNER_H}" viewBox="0 0 ${BANNER_W} ${BANNER_H}" role="img" aria-label="${escapeXml(titleText)}" xml:lang="${locale}">` +
    `<title>${escapeXml(titleText)}</title>` +
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${safeColor(b.colorFrom)}"/><stop offset="1" stop-color="${safeColor(b.colorTo)}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#${gradientId})"/>` +
    `<circle cx="1080" cy="70" r="230" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="960" cy="400" r="150" fill="#ffffff" fill-opacity="0.06"/>` +
    `<circle cx="1130" cy="330" r="60" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="3"/>` +
    `<g font-family="${SVG_FONT_FAMILY}" fill="#ffffff">` +
    `<text x="${TEXT_X}" y="70" font-size="22" font-weight="700" letter-spacing="3" fill-opacity="0.85">BROKERWISE</text>` +
    titleSvg +
    subtitleSvg +
    `</g></svg>`
  );
}
