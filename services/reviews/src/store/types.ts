import type { ColumnType } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

export type ReviewStatus = 'pending' | 'approved' | 'rejected';
export type Decision = 'approve' | 'reject';

/** bigint comes back from pg as a string; we write numbers. */
type BigIntColumn = ColumnType<string | number, number, number>;

export interface ReviewsTables extends KitTables {
  review: {
    id: string;
    company_id: string;
    user_id: string;
    username: string;
    stars: number;
    text: string;
    status: ReviewStatus;
    reject_reason: string | null;
    created_at: Date;
    updated_at: Date;
    moderated_at: Date | null;
    moderated_by: string | null;
    deleted_at: Date | null;
  };
  moderation_audit: {
    id: string;
    review_id: string;
    moderator_id: string;
    decision: Decision;
    reason: string;
    previous_status: ReviewStatus;
    at: Date;
  };
  demo_seeded: {
    company_id: string;
    reviews: number;
    seeded_at: Date;
  };
  rating_recompute_run: {
    period: BigIntColumn;
    started_at: Date;
    finished_at: Date | null;
    companies: number | null;
  };
  company_rating: {
    company_id: string;
    score: number;
    display_score: number;
    approved_count: number;
    d1: number;
    d2: number;
    d3: number;
    d4: number;
    d5: number;
    version: BigIntColumn;
    computed_at: Date;
  };
}
