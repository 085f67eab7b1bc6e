import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '@brokerwise/errors';
import { checkNewAccount, normaliseText, validateReason, validateReview, type PastSubmission } from './rules.ts';

const codeOf = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    return isAppError(err) ? { code: err.code, kind: err.kind, fields: err.fields, retryAfter: err.retryAfter } : err;
  }
  return undefined;
};

describe('review form rules', () => {
  it('accepts 1..5 stars, 15..1000 characters after trimming, and the tick', () => {
    expect(validateReview({ stars: 1, text: `  ${'x'.repeat(15)}\n`, confirmed: true })).toEqual({ stars: 1, text: 'x'.repeat(15) });
    expect(validateReview({ stars: 5, text: '好'.repeat(1000), confirmed: true }).text).toHaveLength(1000);
    // An emoji is one character, not two UTF-16 units.
    expect(validateReview({ stars: 3, text: '👍'.repeat(1000), confirmed: true }).stars).toBe(3);
  });

  it('names every failing field with a stable code', () => {
    expect(codeOf(() => validateReview({}))).toMatchObject({ code: 'reviews.validation', fields: { stars: 'required', text: 'length', confirmed: 'required' } });
    expect(codeOf(() => validateReview({ stars: 0, text: 'x'.repeat(20), confirmed: true }))).toMatchObject({ fields: { stars: 'required' } });
    expect(codeOf(() => validateReview({ stars: 4.5, text: 'x'.repeat(20), confirmed: true }))).toMatchObject({ fields: { stars: 'range' } });
    expect(codeOf(() => validateReview({ stars: 4, text: ` ${'x'.repeat(14)} `, confirmed: true }))).toMatchObject({ fields: { text: 'length' } });
    expect(codeOf(() => validateReview({ stars: 4, text: '👍'.repeat(1001), confirmed: true }))).toMatchObject({ fields: { text: 'length' } });
  });

  it('needs a reason to reject, at most 500 characters', () => {
    expect(validateReason('approve', undefined)).toBe('');
    expect(validateReason('reject', '  spam ')).toBe('spam');
    expect(codeOf(() => validateReason('reject', ' '))).toMatchObject({ fields: { reason: 'required' } });
    expect(codeOf(() => validateReason('approve', 'x'.repeat(501)))).toMatchObject({ fields: { reason: 'length' } });
  });

  it('normalises text for comparison: width, case and whitespace', () => {
    expect(normaliseText('  Great   BROKER\n\tfast ')).toBe('great broker fast');
    expect(normaliseText('ＡＢＣ　１２３')).toBe('abc 123');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(normaliseText(normaliseText(s))).toBe(normaliseText(s));
      }),
    );
  });
});

describe('new-account limits', () => {
  const created = new Date('2026-11-20T00:00:00.000Z');
  const at = (ms: number) => new Date(created.getTime() + ms);
  const past = (i: number, ms: number, text = `review number ${i} text`, deleted = false): PastSubmission => ({ id: `r${i}`, text, createdAt: at(ms), updatedAt: at(ms), deleted });

  it('lets an account older than 24 h through whatever it did', () => {
    const many = [past(1, 86_390_000, 'same text here!'), past(2, 86_395_000), past(3, 86_399_000)];
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now: at(86_400_000), past: many, text: 'same text here!' }))).toBeUndefined();
  });

  it('allows 3 reviews in the first day, deleted ones counting; the 4th waits for the day to end', () => {
    const three = [past(1, 0), past(2, 200_000, 'x', true), past(3, 400_000)];
    const err = codeOf(() => checkNewAccount({ accountCreatedAt: created, now: at(3600_000), past: three, text: 'a fourth one, new' }));
    expect(err).toEqual({ code: 'reviews.new_account_limit', kind: 'too_many_requests', fields: undefined, retryAfter: 23 * 3600 });
    // Editing one of them is not a new review.
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now: at(3600_000), past: three, text: 'edited text!', editingId: 'r3' }))).toBeUndefined();
  });

  it('spaces submissions (edits included) 120 s apart, saying how long to wait', () => {
    const one = [past(1, 1000)];
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now: at(1000 + 119_500), past: one, text: 'another review text' }))).toMatchObject({ code: 'reviews.too_soon', retryAfter: 1 });
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now: at(1000 + 30_000), past: one, text: 'edit of my review', editingId: 'r1' }))).toMatchObject({ code: 'reviews.too_soon', retryAfter: 90 });
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now: at(1000 + 120_000), past: one, text: 'another review text' }))).toBeUndefined();
  });

  it('refuses the same normalised text as another live review, not the review being edited', () => {
    const one = [past(1, 0, 'Great broker, fast payouts!')];
    const now = at(600_000);
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now, past: one, text: '  great BROKER,   fast payouts! ' }))).toMatchObject({ code: 'reviews.duplicate_text', kind: 'validation', fields: { text: 'duplicate' } });
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now, past: one, text: 'Great broker, fast payouts!', editingId: 'r1' }))).toBeUndefined();
    const deleted = [past(1, 0, 'Great broker, fast payouts!', true)];
    expect(codeOf(() => checkNewAccount({ accountCreatedAt: created, now, past: deleted, text: 'Great broker, fast payouts!' }))).toBeUndefined();
  });
});
