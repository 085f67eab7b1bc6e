import type { FastifyRequest } from 'fastify';
import type { Cache } from '@brokerwise/cache';
import { AppError } from '@brokerwise/errors';
import type { IdentityClient } from '../clients/identity.client.ts';
import type { SessionUser, Sessions } from './session.ts';

/** How long a user's standing is cached; a sanction or lift made through this gateway forgets it at once. */
const STANDING_TTL_MS = 30_000;
const NONE = 'none';

interface Restriction {
  until: string;
  reason: string;
}

/** "2026-12-01 14:00 UTC": the end of a restriction, as both languages print it. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The check of every posting operation (submit a review, publish or edit a post, comment,
 * forward): signed in, and not restricted from posting by a sanction (403
 * `user.posting_restricted`, "You cannot post until <date> (reason)"). The restriction comes from
 * the identity service and is cached per user for a short while.
 */
export class PostingGuard {
  private readonly sessions: Sessions;
  private readonly identity: IdentityClient;
  private readonly cache: Cache;

  constructor(opts: { sessions: Sessions; identity: IdentityClient; cache: Cache }) {
    this.sessions = opts.sessions;
    this.identity = opts.identity;
    this.cache = opts.cache;
  }

  async require(request: FastifyRequest): Promise<SessionUser> {
    const user = await this.sessions.require(request);
    const restriction = await this.restrictionOf(user.userId, request.id);
    if (restriction) {
      throw new AppError({ code: 'user.posting_restricted', kind: 'forbidden', message: 'Posting restricted', params: { until: utc(restriction.until), reason: restriction.reason } });
    }
    return user;
  }

  /** After a sanction, a lift or an appeal decision about this user. */
  async forget(userId: string): Promise<void> {
    await this.cache.del(`standing:${userId}`).catch(() => undefined);
  }

  private async restrictionOf(userId: string, requestId: string): Promise<Restriction | null> {
    const key = `standing:${userId}`;
    const cached = await this.cache.get(key).catch(() => null);
    let restriction: Restriction | null;
    if (cached !== null) {
      restriction = cached === NONE ? null : (JSON.parse(cached) as Restriction);
    } else {
      const { restriction: r } = await this.identity.standing(userId, requestId);
      restriction = r?.endsAt ? { until: r.endsAt, reason: r.reason } : null;
      await this.cache.set(key, restriction ? JSON.stringify(restriction) : NONE, STANDING_TTL_MS).catch(() => undefined);
    }
    // A cached restriction that has run out meanwhile no longer applies.
    return restriction && new Date(restriction.until).getTime() > Date.now() ? restriction : null;
  }
}
