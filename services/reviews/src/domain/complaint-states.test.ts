import { describe, expect, it } from 'vitest';
import type { ComplaintStatus } from '../store/types.ts';
import { nextStatus, type ComplaintAction } from './complaint-states.ts';

const ALL: ComplaintStatus[] = ['pending', 'rejected', 'awaiting_company', 'awaiting_user', 'resolved', 'unresolved', 'lapsed', 'withdrawn'];
const ACTIONS: ComplaintAction[] = ['publish', 'refuse', 'company_message', 'user_message', 'confirm', 'reject', 'withdraw', 'expire', 'lapse'];

describe('the life of a complaint case', () => {
  it('is published or refused by a moderator, or withdrawn, while pending', () => {
    expect(nextStatus('pending', 'publish')).toBe('awaiting_company');
    expect(nextStatus('pending', 'refuse')).toBe('rejected');
    expect(nextStatus('pending', 'withdraw')).toBe('withdrawn');
    expect(nextStatus('pending', 'company_message')).toBeNull();
    expect(nextStatus('pending', 'confirm')).toBeNull();
    expect(nextStatus('pending', 'expire')).toBeNull();
  });

  it('passes between the two sides as they write', () => {
    expect(nextStatus('awaiting_company', 'company_message')).toBe('awaiting_user');
    expect(nextStatus('awaiting_user', 'user_message')).toBe('awaiting_company');
    expect(nextStatus('awaiting_user', 'company_message')).toBe('awaiting_user');
    expect(nextStatus('awaiting_company', 'user_message')).toBe('awaiting_company');
  });

  it('ends resolved when the user confirms, unresolved when the user rejects or the clock runs out', () => {
    expect(nextStatus('awaiting_user', 'confirm')).toBe('resolved');
    expect(nextStatus('awaiting_user', 'reject')).toBe('unresolved');
    expect(nextStatus('awaiting_company', 'expire')).toBe('unresolved');
    // The company's clock only runs while the company has to answer.
    expect(nextStatus('awaiting_user', 'expire')).toBeNull();
    expect(nextStatus('awaiting_company', 'withdraw')).toBe('withdrawn');
  });

  it("ends lapsed when the author lets their own clock run out after the company answered — neither resolved nor unresolved", () => {
    expect(nextStatus('awaiting_user', 'lapse')).toBe('lapsed');
    // The author's clock only runs while it is the author's turn.
    expect(nextStatus('awaiting_company', 'lapse')).toBeNull();
    expect(nextStatus('pending', 'lapse')).toBeNull();
  });

  it('never leaves a closed case', () => {
    for (const s of ['rejected', 'resolved', 'unresolved', 'lapsed', 'withdrawn'] as const) for (const a of ACTIONS) expect(nextStatus(s, a)).toBeNull();
  });

  it('never publishes or refuses a case twice', () => {
    for (const s of ALL.filter((x) => x !== 'pending')) {
      expect(nextStatus(s, 'publish')).toBeNull();
      expect(nextStatus(s, 'refuse')).toBeNull();
    }
  });
});
