import type { OutboxRelay } from '@brokerwise/service-kit';
import type { ObjectStore } from '@brokerwise/storage';
import type { ComplaintClock } from './domain/complaints.ts';
import type { ReviewsContext } from './domain/context.ts';
import type { SignalThresholds } from './domain/signals.ts';

/** What the routes and domain may use; built by main.ts from the process's infrastructure. */
export interface ReviewsDeps extends ReviewsContext {
  relay: OutboxRelay;
  /** Reports one user may file per rolling hour. */
  reportsPerHour: number;
  /** Thresholds of the automatic signals on submitted reviews. */
  signals: SignalThresholds;
  /** How long a company has to answer a complaint (working days, holidays). */
  complaintClock: ComplaintClock;
  /** Complaint cases one user may open per rolling 24 hours. */
  complaintsPerDay: number;
  /** Where the gateway stores complaint evidence: loose files are deleted from it. */
  objects: ObjectStore;
  /** Loose evidence (never attached to a case) older than this is deleted. */
  looseEvidenceMaxAgeMs: number;
}
