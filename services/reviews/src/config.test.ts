import { describe, expect, it } from 'vitest';
import { ConfigError } from '@brokerwise/config';
import { parseReviewsConfig } from './config.ts';

describe('reviews config', () => {
  it('has development defaults for everything', () => {
    expect(parseReviewsConfig({})).toMatchObject({ PORT: 3203, MIGRATE_ON_START: true, APP_MODE: 'embedded' });
  });

  it('refuses bad values', () => {
    expect(() => parseReviewsConfig({ PORT: 'x', DATABASE_URL: 'mysql://nope' })).toThrow(ConfigError);
  });
});
