import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as reviews } from './20261122T0000_reviews.ts';
import { migration as ratingRecompute } from './20261122T1200_rating_recompute.ts';
import { migration as reportsAndAuditLog } from './20261126T1400_reports_and_audit_log.ts';
import { migration as reviewSignals } from './20261126T1500_review_signals.ts';
import { migration as removalAppeals } from './20261127T0300_removal_appeals.ts';
import { migration as removalAppealNoAuditFk } from './20261127T0400_removal_appeal_no_audit_fk.ts';
import { migration as ratingAtScale } from './20261210T0926_rating_at_scale.ts';
import { migration as contentRemovals } from './20261227T0710_content_removals.ts';
import { migration as companyReplies } from './20270105T0900_company_replies.ts';
import { migration as complaintCases } from './20270106T0900_complaint_cases.ts';
import { migration as complaintAudit } from './20270107T0900_complaint_audit.ts';
import { migration as complaintAuthorClock } from './20270112T0900_complaint_author_clock.ts';
import { migration as looseEvidence } from './20270112T1000_loose_evidence.ts';
import { migration as complaintReminders } from './20270113T0900_complaint_reminders.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261122T0000_reviews': reviews,
  '20261122T1200_rating_recompute': ratingRecompute,
  '20261126T1400_reports_and_audit_log': reportsAndAuditLog,
  '20261126T1500_review_signals': reviewSignals,
  '20261127T0300_removal_appeals': removalAppeals,
  '20261127T0400_removal_appeal_no_audit_fk': removalAppealNoAuditFk,
  '20261210T0926_rating_at_scale': ratingAtScale,
  '20261227T0710_content_removals': contentRemovals,
  '20270105T0900_company_replies': companyReplies,
  '20270106T0900_complaint_cases': complaintCases,
  '20270107T0900_complaint_audit': complaintAudit,
  '20270112T0900_complaint_author_clock': complaintAuthorClock,
  '20270112T1000_loose_evidence': looseEvidence,
  '20270113T0900_complaint_reminders': complaintReminders,
};
