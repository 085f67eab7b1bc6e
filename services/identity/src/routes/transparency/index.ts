import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { Month } from '@brokerwise/service-kit';
import type { IdentityDeps } from '../../deps.ts';
import { sanctionsByMonthReport } from '../../domain/transparency.ts';

const Query = Type.Object({ from: Month, to: Month }, { additionalProperties: false });
const Count = Type.Integer({ minimum: 0 });
const MonthDto = Type.Object({
  month: Type.String(),
  sanctions: Type.Object({ warn: Count, restrict: Count, freeze: Count }),
  appeals: Type.Object({ received: Count, upheld: Count, lifted: Count }),
});

/** Sanctions and appeals per month for the public transparency report (issue 17). */
export async function transparencyRoutes(app: FastifyInstance, deps: IdentityDeps): Promise<void> {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/v1/transparency',
    { schema: { querystring: Query, response: { 200: Type.Object({ months: Type.Array(MonthDto) }) } } },
    async (request) => ({ months: await sanctionsByMonthReport(deps, request.query.from, request.query.to) }),
  );
}
