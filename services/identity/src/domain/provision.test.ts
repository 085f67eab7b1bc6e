import { describe, expect, it } from 'vitest';
import { generatePassword } from './provision.ts';
import { PASSWORD, passwordProblem } from './rules.ts';

describe('generatePassword', () => {
  it('always satisfies the password rules, mixes character kinds and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = generatePassword();
      expect(passwordProblem(p), p).toBeUndefined();
      expect(p).toHaveLength(PASSWORD.max);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).toMatch(/[^a-zA-Z0-9]/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
  });
});
