import fastJson from 'fast-json-stringify';
import type { FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { Envelope, operations, type Operation, type OperationId } from '@brokerwise/api-contract';

const envelopes = new WeakMap<TSchema, TSchema>();
const serializers = new Map<OperationId, (data: unknown) => string>();

/** The success answer of an operation: the envelope around its `data` (one object per `data` schema). */
export function okEnvelopeSchema(data: TSchema): TSchema {
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = Envelope(data);
    envelopes.set(data, envelope);
  }
  return envelope;
}

/**
 * The route schema of an /api operation, all of it from @brokerwise/api-contract: the query and
 * body it validates, and its success answer (HTTP 200), which Fastify serialises with
 * fast-json-stringify from the contract: a field the contract does not declare is not sent.
 * Failures are sent already serialised (sendError), so the error envelope never meets it.
 */
export function contractSchema(id: OperationId): FastifySchema {
  const op: Operation = operations[id];
  return {
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.body ? { body: op.body } : {}),
    // Downloads (CSV) are text, not the envelope.
    ...(op.responseType ? {} : { response: { 200: okEnvelopeSchema(op.data) } }),
  };
}

/**
 * Serialises an operation's `data` by the contract, as the route's answers are: for answers kept
 * serialised in a cache (JsonCache) and sent as bytes, which bypass Fastify's serializer.
 */
export function dataSerializer(id: OperationId): (data: unknown) => string {
  const schema = operations[id].data;
  let serialize = serializers.get(id);
  if (!serialize) {
    const write = fastJson(schema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    serialize = (data) => {
      if (checking && !Value.Check(schema, data)) {
        const errors = [...Value.Errors(schema, data)].slice(0, 20).map((e) => `  ${e.instancePath || '/'}: ${e.message}`);
        throw new Error(`${id}: the data to cache does not match the contract:\n${errors.join('\n')}`);
      }
      return write(data);
    };
    serializers.set(id, serialize);
  }
  return serialize;
}

let checking = false;
/**
 * CHECK_CONTRACT (tests): cached data is checked against its schema before it is serialised, which
 * would coerce a wrong type or drop a field so that the bytes sent look right. For the process.
 */
export function checkDataBeforeSerialising(): void {
  checking = true;
}
