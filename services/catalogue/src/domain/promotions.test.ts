import { describe, expect, it } from 'vitest';
import { checkPromotion, promotionStatus, PROMOTION_LIMITS, type PromotionInput } from './promotions.ts';

const valid = (over: Partial<PromotionInput> = {}): PromotionInput => ({
  company: 'harbour-fx',
  titleEn: 'Cashback on every lot',
  titleZh: '每手交易返现活动',
  summaryEn: 'Earn a cash rebate on every standard lot you trade this quarter.',
  summaryZh: '本季度每交易一标准手即可获得现金返还，按月结算至您的账户。',
  bodyEn: 'Trade any forex pair and receive a rebate credited monthly.\n\nTrading involves risk.',
  bodyZh: '交易任意外汇货币对即可获得返现，返现每月结算一次并直接计入交易账户余额。\n\n交易涉及风险，请谨慎参与并确保您完全理解相关风险。',
  termsEn: '',
  termsZh: '',
  startsAt: '2027-01-01T00:00:00Z',
  endsAt: null,
  ...over,
});

describe('checkPromotion', () => {
  it('accepts a valid promotion and normalises its text', () => {
    const { fields, value } = checkPromotion(valid({ titleEn: '  Cashback   on every lot ', bodyEn: 'First paragraph of the promotion text, long enough.\r\n\r\n\r\n\r\nSecond one.  ' }));
    expect(fields).toEqual({});
    expect(value).toMatchObject({ titleEn: 'Cashback on every lot', bodyEn: 'First paragraph of the promotion text, long enough.\n\nSecond one.', endsAt: null });
    expect(value?.startsAt.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('checks lengths in characters at both ends, per language', () => {
    const at = (n: number, ch = '优') => ch.repeat(n);
    const { min, max } = PROMOTION_LIMITS.title;
    expect(checkPromotion(valid({ titleZh: at(min) })).fields).toEqual({});
    expect(checkPromotion(valid({ titleZh: at(max) })).fields).toEqual({});
    expect(checkPromotion(valid({ titleZh: at(min - 1) })).fields).toEqual({ titleZh: 'length' });
    expect(checkPromotion(valid({ titleEn: at(max + 1, 'a') })).fields).toEqual({ titleEn: 'length' });
    expect(checkPromotion(valid({ summaryEn: 'a'.repeat(19) })).fields).toEqual({ summaryEn: 'length' });
    expect(checkPromotion(valid({ summaryZh: 'a'.repeat(301) })).fields).toEqual({ summaryZh: 'length' });
    expect(checkPromotion(valid({ bodyEn: 'a'.repeat(49) })).fields).toEqual({ bodyEn: 'length' });
    expect(checkPromotion(valid({ bodyZh: 'a'.repeat(8001) })).fields).toEqual({ bodyZh: 'length' });
    expect(checkPromotion(valid({ termsEn: 'a'.repeat(4001) })).fields).toEqual({ termsEn: 'too_long' });
  });

  it('reports every broken field at once, with stable codes', () => {
    const { fields, value } = checkPromotion(
      valid({ company: ' ', titleEn: '   ', summaryZh: '太短', startsAt: '2027-02-01T00:00:00Z', endsAt: '2027-01-31T00:00:00Z' }),
    );
    expect(value).toBeNull();
    expect(fields).toEqual({ company: 'required', titleEn: 'required', summaryZh: 'length', endsAt: 'before_start' });
    expect(checkPromotion(valid({ startsAt: '' })).fields).toEqual({ startsAt: 'required' });
    expect(checkPromotion(valid({ startsAt: 'next week', endsAt: 'never' })).fields).toEqual({ startsAt: 'invalid', endsAt: 'invalid' });
    // Ending exactly when it starts is not a period.
    expect(checkPromotion(valid({ endsAt: '2027-01-01T00:00:00Z' })).fields).toEqual({ endsAt: 'before_start' });
  });
});

describe('promotionStatus', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  it('is scheduled before the start, active from it, ended from the end on', () => {
    expect(promotionStatus({ starts_at: '2027-03-01T12:00:01Z', ends_at: null }, now)).toBe('scheduled');
    expect(promotionStatus({ starts_at: '2027-03-01T12:00:00Z', ends_at: null }, now)).toBe('active');
    expect(promotionStatus({ starts_at: new Date('2027-01-01'), ends_at: new Date('2027-03-01T12:00:01Z') }, now)).toBe('active');
    expect(promotionStatus({ starts_at: new Date('2027-01-01'), ends_at: new Date('2027-03-01T12:00:00Z') }, now)).toBe('ended');
  });
});
