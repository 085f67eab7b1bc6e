import { describe, expect, it } from 'vitest';
import { ConfigError } from '@brokerwise/config';
import { backoffList, parseNotificationsConfig } from './config.ts';
import { serviceTokenKeys } from '@brokerwise/testing';

describe('notifications config', () => {
  it('has development defaults for everything', () => {
    const config = parseNotificationsConfig({});
    expect(config).toMatchObject({ PORT: 3207, MIGRATE_ON_START: true, APP_MODE: 'embedded', SITE_URL: 'http://localhost:3000', MAIL_MAX_ATTEMPTS: 8 });
    expect(backoffList(config.MAIL_RETRY_BACKOFF_MS)).toEqual([5000, 30000, 120000, 600000, 1800000]);
  });

  it('refuses bad values and the public newsletter secret in production', () => {
    expect(() => parseNotificationsConfig({ PORT: 'x', SMTP_URL: 'http://nope', MAIL_RETRY_BACKOFF_MS: '1,,2' })).toThrow(ConfigError);
    expect(() => parseNotificationsConfig({ APP_MODE: 'production', NEWSLETTER_SECRET: 'a-real-secret-of-enough-length' })).toThrow(/SERVICE_TOKEN_PUBLIC_KEY: required in production/);
    expect(() => parseNotificationsConfig({ ...serviceTokenKeys(), APP_MODE: 'production' })).toThrow(/NEWSLETTER_SECRET/);
    expect(parseNotificationsConfig({ ...serviceTokenKeys(), APP_MODE: 'production', NEWSLETTER_SECRET: 'a-real-secret-of-enough-length' }).APP_MODE).toBe('production');
  });
});
