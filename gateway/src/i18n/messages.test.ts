import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, FIELD_SPECIFIC, MESSAGES } from './messages.ts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('gateway messages', () => {
  for (const [name, table] of Object.entries({ MESSAGES, FIELD_MESSAGES, FIELD_SPECIFIC })) {
    it(`${name}: every entry exists in English and Chinese with the same placeholders`, () => {
      expect(Object.keys(table).length, `${name} is empty`).toBeGreaterThan(0);
      for (const [code, text] of Object.entries(table)) {
        expect(text.en.trim(), `${code} en`).not.toBe('');
        expect(text['zh-cn'].trim(), `${code} zh-cn`).not.toBe('');
        expect(text['zh-cn'], `${code} is not translated`).toMatch(/[\u4e00-\u9fff]/);
        expect(placeholders(text['zh-cn']), code).toEqual(placeholders(text.en));
      }
    });
  }

  it('uses the spec §5 wording for the account forms', () => {
    expect(FIELD_SPECIFIC['email:login_required']?.en).toBe('Please enter a mailbox or user name.');
    expect(FIELD_SPECIFIC['password:length']?.en).toBe('Password length is 8-12 digits.');
    expect(FIELD_SPECIFIC['username:format']?.en).toBe('Disable special characters with a length of 3 to 15.');
    expect(FIELD_SPECIFIC['email:format']?.en).toBe('The mailbox format is incorrect.');
    expect(FIELD_SPECIFIC['captcha:required']?.en).toBe('Please enter the captcha.');
    expect(MESSAGES.country_decrypt_failed?.en).toBe('Failed to decrypt');
  });
});
