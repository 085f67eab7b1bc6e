import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { describe, expect, it } from 'vitest';
import {
  CompanyRemovedSchema,
  CompanyUpsertedSchema,
  EVENT_TYPES,
  EnvelopeSchema,
  EventContractError,
  UserRegisteredSchema,
  decodeEnvelope,
  decodeEvent,
  encodeEvent,
  isEventType,
  timestampDate,
} from '../src/index.ts';
import type { EventType } from '../src/index.ts';
import { GOLDEN } from './golden.ts';
import { thrownCode } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ALL_TYPES = Object.keys(EVENT_TYPES) as EventType[];

describe('registry', () => {
  it('names every type <service>.<entity>.<verb-past> and maps it to a message of brokerwise.<service>.v1', () => {
    expect(ALL_TYPES).toEqual([
      'catalogue.company.upserted',
      'catalogue.company.removed',
      'catalogue.licence.status_changed',
      'identity.user.registered',
      'identity.email_code.requested',
      'identity.user.profile_updated',
      'identity.user.followed',
      'identity.user.unfollowed',
      'identity.sanction.imposed',
      'identity.sanction.lifted',
      'identity.appeal.rejected',
      'identity.user.deleted',
      'identity.representative.decided',
      'reviews.review.submitted',
      'reviews.review.approved',
      'reviews.review.rejected',
      'reviews.review.deleted',
      'reviews.rating.changed',
      'reviews.content.removed',
      'reviews.removal_appeal.decided',
      'reviews.reply.published',
      'reviews.complaint.published',
      'reviews.complaint.message_posted',
      'reviews.complaint.closed',
      'reviews.complaint.reminded',
      'media.video.uploaded',
      'media.video.ready',
      'media.video.failed',
      'media.post.published',
      'media.post.deleted',
      'media.post.liked',
      'media.post.unliked',
      'media.post.commented',
      'media.comment.deleted',
      'media.post.collected',
      'media.post.uncollected',
      'media.post.forwarded',
      'notifications.notice.created',
      'trader.account.bound',
      'trader.account.synced',
      'trader.stats.updated',
      'trader.broker_application.approved',
      'trader.broker_application.rejected',
    ]);
    for (const type of ALL_TYPES) {
      const [service, entity, verb, ...rest] = type.split('.');
      expect(rest, type).toEqual([]);
      expect(`${service}.${entity}`, type).toMatch(/^[a-z]+\.[a-z_]+$/);
      // `ready` is the one state-word the architecture names (`media.video.ready`): still a fact.
      // `bound` (`trader.account.bound`, named so by the architecture) is an irregular past tense.
      expect(verb, type).toMatch(/^([a-z_]+ed|ready|bound)$/);
      expect(EVENT_TYPES[type].typeName.startsWith(`brokerwise.${service}.v1.`), type).toBe(true);
    }
  });

  it('isEventType accepts registered types only (not inherited object keys)', () => {
    expect(isEventType('catalogue.company.upserted')).toBe(true);
    expect(isEventType('catalogue.company.renamed')).toBe(false);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType('__proto__')).toBe(false);
  });
});

