import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { operations, type Validated } from '@brokerwise/api-contract';
import type { Cache } from '@brokerwise/cache';
import { AppError, isAppError } from '@brokerwise/errors';
import type { NotificationsClient } from '../clients/notifications.client.ts';
import type { Lang, NewsletterSubscription } from '@brokerwise/api-contract';
import { contractSchema } from '../http/contract-schema.ts';
import { now } from '../http/envelope.ts';
import { resolveLang } from '../http/lang.ts';
import { message } from '../i18n/messages.ts';

export interface NewsletterDeps {
  notifications: NotificationsClient;
  cache: Cache;
  /** Subscriptions per client address per window, script or not. */
  limit: { max: number; windowSeconds: number };
}

const send = <T>(request: FastifyRequest, reply: FastifyReply, code: string, data: T) =>
  reply.header('cache-control', 'no-store').send({ code: 1, msg: message(code, request.lang), time: now(), data });

/** Counts one subscription attempt of this address; past the limit: 429 with Retry-After. */
async function checkLimit(deps: NewsletterDeps, ip: string): Promise<void> {
  const { value, ttlMs } = await deps.cache.incr(`rl:newsletter:${ip}`, deps.limit.windowSeconds * 1000);
  if (value > deps.limit.max) {
    throw new AppError({ code: 'newsletter.too_many', kind: 'too_many_requests', message: 'Too many subscriptions from this address', retryAfter: Math.max(1, Math.ceil(ttlMs / 1000)) });
  }
}

async function subscribe(deps: NewsletterDeps, request: FastifyRequest, email: string, lang: Lang) {
  await checkLimit(deps, request.clientAddress);
  const { status } = await deps.notifications.subscribe({ email, locale: lang }, request.id);
  return { status: status === 'confirmed' ? ('confirmed' as const) : ('pending' as const) };
}

/** /api/newsletter/*: the footer box (double opt-in) and the confirm / unsubscribe links of the mails. */
export async function newsletterRoutes(app: FastifyInstance, deps: NewsletterDeps): Promise<void> {
  app.post<{ Body: Validated<typeof operations.newsletterSubscribe.body> }>('/api/newsletter/subscribe', { schema: contractSchema('newsletterSubscribe') }, async (request, reply) => {
    const data = await subscribe(deps, request, request.body.email ?? '', request.lang);
    return send(request, reply, data.status === 'confirmed' ? 'newsletter.already' : 'newsletter.pending', data);
  });

  app.post<{ Body: Validated<typeof operations.newsletterConfirm.body> }>('/api/newsletter/confirm', { schema: contractSchema('newsletterConfirm') }, async (request, reply) => {
    const r = await deps.notifications.confirm(request.body.token, request.id);
    const data: NewsletterSubscription = { status: r.status, email: r.email };
    return send(request, reply, 'newsletter.confirmed', data);
  });

  app.post<{ Body: Validated<typeof operations.newsletterUnsubscribe.body> }>('/api/newsletter/unsubscribe', { schema: contractSchema('newsletterUnsubscribe') }, async (request, reply) => {
    const r = await deps.notifications.unsubscribe(request.body.token, request.id);
    const data: NewsletterSubscription = { status: r.status, email: r.email };
    return send(request, reply, 'newsletter.unsubscribed', data);
  });
}

/** Where the form route sends the visitor: /newsletter?status=… (the web app's result page). */
export type NewsletterFormStatus = 'pending' | 'confirmed' | 'required' | 'format' | 'limited' | 'error';

/**
 * The footer form without script: a plain form post (no signature, which only script can make)
 * answered with 303 to the web app's result page. Same limit (per visitor address) and service
 * call as the API path, in one request instead of a page action's two.
 */
export async function newsletterFormRoutes(app: FastifyInstance, deps: NewsletterDeps): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post<{ Body: Record<string, string> | undefined }>('/newsletter/subscribe', async (request, reply) => {
    // Taken as it is: a language value never needs decoding, and a malformed escape must not become a 500 here.
    const cookieLang = /(?:^|;\s*)lang=([^;]+)/.exec(String(request.headers.cookie ?? ''))?.[1];
    const { lang } = resolveLang(cookieLang, request.headers['accept-language']);
    let status: NewsletterFormStatus;
    try {
      status = (await subscribe(deps, request, String(request.body?.email ?? ''), lang)).status;
    } catch (err) {
      status = formStatusOf(err);
      if (status === 'error') request.log.warn({ err }, 'newsletter form subscription failed');
      if (isAppError(err) && err.retryAfter !== undefined) void reply.header('retry-after', String(err.retryAfter));
    }
    return reply.header('cache-control', 'no-store').redirect(`/newsletter?status=${status}`, 303);
  });
}

function formStatusOf(err: unknown): NewsletterFormStatus {
  if (!isAppError(err)) return 'error';
  if (err.kind === 'too_many_requests') return 'limited';
  const email = err.fields?.email;
  if (email === 'required') return 'required';
  if (email) return 'format';
  return 'error';
}
