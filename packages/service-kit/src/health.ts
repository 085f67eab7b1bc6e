import type { Subscription } from '@brokerwise/bus';
import type { FastifyInstance } from 'fastify';
import { withTimeout } from '@brokerwise/metrics';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
  /**
   * What a failure means for this pod. `unready` (default): it cannot serve its own traffic
   * (its database), so /readyz answers 503 and the load balancer drains it. `degraded`: it still
   * serves (the bus: reads answer, writes wait in the outbox), so /readyz stays 200 and says why;
   * pulling every pod for a shared server's outage would take the whole site down with it.
   */
  whenFailing?: 'unready' | 'degraded';
  /** The reason /readyz and the log give while it fails; default `<name> unavailable`. */
  reason?: string;
}

export interface HealthOptions {
  /** Runs the checks this often in the background to log degraded / recovered. Default 5000; 0: only on /readyz. */
  watchIntervalMs?: number;
}

const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  status: 'ready' | 'degraded' | 'not_ready';
  /** Failing `degraded` checks' reasons (and `unready` ones' when not ready), e.g. `bus unavailable`. */
  reasons: string[];
  checks: Record<string, string>;
}

/**
 * `/healthz`: the process is alive; it never asks another server, so an outage elsewhere never
 * gets pods restarted. `/readyz`: 503 `not_ready` only when an `unready` check fails; a failing
 * `degraded` check answers 200 `{status: "degraded", reasons: [...]}`. Every change between
 * ready and degraded (or not ready) is logged once, as `degraded: bus unavailable` / `recovered`.
 */
export function registerHealth(app: FastifyInstance, initial: ReadinessCheck[], options: HealthOptions = {}): { add(check: ReadinessCheck): void } {
  // Checks known later (the event consumers' lag, once they subscribed) are added to the same list.
  const checks = [...initial];
  let last: Readiness['status'] = 'ready';
  let lastReasons = '';
  const evaluate = async (): Promise<Readiness> => {
    const results = await Promise.all(
      checks.map(async (c) => {
        try {
          await withTimeout(c.check(), CHECK_TIMEOUT_MS);
          return { c, result: 'ok' };
        } catch (err) {
          return { c, result: `failed: ${(err as Error).message ?? String(err)}` };
        }
      }),
    );
    const failing = results.filter((r) => r.result !== 'ok');
    const status = failing.some((r) => (r.c.whenFailing ?? 'unready') === 'unready') ? 'not_ready' : failing.length > 0 ? 'degraded' : 'ready';
    const readiness: Readiness = {
      status,
      reasons: failing.map((r) => r.c.reason ?? `${r.c.name} unavailable`),
      checks: Object.fromEntries(results.map((r) => [r.c.name, r.result])),
    };
    const reasons = readiness.reasons.join(', ');
    if (status !== last || reasons !== lastReasons) {
      if (status === 'ready') app.log.info({ previous: last }, 'recovered: ready');
      else app.log.warn({ reasons: readiness.reasons, checks: readiness.checks }, `${status === 'degraded' ? 'degraded' : 'not ready'}: ${reasons}`);
      last = status;
      lastReasons = reasons;
    }
    return readiness;
  };

  // Both answer under load (see `exemptFromPressure`): liveness must never fail because the pod is busy.
  app.get('/healthz', { logLevel: 'warn', config: { exemptFromPressure: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', config: { exemptFromPressure: true } }, async (_request, reply) => {
    const readiness = await evaluate();
    return reply.status(readiness.status === 'not_ready' ? 503 : 200).send(readiness);
  });

  const every = options.watchIntervalMs ?? 5_000;
  if (every > 0 && checks.length > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        void evaluate().finally(() => (running = false));
      }, every);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return { add: (check) => void checks.push(check) };
}

/**
 * Degraded while any of these consumers is more than `maxPending` events behind (0: off): the
 * read model it feeds (search, ratings, notices…) still answers, but with old data, and readiness
 * and the log say so (`events behind`, with the count under `checks.events`).
 */
export function consumerLagCheck(subscriptions: readonly Subscription[], maxPending: number): ReadinessCheck {
  return {
    name: 'events',
    whenFailing: 'degraded',
    reason: 'events behind',
    check: async () => {
      if (maxPending <= 0) return;
      // Unknown while the bus is away: the bus check says that; lag is judged once it answers.
      const pending = await Promise.all(subscriptions.map((s) => s.pending().catch(() => 0)));
      const most = Math.max(0, ...pending);
      if (most > maxPending) throw new Error(`${most} events not yet handled (more than ${maxPending})`);
    },
  };
}