describe('encodeEvent / decodeEvent round trip', () => {
  it.each(ALL_TYPES)('%s keeps envelope and payload', (type) => {
    const { meta, payload } = GOLDEN[type];
    const encoded = encodeEvent(type, payload as never, meta);
    expect(encoded.id).toBe(meta.id);
    expect(encoded.type).toBe(type);

    const decoded = decodeEvent(encoded.bytes);
    expect(decoded.type).toBe(type);
    expect(decoded.envelope.id).toBe(meta.id);
    expect(decoded.envelope.type).toBe(type);
    expect(decoded.envelope.producer).toBe(meta.producer);
    expect(decoded.envelope.correlationId).toBe(meta.correlationId);
    expect(decoded.envelope.schemaVersion).toBe(meta.schemaVersion);
    expect(timestampDate(decoded.envelope.occurredAt!)).toEqual(meta.occurredAt);
    expect(decoded.payload).toEqual(create(EVENT_TYPES[type], payload as never));
  });

  it('accepts a message built with create() as well as a plain init object', () => {
    const message = create(CompanyRemovedSchema, { id: 'c1', slug: 'acme', version: 7n });
    const decoded = decodeEvent(encodeEvent('catalogue.company.removed', message, { producer: 'catalogue' }).bytes);
    expect(decoded.type).toBe('catalogue.company.removed');
    if (decoded.type !== 'catalogue.company.removed') return;
    expect(decoded.payload.slug).toBe('acme');
    expect(decoded.payload.version).toBe(7n);
  });

  it('narrows payload by type (discriminated union)', () => {
    const { bytes } = encodeEvent(
      'catalogue.company.upserted',
      { id: 'c1', slug: 'acme', name: 'Acme FX', aliases: ['Acme'], version: 3n },
      { producer: 'catalogue' },
    );
    const event = decodeEvent(bytes);
    switch (event.type) {
      case 'catalogue.company.upserted':
        expect(event.payload.name).toBe('Acme FX');
        expect(event.payload.aliases).toEqual(['Acme']);
        expect(event.payload.version).toBe(3n);
        break;
      default:
        expect.fail(`decoded as ${event.type}`);
    }
  });

  it('defaults id to a fresh UUID, occurredAt to now, schemaVersion to 1, correlationId to empty', () => {
    const before = Date.now();
    const a = encodeEvent('identity.user.registered', { userId: 'u1' }, { producer: 'identity' });
    const b = encodeEvent('identity.user.registered', { userId: 'u1' }, { producer: 'identity' });
    const after = Date.now();
    expect(a.id).toMatch(UUID);
    expect(b.id).toMatch(UUID);
    expect(a.id).not.toBe(b.id);

    const envelope = decodeEnvelope(a.bytes);
    expect(envelope.id).toBe(a.id);
    expect(envelope.schemaVersion).toBe(1);
    expect(envelope.correlationId).toBe('');
    const occurred = timestampDate(envelope.occurredAt!).getTime();
    expect(occurred).toBeGreaterThanOrEqual(before);
    expect(occurred).toBeLessThanOrEqual(after);
  });

  it('decodes bytes from a newer producer that added fields (unknown fields are tolerated)', () => {
    // Field 99 (string "x") appended to both the payload and the envelope, as a later v1 would.
    const newerField = new BinaryWriter().tag(99, WireType.LengthDelimited).string('x').finish();
    const payload = toBinary(UserRegisteredSchema, create(UserRegisteredSchema, { userId: 'u1', username: 'ann' }));
    const envelope = create(EnvelopeSchema, {
      id: 'e1',
      type: 'identity.user.registered',
      producer: 'identity',
      schemaVersion: 2,
      payload: concat(payload, newerField),
    });
    const decoded = decodeEvent(concat(toBinary(EnvelopeSchema, envelope), newerField));
    expect(decoded.type).toBe('identity.user.registered');
    expect(decoded.envelope.schemaVersion).toBe(2);
    if (decoded.type !== 'identity.user.registered') return;
    expect(decoded.payload.userId).toBe('u1');
    expect(decoded.payload.username).toBe('ann');
  });
});

describe('encodeEvent rejects bad input', () => {
  it('unknown type → unknown_event_type', () => {
    expect(thrownCode(() => encodeEvent('catalogue.company.renamed' as EventType, {}, { producer: 'catalogue' }))).toBe(
      'unknown_event_type',
    );
  });

  it('a payload message of another type → invalid_event', () => {
    const removed = create(CompanyRemovedSchema, { id: 'c1' });
    expect(
      thrownCode(() => encodeEvent('catalogue.company.upserted', removed as never, { producer: 'catalogue' })),
    ).toBe('invalid_event');
  });

  it('empty producer or id, bad schemaVersion, invalid date → invalid_event', () => {
    const type = 'catalogue.company.removed';
    expect(thrownCode(() => encodeEvent(type, {}, { producer: '' }))).toBe('invalid_event');
    expect(thrownCode(() => encodeEvent(type, {}, { producer: 'catalogue', id: '' }))).toBe('invalid_event');
    expect(thrownCode(() => encodeEvent(type, {}, { producer: 'catalogue', schemaVersion: 0 }))).toBe('invalid_event');
    expect(thrownCode(() => encodeEvent(type, {}, { producer: 'catalogue', schemaVersion: 1.5 }))).toBe('invalid_event');
    expect(thrownCode(() => encodeEvent(type, {}, { producer: 'catalogue', occurredAt: new Date('nope') }))).toBe(
      'invalid_event',
    );
    expect(thrownCode(() => encodeEvent(type, {}, { producer: 'catalogue' }))).toBeUndefined();
  });
});

