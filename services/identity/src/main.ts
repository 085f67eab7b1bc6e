import type { EventBus } from '@brokerwise/bus';
import { createCache, type Cache } from '@brokerwise/cache';
import { startService, type StartedService } from '@brokerwise/service-kit';
import type { Database } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { identityApp } from './app.ts';
import { listSetting, type IdentityConfig } from './config.ts';
import { processAvatar } from './domain/avatar/index.ts';
import { purgeExpiredCodes } from './domain/codes.ts';
import type { Clock, IdentityContext } from './domain/context.ts';
import { DeviceTokens } from './domain/device.ts';
import { createPasswordHasher } from './domain/passwords.ts';
import { createSocialVerifiers } from './domain/social/index.ts';
import { handlers } from './events/registry.ts';
import type { IdentityTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  objects?: ObjectStore;
  /** Counters of the sign-in throttle; shared with the gateway in embedded mode. */
  cache?: Cache;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain (code expiry, sessions); tests move it. Defaults to the system clock. */
  now?: Clock;
  /** Runs before the routes: the start script's demo accounts (demo/identity). */
  seed?: (ctx: IdentitySeedContext) => Promise<{ demoAdmin?: DemoAdmin }>;
}

export type IdentitySeedContext = Pick<IdentityContext, 'db' | 'now' | 'passwords'> & {
  log: { info: (obj: object, msg: string) => void; warn: (msg: string) => void };
};

export interface DemoAdmin {
  email: string;
  username: string;
  /** In clear, for the start script to print once; only its hash is stored. */
  password: string;
}

export type StartedIdentity = StartedService<{
  /** Demo mode only: the admin account seeded at this start, password in clear for the start script. */
  demoAdmin?: DemoAdmin;
}>;

/** Boots identity: (seed: demo admin and creators) → routes → consumers → the code purge. */
export async function startIdentity(config: IdentityConfig, shared: Shared = {}): Promise<StartedIdentity> {
  const objects =
    shared.objects ??
    (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const cache = shared.cache ?? createCache({ ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}), keyPrefix: `${config.NATS_NAMESPACE}:` });
  const now = shared.now ?? (() => new Date());

  return startService<IdentityTables, { demoAdmin?: DemoAdmin }>({
    name: 'identity',
    config,
    serviceToken: 'identity',
    database: { schema: 'identity', migrations, shared: shared.database },
    bus: { shared: shared.bus },
    resources: [
      { name: 'cache', check: () => cache.ping(), close: shared.cache ? undefined : () => cache.close() },
      { name: 'objects', check: () => objects.ping() },
    ],
    setup: async ({ app, db, relay, routes, consume, background }) => {
      const passwords = createPasswordHasher();
      const { demoAdmin } = (await shared.seed?.({ db, now, passwords, log: app.log })) ?? {};
      await routes(identityApp, {
        db,
        relay,
        cache,
        objects,
        now,
        passwords,
        codeSecret: config.CODE_SECRET,
        loginLimits: {
          maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
          accountWindowMs: config.LOGIN_ACCOUNT_WINDOW_SECONDS * 1000,
          maxDelayMs: config.LOGIN_MAX_DELAY_SECONDS * 1000,
          maxFailuresPerAccountIp: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP,
          maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
          maxFailuresPerDevice: config.LOGIN_MAX_FAILURES_PER_DEVICE,
          windowMs: config.LOGIN_WINDOW_SECONDS * 1000,
        },
        devices: new DeviceTokens(config.CODE_SECRET),
        social: createSocialVerifiers({
          googleClientIds: listSetting(config.GOOGLE_CLIENT_IDS),
          googleJwksUrl: config.GOOGLE_JWKS_URL,
          googleIssuers: listSetting(config.GOOGLE_ISSUERS),
          facebookAppId: config.FACEBOOK_APP_ID,
          facebookAppSecret: config.FACEBOOK_APP_SECRET,
          facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
        }),
        processAvatar,
      });
      if (Object.keys(handlers).length > 0) consume({ durable: 'identity', handlers });
      // Hourly housekeeping of long-dead email codes; never keeps the process alive.
      let purge: NodeJS.Timeout | undefined;
      background({
        start: () => {
          purge = setInterval(() => {
            purgeExpiredCodes({ db, now }).catch((err: unknown) => app.log.warn({ err }, 'email code purge failed'));
          }, 3600_000);
          purge.unref();
        },
        stop: async () => clearInterval(purge),
      });
      return demoAdmin ? { demoAdmin } : {};
    },
  });
}
