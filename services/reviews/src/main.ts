import type { EventBus } from '@brokerwise/bus';
import { startService, type StartedService } from '@brokerwise/service-kit';
import type { Database } from '@brokerwise/sql';
import { createObjectStore, parseS3Env, type ObjectStore } from '@brokerwise/storage';
import { migrations } from '../migrations/index.ts';
import { reviewsApp } from './app.ts';
import { complaintClockOf, signalThresholds, type ReviewsConfig } from './config.ts';
import { collectLooseEvidence, sweepComplaintClocks } from './domain/complaints.ts';
import type { Clock } from './domain/context.ts';
import { recomputeAllRatings } from './domain/maintenance.ts';
import type { OnCompanyAnnounced } from './events/handlers/company.handler.ts';
import { handlers } from './events/registry.ts';
import type { ReviewsTables } from './store/types.ts';

export interface Shared {
  /** In embedded mode every service in the process shares one in-process bus. */
  bus?: EventBus;
  /** An open database (tests pass their own). */
  database?: Database;
  /** "Now" for the domain (new-account limits, score recency); tests move it. Defaults to the system clock. */
  now?: Clock;
  /** Consumes the catalogue's company announcements with this: the start script's demo reviews (demo/reviews). */
  onCompanyAnnounced?: OnCompanyAnnounced;
  /** The object store the gateway keeps complaint evidence in (embedded: the one every process shares). */
  objects?: ObjectStore;
}

/** Boots reviews: routes → consumers (rating recomputation) → the scheduled recomputation. */
export async function startReviews(config: ReviewsConfig, shared: Shared = {}): Promise<StartedService<object>> {
  const now = shared.now ?? (() => new Date());
  const complaintClock = complaintClockOf(config);
  const objects =
    shared.objects ?? (await createObjectStore({ dataDir: config.DATA_DIR, s3: parseS3Env(config as unknown as Record<string, string | undefined>) }));
  const looseEvidenceMaxAgeMs = config.COMPLAINT_EVIDENCE_LOOSE_HOURS * 3_600_000;
  return startService<ReviewsTables>({
    name: 'reviews',
    config,
    serviceToken: 'reviews',
    database: { schema: 'reviews', migrations, shared: shared.database },
    bus: { shared: shared.bus },
    // Only the loose-evidence sweep needs it: reviews still serves without it (degraded, not unready).
    resources: [{ name: 'objects', check: () => objects.ping(), whenFailing: 'degraded' }],
    setup: async ({ app, db, relay, routes, consume, background }) => {
      await routes(reviewsApp, {
        db,
        relay,
        now,
        reportsPerHour: config.REPORTS_PER_HOUR,
        signals: signalThresholds(config),
        complaintClock,
        complaintsPerDay: config.COMPLAINTS_PER_DAY,
        objects,
        looseEvidenceMaxAgeMs,
      });
      const consumed = handlers(now, { onCompanyAnnounced: shared.onCompanyAnnounced });
      if (Object.keys(consumed).length > 0) consume({ durable: 'reviews-rating', handlers: consumed });

      // Scheduled recomputation; a failed run is retried at the next tick of a later period.
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<unknown> = Promise.resolve();
      const recompute = () => {
        running = recomputeAllRatings(db, now, config.RATING_RECOMPUTE_INTERVAL_MS)
          .then((n) => n !== null && app.log.info({ companies: n }, 'ratings recomputed'))
          .catch((err: unknown) => app.log.error({ err }, 'rating recomputation failed'));
      };
      // The complaint sweeper (ADR 031): cases whose company's clock ran out turn unresolved, those
      // whose author's clock ran out lapse; evidence never attached to a case goes once old enough.
      let sweepTimer: NodeJS.Timeout | undefined;
      let sweeping: Promise<unknown> = Promise.resolve();
      const sweep = () => {
        const clocks = sweepComplaintClocks({ db, now, complaintClock })
          .then(({ expired, lapsed, reminded }) => {
            if (expired + lapsed + reminded > 0) {
              relay.poke();
              app.log.info({ expired, lapsed, reminded }, 'complaints past their deadline closed, or near it reminded');
            }
          })
          .catch((err: unknown) => app.log.error({ err }, 'complaint sweep failed'));
        const evidence = collectLooseEvidence({ db, now, objects }, looseEvidenceMaxAgeMs)
          .then((n) => n > 0 && app.log.info({ files: n }, 'loose complaint evidence deleted'))
          .catch((err: unknown) => app.log.error({ err }, 'loose complaint evidence sweep failed'));
        sweeping = Promise.all([clocks, evidence]);
      };
      background({
        start: () => {
          timer = setInterval(recompute, Math.min(config.RATING_RECOMPUTE_INTERVAL_MS, 3_600_000));
          timer.unref();
          sweepTimer = setInterval(sweep, config.COMPLAINT_SWEEP_INTERVAL_MS);
          sweepTimer.unref();
        },
        stop: async () => {
          clearInterval(timer);
          clearInterval(sweepTimer);
          await running; // a run in progress finishes before the database closes
          await sweeping;
        },
      });
      return {};
    },
  });
}
