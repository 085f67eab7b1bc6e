import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { NotificationsDeps } from '../../deps.ts';
import { confirm, sendIssue, subscribe, unsubscribe } from '../../domain/newsletter.ts';
import { IssueBody, IssueDto, SubscribeBody, SubscribeDto, SubscriptionDto, TokenBody } from './schemas.ts';

/** Newsletter: double opt-in subscription, signed confirm/unsubscribe links, issues sent by admins. */
export async function newsletterRoutes(app: FastifyInstance, deps: NotificationsDeps): Promise<void> {
  app.post<{ Body: Static<typeof SubscribeBody> }>('/v1/newsletter/subscriptions', { schema: { body: SubscribeBody, response: { 200: SubscribeDto } } }, async (request) => {
    const result = await subscribe(deps, request.body);
    if (result.mailed) deps.sender.poke();
    return result;
  });

  app.post<{ Body: Static<typeof TokenBody> }>('/v1/newsletter/confirm', { schema: { body: TokenBody, response: { 200: SubscriptionDto } } }, async (request) =>
    confirm(deps, request.body.token),
  );

  app.post<{ Body: Static<typeof TokenBody> }>('/v1/newsletter/unsubscribe', { schema: { body: TokenBody, response: { 200: SubscriptionDto } } }, async (request) =>
    unsubscribe(deps, request.body.token),
  );

  app.post<{ Body: Static<typeof IssueBody> }>('/v1/newsletter/issues', { schema: { body: IssueBody, response: { 200: IssueDto } } }, async (request) => {
    const result = await sendIssue(deps, { subject: request.body.subject, body: request.body.body, adminId: request.body.adminId.toLowerCase() });
    deps.sender.poke();
    return result;
  });
}
