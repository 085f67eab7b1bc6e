import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from '../app/components/icons';

/** Every `<use href="#…">` of the markup. */
const uses = (html: string) => [...html.matchAll(/<use href="#([\w-]+)"/g)].map((m) => m[1]!);
const symbolIds = () => new Set([...icons.iconSymbols().matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1]!));

describe('icons drawn from the page sprite (issue 20)', () => {
  const shared = Object.entries(icons).filter(([name]) => /^[A-Z]/.test(name) && !['Svg', 'IconSprite', 'StarRow', 'LogoMark'].includes(name)) as [string, ComponentType<icons.IconProps>][];

  it('each shared icon names a symbol the sprite draws, at the size it is asked for', () => {
    expect(shared.length).toBeGreaterThan(8);
    const ids = symbolIds();
    for (const [name, Icon] of shared) {
      const html = renderToString(createElement(Icon, { size: 20 }));
      expect(uses(html), name).toHaveLength(1);
      expect(ids.has(uses(html)[0]!), `${name}: ${uses(html)[0]}`).toBe(true);
      expect(html).toContain('width="20" height="20"');
      expect(html).toContain('aria-hidden="true"');
    }
  });

  it('a rating draws the sprite\'s stars, the gold row clipped to the value', () => {
    const html = renderToString(createElement(icons.StarRow, { value: 4.3, size: 24 }));
    expect(uses(html)).toEqual(['bw-stars', 'bw-stars']);
    expect(symbolIds().has('bw-stars')).toBe(true);
    // Four whole stars (25 units apart) and 0.3 of the fifth (24 units wide).
    expect(html).toContain('<svg width="107.2" height="24">');
    expect(uses(renderToString(createElement(icons.StarRow, { value: 0 })))).toEqual(['bw-stars']);
  });

  it('the sprite is the symbols as one string on the server, hidden from assistive technology', () => {
    const html = renderToString(createElement(icons.IconSprite));
    expect(html).toContain(icons.iconSymbols());
    expect(html).toMatch(/^<svg class="[^"]+" aria-hidden="true" focusable="false">/);
  });
});
