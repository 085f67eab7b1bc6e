import { randomUUID } from 'node:crypto';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, Message } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { EnvelopeSchema } from '../gen/brokerwise/events/v1/envelope_pb.ts';
import type { Envelope } from '../gen/brokerwise/events/v1/envelope_pb.ts';
import { EVENT_TYPES, isEventType } from './registry.ts';
import type { DecodedEvent, EventPayloadInit, EventType } from './registry.ts';

/**
 * - `unknown_event_type`: the type is not in EVENT_TYPES (a newer producer, or a typo).
 * - `malformed_event`: the bytes are not a valid Envelope (or lack id/type), or the payload does
 *   not decode with the type's schema. Retrying will not help: dead-letter it.
 * - `invalid_event`: encodeEvent was called with bad arguments (payload of another type,
 *   empty producer or id, bad schemaVersion or date). A programming error in the producer.
 */
export type EventContractErrorCode = 'unknown_event_type' | 'malformed_event' | 'invalid_event';

/** Thrown by encodeEvent / decodeEnvelope / decodeEvent. Match on `code`, not on the class. */
export class EventContractError extends Error {
  readonly code: EventContractErrorCode;
  /** The envelope's event type, when known. */
  readonly eventType: string | undefined;
  /** The envelope's event id, when known. */
  readonly eventId: string | undefined;

  constructor(
    code: EventContractErrorCode,
    message: string,
    details: { eventType?: string; eventId?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'EventContractError';
    this.code = code;
    this.eventType = details.eventType;
    this.eventId = details.eventId;
  }
}

export interface EncodeMeta {
  /** Event id; defaults to a new random UUID. The outbox passes the id it stored. */
  id?: string;
  /** Producing service, e.g. `catalogue`. */
  producer: string;
  /** Request id from the gateway, if the event was caused by a request. */
  correlationId?: string;
  /** When the fact happened; defaults to now. */
  occurredAt?: Date;
  /** Payload schema revision; defaults to 1. */
  schemaVersion?: number;
}

export interface EncodedEvent {
  id: string;
  type: string;
  /** Encoded `brokerwise.events.v1.Envelope`. */
  bytes: Uint8Array;
  /** As in the envelope, for the outbox row (so an operator command can follow its own events). */
  correlationId?: string;
}

const MAX_UINT32 = 0xffff_ffff;

/** Wraps a payload in an Envelope and encodes it. */
export function encodeEvent<T extends EventType>(
  type: T,
  payload: EventPayloadInit<T>,
  meta: EncodeMeta,
): EncodedEvent {
  if (!isEventType(type)) {
    throw new EventContractError('unknown_event_type', `unknown event type "${String(type)}"`, {
      eventType: String(type),
    });
  }
  const schema: DescMessage = EVENT_TYPES[type];
  const typeName = (payload as Partial<Message>).$typeName;
  if (typeName !== undefined && typeName !== schema.typeName) {
    throw new EventContractError(
      'invalid_event',
      `event type "${type}" needs a ${schema.typeName} payload, got ${typeName}`,
      { eventType: type },
    );
  }
  const id = meta.id ?? randomUUID();
  if (id === '') throw new EventContractError('invalid_event', 'event id must not be empty', { eventType: type });
  if (!meta.producer) {
    throw new EventContractError('invalid_event', 'producer must not be empty', { eventType: type, eventId: id });
  }
  const schemaVersion = meta.schemaVersion ?? 1;
  if (!Number.isInteger(schemaVersion) || schemaVersion < 1 || schemaVersion > MAX_UINT32) {
    throw new EventContractError('invalid_event', `schemaVersion must be an integer in 1..${MAX_UINT32}`, {
      eventType: type,
      eventId: id,
    });
  }
  const occurredAt = meta.occurredAt ?? new Date();
  if (Number.isNaN(occurredAt.getTime())) {
    throw new EventContractError('invalid_event', 'occurredAt is an invalid Date', { eventType: type, eventId: id });
  }

  const envelope = create(EnvelopeSchema, {
    id,
    type,
    occurredAt: timestampFromDate(occurredAt),
    producer: meta.producer,
    correlationId: meta.correlationId ?? '',
    schemaVersion,
    payload: toBinary(schema, create(schema, payload as never)),
  });
  return { id, type, bytes: toBinary(EnvelopeSchema, envelope), ...(meta.correlationId ? { correlationId: meta.correlationId } : {}) };
}

/** Decodes Envelope bytes without looking at the payload (e.g. to log or dead-letter it). */
export function decodeEnvelope(bytes: Uint8Array): Envelope {
  if (!(bytes instanceof Uint8Array)) {
    throw new EventContractError('malformed_event', 'event bytes must be a Uint8Array');
  }
  let envelope: Envelope;
  try {
    envelope = fromBinary(EnvelopeSchema, bytes);
  } catch (cause) {
    throw new EventContractError('malformed_event', `not an event envelope: ${errorMessage(cause)}`, { cause });
  }
  if (envelope.id === '' || envelope.type === '') {
    throw new EventContractError('malformed_event', 'not an event envelope: it has no id or no type', {
      ...(envelope.type === '' ? {} : { eventType: envelope.type }),
      ...(envelope.id === '' ? {} : { eventId: envelope.id }),
    });
  }
  return envelope;
}

/** Decodes Envelope bytes and the payload with the schema registered for the envelope's type. */
export function decodeEvent(bytes: Uint8Array): DecodedEvent {
  const envelope = decodeEnvelope(bytes);
  const { type, id } = envelope;
  if (!isEventType(type)) {
    throw new EventContractError('unknown_event_type', `unknown event type "${type}" (event ${id})`, {
      eventType: type,
      eventId: id,
    });
  }
  const schema: DescMessage = EVENT_TYPES[type];
  let payload: Message;
  try {
    payload = fromBinary(schema, envelope.payload);
  } catch (cause) {
    throw new EventContractError(
      'malformed_event',
      `payload of event ${id} is not a valid ${schema.typeName}: ${errorMessage(cause)}`,
      { eventType: type, eventId: id, cause },
    );
  }
  return { envelope, type, payload } as DecodedEvent;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
