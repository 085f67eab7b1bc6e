/**
 * @brokerwise/proto — the event contracts shared by every service.
 *
 * The `.proto` files under `proto/brokerwise/` are the source of truth; `proto/gen/` is generated
 * from them (`npm run gen -w proto`) and committed. This module re-exports the generated schemas
 * and types, the registry of event types, and the envelope codec. See docs/adr/007.
 */
export * from '../gen/brokerwise/events/v1/envelope_pb.ts';
export * from '../gen/brokerwise/catalogue/v1/events_pb.ts';
export * from '../gen/brokerwise/identity/v1/events_pb.ts';
export * from '../gen/brokerwise/reviews/v1/events_pb.ts';

export { EVENT_TYPES, isEventType } from './registry.ts';
export type { DecodedEvent, EventPayload, EventPayloadInit, EventSchema, EventType } from './registry.ts';
export { EventContractError, decodeEnvelope, decodeEvent, encodeEvent } from './codec.ts';
export type { EncodeMeta, EncodedEvent, EventContractErrorCode } from './codec.ts';

// Re-exported so services build payloads and read timestamps with the same runtime version the
// generated code was built against, without depending on @bufbuild/protobuf themselves.
export { create } from '@bufbuild/protobuf';
export { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
export type { Timestamp } from '@bufbuild/protobuf/wkt';
