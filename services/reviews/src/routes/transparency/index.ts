import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Month } from '@brokerwise/service-kit';
import type { ReviewsDeps } from '../../deps.ts';
import { moderationByMonth, queueAtAGlance } from '../../domain/transparency.ts';

const Query = Type.Object({ from: Month, to: Month }, { additionalProperties: false });
const Count = Type.Integer({ minimum: 0 });
const MonthDto = Type.Object({
  month: Type.String(),
  submitted: Count,
  published: Count,
  removed: Type.Object({ total: Count, byRule: Type.Record(Type.String(), Count) }),
  reportsReceived: Count,
  reportsHandled: Count,
  medianHoursToHandle: Type.Union([Type.Number(), Type.Null()]),
  decisions: Type.Object({ automatic: Count, human: Count }),
  flagged: Count,
  contentAppeals: Type.Object({ received: Count, restored: Count, kept: Count }),
});

/** The figures of the public transparency report (issue 17), per month, and the staff dashboard's. */
export async function transparencyRoutes(app: FastifyInstance, deps: ReviewsDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/v1/transparency',
    { schema: { querystring: Query, response: { 200: Type.Object({ months: Type.Array(MonthDto) }) } } },
    async (request) => ({ months: await moderationByMonth(deps, request.query.from, request.query.to) }),
  );

  app.get(
    '/v1/moderation/summary',
    {
      config: { callerRole: 'moderator' },
      schema: { response: { 200: Type.Object({ size: Count, oldest: Type.Union([Type.String(), Type.Null()]), reportsLastWeek: Count }) } },
    },
    async () => {
      const s = await queueAtAGlance(deps);
      return { size: s.size, oldest: s.oldest?.toISOString() ?? null, reportsLastWeek: s.reportsLastWeek };
    },
  );
}
