import { describe, expect, it } from 'vitest';
import { ConfigError } from '@brokerwise/config';
import { DEV_CODE_SECRET, demoAdminEnabled, listSetting, parseIdentityConfig } from './config.ts';
import { serviceTokenKeys } from '@brokerwise/testing';

describe('identity config', () => {
  it('has development defaults for everything', () => {
    const c = parseIdentityConfig({});
    expect(c).toMatchObject({ PORT: 3202, CODE_SECRET: DEV_CODE_SECRET, GOOGLE_CLIENT_IDS: '', FACEBOOK_APP_ID: '' });
    expect(listSetting(c.GOOGLE_ISSUERS)).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(listSetting(' a, ,b ,')).toEqual(['a', 'b']);
  });

  it('refuses the public code secret in production and lists every problem', () => {
    let err: unknown;
    try {
      parseIdentityConfig({ ...serviceTokenKeys(), APP_MODE: 'production', FACEBOOK_APP_ID: '42' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^CODE_SECRET:/), expect.stringMatching(/^FACEBOOK_APP_SECRET:/)]);
    // Only the gateway may call it there (ADR 017): no key, no start.
    expect(() => parseIdentityConfig({ APP_MODE: 'production', CODE_SECRET: 'a-real-secret-of-enough-length' })).toThrow(/SERVICE_TOKEN_PUBLIC_KEY: required in production/);
    expect(parseIdentityConfig({ ...serviceTokenKeys(), APP_MODE: 'production', CODE_SECRET: 'a-real-secret-of-enough-length' }).APP_MODE).toBe('production');
  });

  it('refuses bad values', () => {
    expect(() => parseIdentityConfig({ PORT: 'x', CODE_SECRET: 'short' })).toThrow(ConfigError);
  });

  it('seeds the demo admin by default in embedded mode only, and production refuses to', () => {
    expect(demoAdminEnabled(parseIdentityConfig({}))).toBe(true);
    expect(demoAdminEnabled(parseIdentityConfig({ DEMO_ADMIN: 'false' }))).toBe(false);
    expect(demoAdminEnabled(parseIdentityConfig({ ...serviceTokenKeys(), APP_MODE: 'production', CODE_SECRET: 'a-real-secret-of-enough-length' }))).toBe(false);
    expect(() => parseIdentityConfig({ ...serviceTokenKeys(), APP_MODE: 'production', CODE_SECRET: 'a-real-secret-of-enough-length', DEMO_ADMIN: 'true' })).toThrow(/DEMO_ADMIN: production never seeds/);
  });

  it('checks a configured demo admin password against the password rules', () => {
    expect(parseIdentityConfig({ DEMO_ADMIN_PASSWORD: 'Demo-pass-1' }).DEMO_ADMIN_PASSWORD).toBe('Demo-pass-1');
    expect(() => parseIdentityConfig({ DEMO_ADMIN_PASSWORD: 'short' })).toThrow(/DEMO_ADMIN_PASSWORD: breaks the password rules \(length\)/);
    expect(() => parseIdentityConfig({ DEMO_ADMIN_PASSWORD: 'Has<angle>1' })).toThrow(/DEMO_ADMIN_PASSWORD: breaks the password rules \(characters\)/);
  });
});
