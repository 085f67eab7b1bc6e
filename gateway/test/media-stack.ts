import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBus } from '@brokerwise/bus';
import { createCache } from '@brokerwise/cache';
import { createTestDatabase, type Kysely, type TestDatabase } from '@brokerwise/sql';
import { DiskStore, type ObjectStore } from '@brokerwise/storage';
import { uniqueName } from '@brokerwise/testing';
import { parseIdentityConfig } from '../../services/identity/src/config.ts';
import { startIdentity } from '../../services/identity/src/main.ts';
import { createPasswordHasher } from '../../services/identity/src/domain/passwords.ts';
import { savePasswordHash } from '../../services/identity/src/store/credential.store.ts';
import { insertUser } from '../../services/identity/src/store/user.store.ts';
import { parseMediaConfig } from '../../services/media/src/config.ts';
import { startMedia } from '../../services/media/src/main.ts';
import type { UserInfo } from '@brokerwise/api-contract';
import { closeStack, stackCall, type StackCall } from './stack-call.ts';
import { parseGatewayConfig } from '../src/config.ts';
import { startGateway } from '../src/main.ts';

export interface MediaStack {
  base: string;
  objects: ObjectStore;
  workDir: string;
  call: StackCall;
  /** A signed-in user; `ageMs` = how old the account is (default 400 days: no new-account limits). */
  user(ageMs?: number): Promise<UserInfo>;
  close(): Promise<void>;
}

const PASSWORD = 'Secret123';

/**
 * Media (API and worker), identity and the gateway on one bus (NATS with NATS_URL), each with
 * its own test database, one object store; for the /api/vlog and /api/upload tests. Users are
 * written straight into identity's tables and sign in through the gateway, so the stack needs
 * no mail.
 */
export async function startMediaStack(salt: string): Promise<MediaStack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bw-mediastack-'));
  const workDir = path.join(dir, 'work');
  await mkdir(workDir);
  await mkdir(path.join(dir, 'tmp'));
  const dbs: TestDatabase[] = [];
  const stops: (() => Promise<void>)[] = [];
  const bus = await createBus({ natsUrl: process.env.NATS_URL, namespace: uniqueName('mstack').toLowerCase() });
  const cache = createCache({ redisUrl: process.env.REDIS_URL, keyPrefix: `${uniqueName('mstack')}:` });
  const objects = new DiskStore({ dir: path.join(dir, 'objects') });
  const db = async (schema: string) => {
    const d = await createTestDatabase(schema, process.env.DATABASE_URL);
    dbs.push(d);
    return d;
  };

  const media = await startMedia(parseMediaConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, TMP_DIR: path.join(dir, 'tmp'), DEMO_SEED: 'false' }), { bus, objects, database: await db('media') });
  stops.push(media.close);
  const identityDb = await db('identity');
  const identity = await startIdentity(parseIdentityConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dir, DEMO_ADMIN: 'false' }), { bus, objects, cache, database: identityDb });
  stops.push(identity.close);
  const gateway = await startGateway(
    parseGatewayConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      SIGNATURE_SALT: salt,
      DATA_DIR: dir,
      RATE_LIMIT_PER_MINUTE: '10000',
      IDENTITY_URL: `http://127.0.0.1:${identity.port}`,
      MEDIA_URL: `http://127.0.0.1:${media.port}`,
    }),
    { cache, objects, bus },
  );
  stops.push(gateway.close);
  const base = `http://127.0.0.1:${gateway.port}`;

  const call = stackCall(base, salt);

  const hasher = createPasswordHasher();
  const passwordHash = await hasher.hash(PASSWORD);
  const user = async (ageMs = 400 * 86_400_000): Promise<UserInfo> => {
    const id = randomUUID();
    const username = `c${id.slice(0, 8)}`;
    const email = `${username}@example.com`;
    const created = new Date(Date.now() - ageMs);
    const idb = identityDb.db as Kysely<any>;
    await insertUser(idb, { id, email, username, accountType: 'personal', locale: 'en', now: created });
    await savePasswordHash(idb, id, passwordHash, created);
    const res = await call<{ userInfo: UserInfo }>('POST', '/api/user/checkIn', { body: { tab: 'login', email, password: PASSWORD } });
    if (res.body.code !== 1) throw new Error(`sign-in failed: ${res.body.msg}`);
    return res.body.data.userInfo;
  };

  return {
    base,
    objects,
    workDir,
    call,
    user,
    close: () => closeStack({ stops, cache, bus, dbs, dir }),
  };
}
