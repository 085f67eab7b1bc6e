/**
 * The values behind the golden fixtures in test/fixtures/*.bin (one per event type).
 *
 * scripts/make-fixtures.ts encoded these ONCE; the .bin files are committed and never rewritten.
 * test/golden.test.ts decodes the committed bytes and expects exactly these values, so a change
 * to the .proto files that old producers' bytes no longer survive (renumbered field, changed
 * type, removed field) fails the test. Values are chosen to hit the tricky encodings: int64
 * beyond 2^53, nanosecond timestamps, non-ASCII text, repeated fields, doubles, booleans.
 *
 * When you ADD a field: leave these values and the .bin files alone (old bytes must still decode,
 * the new field reads as its default). When you ADD an event type: add it below and run
 * `npm run fixtures -w proto`, which writes only the missing fixtures.
 */
import type { EncodeMeta, EventPayloadInit, EventType } from '../src/index.ts';

export interface Golden<T extends EventType> {
  meta: Required<EncodeMeta>;
  payload: EventPayloadInit<T>;
}

export const GOLDEN: { [T in EventType]: Golden<T> } = {
  'catalogue.company.upserted': {
    meta: {
      id: '0b7c2f3e-5a41-4d8e-9c6f-1e2d3c4b5a60',
      producer: 'catalogue',
      correlationId: 'req-7f3a9c',
      occurredAt: new Date('2026-11-21T09:30:15.123Z'),
      schemaVersion: 1,
    },
    payload: {
      id: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      slug: 'ic-markets',
      name: 'IC Markets',
      category: 'Brokers',
      countryCode: 'AU',
      shortDescription: { en: 'ECN forex and CFD broker', zhCn: 'ECN外汇与差价合约经纪商' },
      score: 8.75,
      logoUrl: 'https://cdn.brokerwise.example/logos/ic-markets.png',
      aliases: ['ICMarkets', 'IC Markets Global', '澳大利亚IC'],
      foundedYear: 2007,
      regulated: true,
      updatedAt: { seconds: 1795253415n, nanos: 123456789 },
      version: 9007199254740993n,
    },
  },
  'catalogue.company.removed': {
    meta: {
      id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
      producer: 'catalogue',
      correlationId: '',
      occurredAt: new Date('2026-11-21T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      id: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      slug: 'ic-markets',
      removedAt: { seconds: 1795255200n, nanos: 0 },
      version: 9007199254740994n,
    },
  },
  'identity.user.registered': {
    meta: {
      id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      producer: 'identity',
      correlationId: 'req-1b2c3d',
      occurredAt: new Date('2026-11-20T23:59:59.999Z'),
      schemaVersion: 1,
    },
    payload: {
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      username: '外汇老王',
      email: 'wang@example.com',
      locale: 'zh-cn',
      registeredAt: { seconds: 1795219199n, nanos: 999000000 },
    },
  },
  'identity.email_code.requested': {
    meta: {
      id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
      producer: 'identity',
      correlationId: 'req-9a8b7c',
      occurredAt: new Date('2026-11-21T08:15:00.500Z'),
      schemaVersion: 1,
    },
    payload: {
      email: 'new.trader@example.com',
      event: 'user_register',
      locale: 'en',
      requestedAt: { seconds: 1795248900n, nanos: 500000000 },
    },
  },
  'identity.user.profile_updated': {
    meta: {
      id: '7c6b5a49-3827-4e16-a5f4-e3d2c1b0a998',
      producer: 'identity',
      correlationId: 'req-4d5e6f',
      occurredAt: new Date('2026-11-22T07:45:30.250Z'),
      schemaVersion: 1,
    },
    payload: {
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      username: '外汇老王.fx',
      avatarKey: 'avatars/9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b/5f2a9c1e7b3d4a6f.png',
      countryCode: 'CN',
      motto: '稳健交易 — steady trading',
      email: 'wang@example.com',
      updatedAt: { seconds: 1795333530n, nanos: 250000000 },
      version: 9007199254740995n,
    },
  },
  'identity.user.followed': {
    meta: {
      id: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901',
      producer: 'identity',
      correlationId: 'req-f1e2d3',
      occurredAt: new Date('2026-11-22T08:00:00.001Z'),
      schemaVersion: 1,
    },
    payload: {
      followerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      followeeId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      followers: 9007199254740993n,
      followedAt: { seconds: 1795334400n, nanos: 1000000 },
    },
  },
  'identity.user.unfollowed': {
    meta: {
      id: '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a12',
      producer: 'identity',
      correlationId: '',
      occurredAt: new Date('2026-11-22T08:05:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      followerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      followeeId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      followers: 0n,
      unfollowedAt: { seconds: 1795334700n, nanos: 0 },
    },
  },
};

export const FIXTURES_DIR = new URL('./fixtures/', import.meta.url);

export function fixtureUrl(type: EventType): URL {
  return new URL(`${type}.bin`, FIXTURES_DIR);
}
