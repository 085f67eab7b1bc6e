import type { EventHandlers } from '@brokerwise/service-kit';
import type { NotificationsContext } from '../domain/context.ts';
import { onCompanyRemoved, onCompanyUpserted, onLicenceStatusChanged } from './handlers/catalogue.handler.ts';
import { onEmailCodeRequested, onProfileUpdated, onUserDeleted, onUserFollowed, onUserRegistered } from './handlers/identity.handler.ts';
import { onPostCollected, onPostCommented, onPostDeleted, onPostForwarded, onPostLiked, onPostPublished, onVideoFailed, onVideoReady } from './handlers/media.handler.ts';
import { onComplaintClosed, onComplaintMessagePosted, onComplaintPublished, onComplaintReminded } from './handlers/complaints.handler.ts';
import { onContentRemoved, onRemovalAppealDecided, onReplyPublished, onReviewDecided } from './handlers/reviews.handler.ts';
import { onRepresentativeDecided } from './handlers/representatives.handler.ts';
import { onAppealRejected, onSanctionImposed, onSanctionLifted } from './handlers/sanctions.handler.ts';
import { onBrokerApplicationDecided } from './handlers/trader.handler.ts';

/**
 * Events this service consumes, listed explicitly (never discovered by scanning), all under the
 * durable `notifications`: read models (users, companies, post kinds), the facts that become
 * notices, and the ones that become mail; and deleted accounts, whose notices, preferences,
 * subscription and mail go with them. Each runs in the inbox transaction; a notice's unique
 * source key and a mail's dedupe key make a second delivery of the same event a no-op even so.
 */
export function handlers(deps: Pick<NotificationsContext, 'now' | 'mailDomain' | 'siteUrl'>): EventHandlers {
  return {
    'identity.user.registered': onUserRegistered,
    'identity.user.profile_updated': onProfileUpdated,
    'identity.user.followed': onUserFollowed,
    'identity.user.deleted': onUserDeleted,
    'identity.email_code.requested': onEmailCodeRequested(deps),
    'identity.sanction.imposed': onSanctionImposed(deps),
    'identity.sanction.lifted': onSanctionLifted(deps),
    'identity.appeal.rejected': onAppealRejected(deps),
    'identity.representative.decided': onRepresentativeDecided(deps),
    'catalogue.company.upserted': onCompanyUpserted,
    'catalogue.company.removed': onCompanyRemoved,
    'catalogue.licence.status_changed': onLicenceStatusChanged,
    'reviews.review.approved': onReviewDecided('approved', deps),
    'reviews.review.rejected': onReviewDecided('rejected', deps),
    'reviews.content.removed': onContentRemoved,
    'reviews.removal_appeal.decided': onRemovalAppealDecided(deps),
    'reviews.reply.published': onReplyPublished(deps),
    'reviews.complaint.published': onComplaintPublished(deps),
    'reviews.complaint.message_posted': onComplaintMessagePosted(deps),
    'reviews.complaint.closed': onComplaintClosed(deps),
    'reviews.complaint.reminded': onComplaintReminded(deps),
    'trader.broker_application.approved': onBrokerApplicationDecided('approved', deps),
    'trader.broker_application.rejected': onBrokerApplicationDecided('rejected', deps),
    'media.post.published': onPostPublished,
    'media.post.deleted': onPostDeleted,
    'media.post.liked': onPostLiked,
    'media.post.commented': onPostCommented,
    'media.post.collected': onPostCollected,
    'media.post.forwarded': onPostForwarded,
    'media.video.ready': onVideoReady,
    'media.video.failed': onVideoFailed,
  };
}
