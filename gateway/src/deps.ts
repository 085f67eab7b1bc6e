import type { Mailbox } from '@brokerwise/mail';
import type { Cache } from '@brokerwise/cache';
import type { ObjectStore } from '@brokerwise/storage';
import type { CatalogueClient } from './clients/catalogue.client.ts';
import type { IdentityClient } from './clients/identity.client.ts';
import type { MediaClient } from './clients/media.client.ts';
import type { NotificationsClient } from './clients/notifications.client.ts';
import type { ReviewsClient } from './clients/reviews.client.ts';
import type { SearchClient } from './clients/search.client.ts';
import type { TraderClient } from './clients/trader.client.ts';
import type { OpaqueIds } from './domain/opaque-id.ts';
import type { Presenters } from './domain/presenters.ts';
import type { CacheInvalidator } from './http/invalidation.ts';
import type { NoticeStreams } from './http/notice-stream.ts';
import type { PublicOrigins } from './http/origin.ts';

/** What the routes may use; built by main.ts from the process's settings and clients. */
export interface GatewayDeps {
  /** Hosts answered, and the canonical origin (PUBLIC_ORIGIN, ADR 015). */
  publicOrigins: PublicOrigins;
  catalogue: CatalogueClient;
  search: SearchClient;
  reviews: ReviewsClient;
  trader: TraderClient;
  identity: IdentityClient;
  media: MediaClient;
  /** Declared sizes refused at once on /api/upload/* (the media service has the final say). */
  uploadLimits: { videoMaxBytes: number; imageMaxBytes: number };
  notifications: NotificationsClient;
  /** Open notice streams (SSE) of this process; ended on shutdown. */
  noticeStreams: NoticeStreams;
  newsletterLimit: { max: number; windowSeconds: number };
  jwtSecret: string;
  secureCookies: boolean;
  invalidator?: CacheInvalidator | undefined;
  /** Embedded mode only: the file mailer's mailbox, shown at /dev/mailbox. */
  devMailbox?: Mailbox | undefined;
  cache: Cache;
  objects: ObjectStore;
  ids: OpaqueIds;
  presenters: Presenters;
  salt: string;
  apiCacheTtlSeconds: number;
  rateLimitPerMinute: number;
  webUrl: string;
  /** Shared with the web tier (ADR 012). */
  internalSecret: string;
  pageCacheTtlMs: number;
  upstreamTimeoutMs: number;
  /** CHECK_CONTRACT: check every /api answer against the shared contract (tests). */
  checkContract?: boolean | undefined;
}
