import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeContent } from './sanitize.ts';

const ID = '0b0e5d3a-1c2f-4e8a-9b6d-0a1c2e3f4a51';
const OTHER = '9f1e2d3c-4b5a-4c6d-8e7f-001122334455';
const clean = (html: string, allowed?: string[]) => sanitizeContent(html, allowed ? { isAllowedImage: (id) => allowed.includes(id) } : {});

describe('sanitizeContent', () => {
  it('drops script, style, iframe, object, svg and form elements with their content', () => {
    const r = clean('<p>Hi</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://e.example"></iframe><object data="x"></object><svg><script>1</script></svg><form><input></form><noscript>n</noscript>');
    expect(r.html).toBe('<p>Hi</p>');
    expect(r.text).toBe('Hi');
  });

  it('drops every on* handler and style attribute', () => {
    const r = clean('<p onclick="x()" style="color:red" class="c" id="i">a <b onmouseover="y()">b</b></p><img src="/media/images/' + ID + '/full.webp" onerror="alert(1)" onload="z()">');
    expect(r.html).toBe(`<p>a <b>b</b></p><img src="/media/images/${ID}/full.webp" />`);
    expect(r.html).not.toMatch(/on\w+=|style=/);
  });

  it('keeps only http, https and mailto links, with rel nofollow noopener ugc and a new tab for the web', () => {
    const r = clean('<a href="javascript:alert(1)">js</a> <a href=" JaVaScRiPt:alert(1)">js2</a> <a href="data:text/html,x">data</a> <a href="//evil.example">proto</a> <a href="/relative">rel</a> <a href="https://ok.example/?a=1&b=2" target="_self" rel="opener">ok</a> <a href="mailto:a@b.example">mail</a>');
    expect(r.html).toBe('js js2 data proto rel <a href="https://ok.example/?a=1&amp;b=2" rel="nofollow noopener ugc" target="_blank">ok</a> <a href="mailto:a@b.example" rel="nofollow noopener ugc">mail</a>');
  });

  it('keeps images only from our /media/images/ path, and only the allowed ones', () => {
    const html = [
      `<img src="/media/images/${ID}/full.webp" alt="mine">`,
      `<img src="/media/images/${OTHER}/cover.webp">`,
      `<img src="https://evil.example/media/images/${ID}/full.webp">`,
      '<img src="/media/logos/x.svg">',
      `<img src="/media/images/${ID}/full.webp?x=1">`,
      '<img src="data:image/png;base64,AAAA">',
      '<img src="javascript:alert(1)">',
    ].join('');
    const r = clean(html, [ID]);
    expect(r.html).toBe(`<img src="/media/images/${ID}/full.webp" alt="mine" />`);
    expect(r.imageIds).toEqual([ID]);
    expect(clean(html).imageIds).toEqual([ID, OTHER]);
  });

  it('maps h1 to h2 and keeps the allowed structure', () => {
    const r = clean('<h1>T</h1><h3>S</h3><ul><li>a</li><li>b</li></ul><blockquote>q</blockquote><pre><code>x &lt; 1</code></pre><div>d</div><table><tr><td>t</td></tr></table>');
    expect(r.html).toBe('<h2>T</h2><h3>S</h3><ul><li>a</li><li>b</li></ul><blockquote>q</blockquote><pre><code>x &lt; 1</code></pre>dt');
  });

  it('extracts plain text with blocks separated and entities decoded', () => {
    expect(htmlToText('<p>A &amp; B</p><p>中文&lt;3</p><ul><li>x</li><li>y</li></ul>')).toBe('A & B 中文<3 x y');
  });
});
