import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { Envelope } from '../gen/brokerwise/events/v1/envelope_pb.ts';
import { CompanyRemovedSchema, CompanyUpsertedSchema, LicenceStatusChangedSchema } from '../gen/brokerwise/catalogue/v1/events_pb.ts';
import {
  AppealRejectedSchema,
  EmailCodeRequestedSchema,
  RepresentativeDecidedSchema,
  SanctionImposedSchema,
  SanctionLiftedSchema,
  UserDeletedSchema,
  UserFollowedSchema,
  UserProfileUpdatedSchema,
  UserRegisteredSchema,
  UserUnfollowedSchema,
} from '../gen/brokerwise/identity/v1/events_pb.ts';
import {
  ContentRemovedSchema,
  RatingChangedSchema,
  RemovalAppealDecidedSchema,
  ReviewApprovedSchema,
  ReviewDeletedSchema,
  ReviewRejectedSchema,
  ReplyPublishedSchema,
  ComplaintClosedSchema,
  ComplaintRemindedSchema,
  ComplaintMessagePostedSchema,
  ComplaintPublishedSchema,
  ReviewSubmittedSchema,
} from '../gen/brokerwise/reviews/v1/events_pb.ts';
import {
  CommentDeletedSchema,
  PostCollectedSchema,
  PostCommentedSchema,
  PostDeletedSchema,
  PostForwardedSchema,
  PostLikedSchema,
  PostPublishedSchema,
  PostUncollectedSchema,
  PostUnlikedSchema,
  VideoFailedSchema,
  VideoReadySchema,
  VideoUploadedSchema,
} from '../gen/brokerwise/media/v1/events_pb.ts';
import { NoticeCreatedSchema } from '../gen/brokerwise/notifications/v1/events_pb.ts';
import {
  AccountBoundSchema,
  AccountSyncedSchema,
  BrokerApplicationApprovedSchema,
  BrokerApplicationRejectedSchema,
  StatsUpdatedSchema,
} from '../gen/brokerwise/trader/v1/events_pb.ts';

/**
 * Every event type on the bus and the protobuf schema of its payload.
 * Type names are facts in the past tense: `<service>.<entity>.<verb-past>`.
 * Adding an event = add its message under `brokerwise/<service>/v1/`, `npm run gen -w proto`,
 * register it here, add a golden fixture (scripts/make-fixtures.ts).
 */
export const EVENT_TYPES = Object.freeze({
  'catalogue.company.upserted': CompanyUpsertedSchema,
  'catalogue.company.removed': CompanyRemovedSchema,
  'catalogue.licence.status_changed': LicenceStatusChangedSchema,
  'identity.user.registered': UserRegisteredSchema,
  'identity.email_code.requested': EmailCodeRequestedSchema,
  'identity.user.profile_updated': UserProfileUpdatedSchema,
  'identity.user.followed': UserFollowedSchema,
  'identity.user.unfollowed': UserUnfollowedSchema,
  'identity.sanction.imposed': SanctionImposedSchema,
  'identity.sanction.lifted': SanctionLiftedSchema,
  'identity.appeal.rejected': AppealRejectedSchema,
  'identity.user.deleted': UserDeletedSchema,
  'identity.representative.decided': RepresentativeDecidedSchema,
  'reviews.review.submitted': ReviewSubmittedSchema,
  'reviews.review.approved': ReviewApprovedSchema,
  'reviews.review.rejected': ReviewRejectedSchema,
  'reviews.review.deleted': ReviewDeletedSchema,
  'reviews.rating.changed': RatingChangedSchema,
  'reviews.content.removed': ContentRemovedSchema,
  'reviews.removal_appeal.decided': RemovalAppealDecidedSchema,
  'reviews.reply.published': ReplyPublishedSchema,
  'reviews.complaint.published': ComplaintPublishedSchema,
  'reviews.complaint.message_posted': ComplaintMessagePostedSchema,
  'reviews.complaint.closed': ComplaintClosedSchema,
  'reviews.complaint.reminded': ComplaintRemindedSchema,
  'media.video.uploaded': VideoUploadedSchema,
  'media.video.ready': VideoReadySchema,
  'media.video.failed': VideoFailedSchema,
  'media.post.published': PostPublishedSchema,
  'media.post.deleted': PostDeletedSchema,
  'media.post.liked': PostLikedSchema,
  'media.post.unliked': PostUnlikedSchema,
  'media.post.commented': PostCommentedSchema,
  'media.comment.deleted': CommentDeletedSchema,
  'media.post.collected': PostCollectedSchema,
  'media.post.uncollected': PostUncollectedSchema,
  'media.post.forwarded': PostForwardedSchema,
  'notifications.notice.created': NoticeCreatedSchema,
  'trader.account.bound': AccountBoundSchema,
  'trader.account.synced': AccountSyncedSchema,
  'trader.stats.updated': StatsUpdatedSchema,
  'trader.broker_application.approved': BrokerApplicationApprovedSchema,
  'trader.broker_application.rejected': BrokerApplicationRejectedSchema,
} as const satisfies Record<string, DescMessage>);

export type EventType = keyof typeof EVENT_TYPES;
export type EventSchema<T extends EventType> = (typeof EVENT_TYPES)[T];
/** The decoded payload message of an event type, e.g. `CompanyUpserted`. */
export type EventPayload<T extends EventType> = MessageShape<EventSchema<T>>;
/** What `encodeEvent` accepts as payload: the message, or a plain init object for it. */
export type EventPayloadInit<T extends EventType> = MessageInitShape<EventSchema<T>>;

/** A decoded event; switch on `type` to narrow `payload`. */
export type DecodedEvent = {
  [T in EventType]: { envelope: Envelope; type: T; payload: EventPayload<T> };
}[EventType];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_TYPES, type);
}
