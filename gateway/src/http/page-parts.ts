import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { operations, OperationId, Validated } from '@brokerwise/api-contract';
import { actingAlone } from './acting.ts';
import { okEnvelopeJson } from './cached.ts';
import { errorEnvelope, toAppError } from './envelope.ts';

/** The query an operation's handler sees after validation (defaults filled in). */
export type PartQuery<K extends OperationId> = (typeof operations)[K] extends { query: infer Q extends TSchema } ? Validated<Q> : Record<string, never>;

/** An operation's answer as the bytes of its `data`, serialised by its contract (`hit`: from a cache). */
export interface PartAnswer {
  json: Buffer;
  hit?: boolean;
}

/** How an operation answers a caller: what its route sends, and what a page's answer carries as one part. */
export type PartReader<K extends OperationId> = (request: FastifyRequest, query: PartQuery<K>) => Promise<PartAnswer>;

/** One part of a page's answer: its envelope as bytes, and its `data` when it succeeded. */
export interface Part {
  bytes: Buffer;
  json?: Buffer;
}

/**
 * The operations a page's answer is made of (ADR 036). The route of each registers how it
 * answers, and the page routes (routes/pages.ts) ask it in-process: the same code, caches
 * (JsonCache, RecentAnswers) and session checks answer a part and the operation of its own, so a
 * part says what that operation would say to the same caller — without an HTTP round trip, a
 * signature check and a rate-limit count per part.
 */
export class PageParts {
  private readonly readers = new Map<OperationId, PartReader<never>>();

  /** Registers how `id` answers; returns the reader for its route. */
  add<K extends OperationId, A extends PartAnswer>(id: K, read: (request: FastifyRequest, query: PartQuery<K>) => Promise<A>): (request: FastifyRequest, query: PartQuery<K>) => Promise<A> {
    this.readers.set(id, read as PartReader<never>);
    return read;
  }

  /**
   * `id`'s answer to this request as a part: its success envelope, or the error envelope it would
   * have answered with that answer's HTTP status. Never throws: a part fails alone. It acts for
   * nobody until its own session check says whom (as a request of its own would).
   */
  async part<K extends OperationId>(id: K, request: FastifyRequest, query: PartQuery<K>): Promise<Part> {
    try {
      const read = this.readers.get(id) as PartReader<K> | undefined;
      if (!read) throw new Error(`no page part reader for ${id}`);
      const { json } = await actingAlone(() => read(request, query));
      return { bytes: okEnvelopeJson(request.lang, json), json };
    } catch (err) {
      const appError = toAppError(err);
      if (appError.status >= 500) request.log.error({ err, part: id }, 'page part failed');
      return { bytes: Buffer.from(JSON.stringify({ ...errorEnvelope(appError, request.lang, request.id), status: appError.status })) };
    }
  }
}

/** A page's answer (`data`) from its parts, as bytes: `{"name":<part>,…}`; absent parts are left out. */
export function joinParts(parts: Record<string, Part | undefined>): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (!part) continue;
    chunks.push(Buffer.from(`${chunks.length === 0 ? '{' : ','}${JSON.stringify(name)}:`), part.bytes);
  }
  chunks.push(Buffer.from(chunks.length === 0 ? '{}' : '}'));
  return Buffer.concat(chunks);
}
