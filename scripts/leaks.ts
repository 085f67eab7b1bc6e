/**
 * What a test run leaves on the real servers: `npm test` takes a snapshot of the PostgreSQL
 * databases, NATS JetStream streams, Redis keys and temp directories before the tests and
 * compares after them. Tests make their own databases, streams and keys and must remove them;
 * whatever is new at the end is named, so the test that leaked it can be found.
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface Snapshot {
  databases: Set<string>;
  streams: Set<string>;
  keys: Set<string>;
  tempDirs: Set<string>;
}

export interface Servers {
  databaseUrl?: string | undefined;
  natsUrl?: string | undefined;
  redisUrl?: string | undefined;
}

/** Names in the temp directory that the project's tests and scripts make (mkdtemp prefixes). */
const OUR_TEMP = /^(bw-|brokerwise)/;

export async function snapshot(servers: Servers): Promise<Snapshot> {
  const [databases, streams, keys, tempDirs] = await Promise.all([
    servers.databaseUrl ? listDatabases(servers.databaseUrl) : new Set<string>(),
    servers.natsUrl ? listStreams(servers.natsUrl) : new Set<string>(),
    servers.redisUrl ? listKeys(servers.redisUrl) : new Set<string>(),
    listTemp(),
  ]);
  return { databases, streams, keys, tempDirs };
}

/** What `after` has that `before` had not, by kind; empty arrays when nothing leaked. */
export function leaked(before: Snapshot, after: Snapshot, ignore: { tempDirs?: string[] } = {}): Record<keyof Snapshot, string[]> {
  const added = (a: Set<string>, b: Set<string>) => [...b].filter((x) => !a.has(x)).sort();
  return {
    databases: added(before.databases, after.databases),
    streams: added(before.streams, after.streams),
    keys: added(before.keys, after.keys),
    tempDirs: added(before.tempDirs, after.tempDirs).filter((d) => !(ignore.tempDirs ?? []).includes(d)),
  };
}

async function listDatabases(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE NOT datistemplate');
    return new Set(rows.map((r) => r.datname));
  } finally {
    await client.end();
  }
}

async function listStreams(url: string): Promise<Set<string>> {
  const nc = await connect({ servers: url, timeout: 5_000 });
  try {
    const jsm = await jetstreamManager(nc);
    const names = new Set<string>();
    for await (const name of jsm.streams.names()) names.add(name);
    return names;
  } finally {
    await nc.close();
  }
}

async function listKeys(url: string): Promise<Set<string>> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      for (const k of batch) keys.add(k);
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

async function listTemp(): Promise<Set<string>> {
  const names = await readdir(os.tmpdir()).catch(() => [] as string[]);
  return new Set(names.filter((n) => OUR_TEMP.test(n)));
}
