import type { ComplaintClock } from './domain/complaints.ts';
import type { SignalThresholds } from './domain/signals.ts';
import { parseHolidays } from './domain/working-days.ts';
import { Type, commonServiceSettings, serviceTokenSettings, parseConfig, type Static } from '@brokerwise/config';

export const ReviewsConfigSchema = Type.Object({
  ...commonServiceSettings,
  ...serviceTokenSettings,
  PORT: Type.Integer({ default: 3203, minimum: 0, maximum: 65535 }),
  /** Apply migrations at start (embedded); production runs `npm run migrate -- reviews` as a job. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /** Demo mode (`npm start` turns it on): approved demo reviews for the catalogue's demo companies. */
  DEMO_REVIEWS: Type.Boolean({ default: false }),
  /** Every rating is recomputed this often (recency weights age); one replica per period does it. */
  /** Reports one user may file per rolling hour (issue 17). */
  REPORTS_PER_HOUR: Type.Integer({ default: 10, minimum: 1, maximum: 10_000 }),
  RATING_RECOMPUTE_INTERVAL_MS: Type.Integer({ default: 86_400_000, minimum: 60_000 }),
  /** Working days a company has to answer a published complaint (issue 19, ADR 031). */
  COMPLAINT_RESPONSE_DAYS: Type.Integer({ default: 15, minimum: 1, maximum: 365 }),
  /**
   * Working days the author has, once the company answered, to write back, confirm or reject the
   * outcome before the case closes as lapsed (ADR 031): as long as the company had to answer.
   */
  COMPLAINT_USER_RESPONSE_DAYS: Type.Integer({ default: 15, minimum: 1, maximum: 365 }),
  /**
   * Working days left on a clock (the company's or the author's) when the side whose turn it is gets
   * one reminder (`reviews.complaint.reminded`, ADR 031); 0 sends none. Only a clock longer than
   * this is reminded: a shorter or equal one is never (it would be within it from its start).
   */
  COMPLAINT_REMINDER_DAYS: Type.Integer({ default: 3, minimum: 0, maximum: 365 }),
  /** Days that are not working days besides weekends, `YYYY-MM-DD` separated by commas (UTC days). */
  COMPLAINT_HOLIDAYS: Type.String({ default: '' }),
  /** Complaint cases one user may open per rolling 24 hours (`reviews.complaint_limit`). */
  COMPLAINTS_PER_DAY: Type.Integer({ default: 5, minimum: 1, maximum: 10_000 }),
  /**
   * How often the sweeper closes cases past their deadline (unresolved, or lapsed when the author
   * did not reply) and deletes loose evidence files.
   */
  COMPLAINT_SWEEP_INTERVAL_MS: Type.Integer({ default: 300_000, minimum: 1_000 }),
  /** Evidence files uploaded but not attached to a case are deleted (object and row) after this many hours. */
  COMPLAINT_EVIDENCE_LOOSE_HOURS: Type.Integer({ default: 24, minimum: 1, maximum: 8760 }),
  // Object storage (evidence files, which the gateway stores): S3 in production, DATA_DIR otherwise.
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_ACCESS_KEY: Type.Optional(Type.String()),
  S3_SECRET_KEY: Type.Optional(Type.String()),
  S3_BUCKET: Type.String({ default: 'brokerwise' }),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  // Automatic signals (issue 17; README "Automatic signals"): each sends a review up the queue.
  /** Queue severity of a flagged pending review (reports are 1–5, a plain pending review 0). */
  SIGNAL_SEVERITY: Type.Integer({ default: 3, minimum: 1, maximum: 5 }),
  /** Trigram similarity (0–1) from which a text is a near-duplicate of another account's. */
  SIGNAL_DUPLICATE_SIMILARITY: Type.Number({ default: 0.8, minimum: 0.1, maximum: 1 }),
  SIGNAL_DUPLICATE_WINDOW_HOURS: Type.Integer({ default: 168, minimum: 1, maximum: 8760 }),
  /** At most this many of the window's most recent reviews are compared. */
  SIGNAL_DUPLICATE_SCAN_MAX: Type.Integer({ default: 2000, minimum: 10, maximum: 100_000 }),
  /** This many reviews of one company (the new one included) in SIGNAL_BURST_MINUTES is a burst. */
  SIGNAL_BURST_COUNT: Type.Integer({ default: 5, minimum: 2, maximum: 10_000 }),
  SIGNAL_BURST_MINUTES: Type.Integer({ default: 10, minimum: 1, maximum: 10_080 }),
  /** This many accounts (the author included) from one device or address on one company. */
  SIGNAL_SHARED_ORIGIN_ACCOUNTS: Type.Integer({ default: 2, minimum: 2, maximum: 1000 }),
  SIGNAL_SHARED_ORIGIN_DAYS: Type.Integer({ default: 30, minimum: 1, maximum: 3650 }),
  /** Accounts younger than this many days whose text has a link. */
  SIGNAL_NEW_ACCOUNT_DAYS: Type.Integer({ default: 7, minimum: 1, maximum: 365 }),
});

export type ReviewsConfig = Static<typeof ReviewsConfigSchema>;

/** The signal thresholds the domain uses, in its units. */
export const signalThresholds = (c: ReviewsConfig): SignalThresholds => ({
  severity: c.SIGNAL_SEVERITY,
  duplicateSimilarity: c.SIGNAL_DUPLICATE_SIMILARITY,
  duplicateWindowMs: c.SIGNAL_DUPLICATE_WINDOW_HOURS * 3_600_000,
  duplicateScanMax: c.SIGNAL_DUPLICATE_SCAN_MAX,
  burstCount: c.SIGNAL_BURST_COUNT,
  burstWindowMs: c.SIGNAL_BURST_MINUTES * 60_000,
  sharedOriginAccounts: c.SIGNAL_SHARED_ORIGIN_ACCOUNTS,
  sharedOriginWindowMs: c.SIGNAL_SHARED_ORIGIN_DAYS * 86_400_000,
  newAccountAgeMs: c.SIGNAL_NEW_ACCOUNT_DAYS * 86_400_000,
});

/** The complaint clock from the settings (a bad holiday throws at boot, naming it). */
export const complaintClockOf = (c: ReviewsConfig): ComplaintClock => ({
  days: c.COMPLAINT_RESPONSE_DAYS,
  userDays: c.COMPLAINT_USER_RESPONSE_DAYS,
  reminderDays: c.COMPLAINT_REMINDER_DAYS,
  holidays: parseHolidays(c.COMPLAINT_HOLIDAYS),
});

export const parseReviewsConfig = (env: Record<string, string | undefined>): Readonly<ReviewsConfig> => parseConfig(ReviewsConfigSchema, env);
