import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bareDomain, hasLink, jaccard, sameOrganisation, trigrams } from './signals.ts';

describe('text similarity (trigram Jaccard)', () => {
  const sim = (a: string, b: string) => jaccard(trigrams(a), trigrams(b));

  it('ignores case, width, punctuation and spacing', () => {
    expect(sim('Fast withdrawals, fair spreads!', 'FAST   withdrawals fair spreads')).toBe(1);
    expect(sim('出金很快，点差合理', '出金很快 点差合理')).toBe(1);
    expect(sim('ＡＢＣ broker', 'abc broker')).toBe(1);
  });

  it('scores a small edit high and different texts low, in Chinese too', () => {
    expect(sim('Great broker, fast withdrawals, recommend to everyone', 'Great broker, fast withdrawals, recommend to everybody')).toBeGreaterThan(0.8);
    expect(sim('这家平台出金很快，点差也合理，客服回复及时，值得推荐给身边做外汇交易的朋友们', '这家平台出金很快，点差也合理，客服回复很及时，值得推荐给身边做外汇交易的朋友们')).toBeGreaterThan(0.8);
    expect(sim('Great broker, fast withdrawals', 'Terrible platform, frozen account')).toBeLessThan(0.2);
  });

  it('is symmetric, between 0 and 1, and 1 for a text with itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), (a, b) => {
        const s = sim(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(s).toBe(sim(b, a));
        if (trigrams(a).size > 0) expect(sim(a, a)).toBe(1);
      }),
    );
  });
});

describe('links and domains', () => {
  it('finds URLs, www. and bare domains, not abbreviations, versions or email addresses', () => {
    for (const t of ['see https://x.io/a', 'go to www.example', 'visit bestfx.com now', 'join t.me/fxsignals', '访问bestfx.com了解']) expect(hasLink(t), t).toBe(true);
    for (const t of ['e.g. spreads are fine', 'version 1.2.3 of the app', 'write to help@acme.com', 'fair.spreads and fees']) expect(hasLink(t), t).toBe(false);
  });

  it('ties an email domain to the company website domain or a subdomain of it', () => {
    expect(bareDomain('WWW.AcmeFX.com.')).toBe('acmefx.com');
    expect(bareDomain('not a domain')).toBe('');
    expect(sameOrganisation('acmefx.com', 'www.acmefx.com')).toBe(true);
    expect(sameOrganisation('mail.acmefx.com', 'acmefx.com')).toBe(true);
    expect(sameOrganisation('gmail.com', 'acmefx.com')).toBe(false);
    expect(sameOrganisation('notacmefx.com', 'acmefx.com')).toBe(false);
    expect(sameOrganisation('', 'acmefx.com')).toBe(false);
    expect(sameOrganisation(null, null)).toBe(false);
  });
});
