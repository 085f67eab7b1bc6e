import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, decodeEvent, timestampDate } from '../src/index.ts';
import type { EventType } from '../src/index.ts';
import { FIXTURES_DIR, GOLDEN, fixtureUrl } from './golden.ts';

// The committed .bin files are bytes written by an earlier version of the contracts. Today's
// schemas must still decode them to the same values; see golden.ts for the rules.
const ALL_TYPES = Object.keys(EVENT_TYPES) as EventType[];

describe('golden fixtures', () => {
  it('exist for exactly the registered event types', () => {
    const files = readdirSync(fileURLToPath(FIXTURES_DIR)).filter((f) => f.endsWith('.bin')).sort();
    expect(files).toEqual(ALL_TYPES.map((t) => `${t}.bin`).sort());
  });

  it.each(ALL_TYPES)('%s decodes to the golden values', (type) => {
    const { meta, payload } = GOLDEN[type];
    const decoded = decodeEvent(readFileSync(fixtureUrl(type)));

    expect(decoded.type).toBe(type);
    const { envelope } = decoded;
    expect({
      id: envelope.id,
      type: envelope.type,
      producer: envelope.producer,
      correlationId: envelope.correlationId,
      schemaVersion: envelope.schemaVersion,
      occurredAt: timestampDate(envelope.occurredAt!),
    }).toEqual({ ...meta, type });
    expect(decoded.payload).toEqual(create(EVENT_TYPES[type], payload as never));
  });

  it('keeps the encodings that are easy to break (int64 above 2^53, nanos, UTF-8, repeated)', () => {
    const event = decodeEvent(readFileSync(fixtureUrl('catalogue.company.upserted')));
    if (event.type !== 'catalogue.company.upserted') return expect.fail(event.type);
    const company = event.payload;
    expect(company.version).toBe(9007199254740993n);
    expect(company.updatedAt?.seconds).toBe(1795253415n);
    expect(company.updatedAt?.nanos).toBe(123456789);
    expect(company.shortDescription?.zhCn).toBe('ECN外汇与差价合约经纪商');
    expect(company.aliases).toEqual(['ICMarkets', 'IC Markets Global', '澳大利亚IC']);
    expect(company.score).toBe(8.75);
    expect(company.foundedYear).toBe(2007);
    expect(company.regulated).toBe(true);
  });
});
