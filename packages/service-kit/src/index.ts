export { buildFastify, type BuildFastifyOptions } from './fastify.ts';
export { pressureOptions, type PressureOptions } from './pressure.ts';
export { consumerLagCheck, registerHealth, type ReadinessCheck } from './health.ts';
export { runServer, type RunServerOptions } from './server.ts';
export { kitMigrations, type KitTables } from './migrations.ts';
export { enqueueEvent, OutboxRelay, type OutboxRelayOptions, type OutboxEvent } from './outbox.ts';
export { consumeEvents, type EventHandler, type EventHandlers, type ConsumeOptions, type ConsumerSettings, type HandlerContext } from './inbox.ts';
export { purgeInbox, scheduleInboxPurge, type PurgeInboxOptions } from './inbox-purge.ts';
export { ResponsiveSizes, Uuid } from './schemas.ts';
export { claimDue, type LeaseJobColumns, type LeaseJobState } from './lease-queue.ts';
export { JobSlots } from './job-slots.ts';
export { Month, MAX_REPORT_MONTHS, monthRange } from './months.ts';
export { inputProblems, registerInputRules, textProblem, type TextProblem } from './input.ts';
export { ServiceTokenSigner, registerServiceTokenCheck, requireAdminCaller, requireCallerRole, hasRole, SERVICE_TOKEN_HEADER, type Caller, type StaffRole } from './service-token.ts';

/** buildFastify's `serviceToken` from a service's settings (SERVICE_TOKEN_PUBLIC_KEY), for `audience`. */
export const serviceTokenOptions = (settings: { SERVICE_TOKEN_PUBLIC_KEY?: string | undefined }, audience: string) =>
  settings.SERVICE_TOKEN_PUBLIC_KEY ? { audience, publicKeyPem: settings.SERVICE_TOKEN_PUBLIC_KEY } : undefined;
export { currentRequestId, withRequestId } from './request-context.ts';
export { startService, type BackgroundJob, type ServiceDefinition, type ServiceKit, type ServiceResource, type ServiceRole, type ServiceSettings, type StartedService } from './start.ts';