describe('decoding rejects what is not a known, well-formed event', () => {
  const valid = encodeEvent('catalogue.company.upserted', GOLDEN['catalogue.company.upserted'].payload, {
    id: 'evt-1',
    producer: 'catalogue',
  }).bytes;

  it('an unregistered type → unknown_event_type, with the type and id on the error', () => {
    const bytes = toBinary(
      EnvelopeSchema,
      create(EnvelopeSchema, { id: 'evt-2', type: 'catalogue.company.renamed', producer: 'catalogue' }),
    );
    let error: unknown;
    try {
      decodeEvent(bytes);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EventContractError);
    expect(error).toMatchObject({ code: 'unknown_event_type', eventType: 'catalogue.company.renamed', eventId: 'evt-2' });
    expect((error as Error).message).toContain('catalogue.company.renamed');
    // The envelope itself is fine: a consumer can still log or dead-letter it.
    expect(decodeEnvelope(bytes).type).toBe('catalogue.company.renamed');
  });

  // "hi" = tag 13/varint + value 0x69: a well-formed envelope containing only an unknown field.
  const PARSES_AS_UNKNOWN = new TextEncoder().encode('hi');

  it.each([
    ['an over-long varint', Uint8Array.of(0x78, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)],
    ['a reserved wire type', Uint8Array.of(0x0f, 0x00)],
    ['a length past the end', Uint8Array.of(0x0a, 0x7f, 0x61)],
    ['a truncated envelope', valid.subarray(0, valid.length - 1)],
    ['no bytes at all (no id, no type)', new Uint8Array()],
    ['bytes that parse as unknown fields but carry no id or type', PARSES_AS_UNKNOWN],
  ])('%s → malformed_event', (_name, bytes) => {
    expect(thrownCode(() => decodeEvent(bytes))).toBe('malformed_event');
    expect(thrownCode(() => decodeEnvelope(bytes))).toBe('malformed_event');
  });

  it('a valid envelope whose payload is garbage → malformed_event naming the event', () => {
    const bytes = toBinary(
      EnvelopeSchema,
      create(EnvelopeSchema, {
        id: 'evt-3',
        type: 'catalogue.company.upserted',
        producer: 'catalogue',
        payload: Uint8Array.of(0x0a, 0x7f, 0x61),
      }),
    );
    expect(thrownCode(() => decodeEnvelope(bytes))).toBeUndefined();
    expect(thrownCode(() => decodeEvent(bytes))).toBe('malformed_event');
    expect(() => decodeEvent(bytes)).toThrow(/evt-3.*brokerwise\.catalogue\.v1\.CompanyUpserted/);
  });

  it('something that is not a Uint8Array → malformed_event', () => {
    expect(thrownCode(() => decodeEvent('catalogue.company.upserted' as unknown as Uint8Array))).toBe(
      'malformed_event',
    );
  });

  it('the inputs above fail for the stated reason', () => {
    expect(decodeEvent(valid).envelope.id).toBe('evt-1');
    expect(decodeEvent(valid).payload).toEqual(
      create(CompanyUpsertedSchema, GOLDEN['catalogue.company.upserted'].payload),
    );
    expect(() => fromBinary(EnvelopeSchema, PARSES_AS_UNKNOWN)).not.toThrow();
  });
});

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
