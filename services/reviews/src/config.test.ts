import { describe, expect, it } from 'vitest';
import { ConfigError } from '@brokerwise/config';
import { complaintClockOf, parseReviewsConfig, signalThresholds } from './config.ts';

describe('reviews config', () => {
  it('has development defaults for everything', () => {
    expect(parseReviewsConfig({})).toMatchObject({ PORT: 3203, MIGRATE_ON_START: true, APP_MODE: 'embedded' });
  });

  it('has signal thresholds with defaults, read from the environment and range-checked', () => {
    expect(signalThresholds(parseReviewsConfig({}))).toMatchObject({ severity: 3, duplicateSimilarity: 0.8, burstCount: 5, burstWindowMs: 600_000, sharedOriginAccounts: 2, newAccountAgeMs: 7 * 86_400_000 });
    expect(signalThresholds(parseReviewsConfig({ SIGNAL_DUPLICATE_SIMILARITY: '0.9', SIGNAL_BURST_MINUTES: '30' }))).toMatchObject({ duplicateSimilarity: 0.9, burstWindowMs: 1_800_000 });
    expect(() => parseReviewsConfig({ SIGNAL_DUPLICATE_SIMILARITY: '1.5' })).toThrow(ConfigError);
    expect(() => parseReviewsConfig({ SIGNAL_SHARED_ORIGIN_ACCOUNTS: '1' })).toThrow(ConfigError);
  });

  it('limits complaint cases per user and day: 5 by default, read from the environment, at least 1', () => {
    expect(parseReviewsConfig({}).COMPLAINTS_PER_DAY).toBe(5);
    expect(parseReviewsConfig({ COMPLAINTS_PER_DAY: '20' }).COMPLAINTS_PER_DAY).toBe(20);
    expect(() => parseReviewsConfig({ COMPLAINTS_PER_DAY: '0' })).toThrow(ConfigError);
  });

  it('reminds 3 working days before a complaint deadline by default; 0 turns reminders off; never negative', () => {
    expect(complaintClockOf(parseReviewsConfig({}))).toMatchObject({ days: 15, userDays: 15, reminderDays: 3 });
    expect(complaintClockOf(parseReviewsConfig({ COMPLAINT_REMINDER_DAYS: '0' })).reminderDays).toBe(0);
    expect(() => parseReviewsConfig({ COMPLAINT_REMINDER_DAYS: '-1' })).toThrow(ConfigError);
  });

  it('refuses bad values', () => {
    expect(() => parseReviewsConfig({ PORT: 'x', DATABASE_URL: 'mysql://nope' })).toThrow(ConfigError);
  });
});
