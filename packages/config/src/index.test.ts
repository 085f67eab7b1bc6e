import { describe, expect, it } from 'vitest';
import { ConfigError, Type, parseConfig } from './index.ts';

const schema = Type.Object({
  PORT: Type.Integer({ default: 3000, minimum: 1, maximum: 65535 }),
  NAME: Type.String(),
  MODE: Type.Union([Type.Literal('a'), Type.Literal('b')], { default: 'a' }),
});

describe('parseConfig', () => {
  it('applies defaults, converts strings and freezes', () => {
    const c = parseConfig(schema, { NAME: 'x', PORT: '8080', UNRELATED: 'y' });
    expect(c).toEqual({ NAME: 'x', PORT: 8080, MODE: 'a' });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('lists every bad key at once', () => {
    try {
      parseConfig(schema, { PORT: 'abc', MODE: 'c' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      expect(text).toContain('NAME');
      expect(text).toContain('PORT');
      expect(text).toContain('MODE');
    }
  });
});
