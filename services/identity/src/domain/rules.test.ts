import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  charLength,
  countryProblem,
  emailProblem,
  mottoProblem,
  passwordProblem,
  profileUsernameProblem,
  registerUsernameProblem,
  usernameFromName,
} from './rules.ts';

const allowedChar = fc.constantFrom(...'abcXYZ019_-.外汇王é'.split(''), 'ß', 'Ж', 'ا');
const letterOrDigit = fc.constantFrom(...'abcXYZ019外汇王'.split(''));
const forbiddenInName = fc.constantFrom(' ', '\t', '\n', '!', '@', '#', '$', '%', '&', '*', '(', ')', '+', '=', '/', '\\', '?', ',', ';', ':', '"', "'", '<', '>', '~', '，', '。');
const forbiddenInPassword = fc.constantFrom('&', '<', '>', '"', "'", '\n', '\r');
const passwordChar = fc.constantFrom(...'abcXYZ0129!@#$%^*()-_=+[]{}|;:,./?~ 中'.split(''));

/** A name of `min..max` allowed characters with at least one letter or digit. */
const validName = (min: number, max: number) =>
  fc
    .tuple(letterOrDigit, fc.array(allowedChar, { minLength: min - 1, maxLength: max - 1 }), fc.nat())
    .map(([anchor, rest, at]) => {
      const i = at % (rest.length + 1);
      return [...rest.slice(0, i), anchor, ...rest.slice(i)].join('');
    });

describe('username rules', () => {
  it('registration accepts 3 to 15 letters (any script), digits, _ - .', () => {
    fc.assert(fc.property(validName(3, 15), (name) => {
          expect(registerUsernameProblem(name)).toBeUndefined();
        }));
  });

  it('registration refuses any whitespace or special punctuation, wherever it is', () => {
    fc.assert(
      fc.property(validName(3, 14), forbiddenInName, fc.nat(), (name, bad, at) => {
        const chars = [...name];
        const i = at % (chars.length + 1);
        expect(registerUsernameProblem([...chars.slice(0, i), bad, ...chars.slice(i)].join(''))).toBe('format');
      }),
    );
  });

  it('registration refuses fewer than 3 or more than 15 characters, counted as characters', () => {
    fc.assert(fc.property(fc.oneof(validName(1, 2), validName(16, 30)), (name) => {
          expect(registerUsernameProblem(name)).toBe('format');
        }));
    expect(registerUsernameProblem('外汇王')).toBeUndefined();
    expect(registerUsernameProblem('')).toBe('required');
    expect(registerUsernameProblem('___')).toBe('format');
  });

  it('profile edit takes 3 to 12 and says `length` outside', () => {
    fc.assert(fc.property(validName(3, 12), (name) => {
          expect(profileUsernameProblem(name)).toBeUndefined();
        }));
    fc.assert(fc.property(fc.oneof(validName(1, 2), validName(13, 20)), (name) => {
          expect(profileUsernameProblem(name)).toBe('length');
        }));
    expect(profileUsernameProblem('ab cd')).toBe('format');
  });

  it('a name derived from any provider name is a valid, editable username', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: 'grapheme', maxLength: 60 })), (name) => {
        const derived = usernameFromName(name, 'google_user');
        expect(profileUsernameProblem(derived)).toBeUndefined();
        expect(registerUsernameProblem(derived)).toBeUndefined();
      }),
    );
    expect(usernameFromName('Li Wei', 'x_user')).toBe('Li_Wei');
    expect(usernameFromName(null, 'google_user')).toBe('google_user');
  });
});

describe('password rules', () => {
  it('accepts 8 to 12 characters without & < > " \' or line breaks', () => {
    fc.assert(
      fc.property(fc.array(passwordChar, { minLength: 8, maxLength: 12 }), (chars) => {
        expect(passwordProblem(chars.join(''))).toBeUndefined();
      }),
    );
  });

  it('refuses a forbidden character anywhere', () => {
    fc.assert(
      fc.property(fc.array(passwordChar, { minLength: 7, maxLength: 11 }), forbiddenInPassword, fc.nat(), (chars, bad, at) => {
        const i = at % (chars.length + 1);
        expect(passwordProblem([...chars.slice(0, i), bad, ...chars.slice(i)].join(''))).toBe('characters');
      }),
    );
  });

  it('refuses lengths outside 8 to 12 with `length`', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(passwordChar, { minLength: 1, maxLength: 7 }), fc.array(passwordChar, { minLength: 13, maxLength: 40 })), (chars) => {
        expect(passwordProblem(chars.join(''))).toBe('length');
      }),
    );
    expect(passwordProblem('')).toBe('required');
  });
});

describe('other fields', () => {
  it('emails: required, simple shape, at most 254', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('   ')).toBe('required');
    for (const bad of ['a', 'a@b', 'a@b.', '@b.io', 'a b@c.io', 'a@b..io', 'a@@b.io', '<a>@b.io']) expect(emailProblem(bad), bad).toBe('format');
    for (const ok of ['a@b.io', 'First.Last+tag@sub.example.com', ' x@y.cn ']) expect(emailProblem(ok), ok).toBeUndefined();
    const local = 'a'.repeat(64);
    const long = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.io`;
    expect(long.length).toBe(254);
    expect(emailProblem(long)).toBeUndefined();
    expect(emailProblem(`a${long}`)).toBe('format');
  });

  it('motto at most 200 characters; country an upper-case alpha-2 code, required', () => {
    expect(mottoProblem('字'.repeat(200))).toBeUndefined();
    expect(mottoProblem('字'.repeat(201))).toBe('too_long');
    expect(charLength('𝒜𝒜')).toBe(2);
    expect(countryProblem(null)).toBe('required');
    expect(countryProblem('')).toBe('required');
    expect(countryProblem('gb')).toBe('format');
    expect(countryProblem('GBR')).toBe('format');
    expect(countryProblem('GB')).toBeUndefined();
  });
});
