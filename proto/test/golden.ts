/**
 * The values behind the golden fixtures in test/fixtures/*.bin (one per event type).
 *
 * scripts/make-fixtures.ts encoded these ONCE; the .bin files are committed and never rewritten.
 * test/golden.test.ts decodes the committed bytes and expects exactly these values, so a change
 * to the .proto files that old producers' bytes no longer survive (renumbered field, changed
 * type, removed field) fails the test. Values are chosen to hit the tricky encodings: int64
 * beyond 2^53, nanosecond timestamps, non-ASCII text, repeated fields, doubles, booleans.
 *
 * When you ADD a field: leave these values and the .bin files alone (old bytes must still decode,
 * the new field reads as its default). When you ADD an event type: add it below and run
 * `npm run fixtures -w proto`, which writes only the missing fixtures.
 */
import type { EncodeMeta, EventPayloadInit, EventType } from '../src/index.ts';

export interface Golden<T extends EventType> {
  meta: Required<EncodeMeta>;
  payload: EventPayloadInit<T>;
}

export const GOLDEN: { [T in EventType]: Golden<T> } = {
  'catalogue.company.upserted': {
    meta: {
      id: '0b7c2f3e-5a41-4d8e-9c6f-1e2d3c4b5a60',
      producer: 'catalogue',
      correlationId: 'req-7f3a9c',
      occurredAt: new Date('2026-11-21T09:30:15.123Z'),
      schemaVersion: 1,
    },
    payload: {
      id: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      slug: 'ic-markets',
      name: 'IC Markets',
      category: 'Brokers',
      countryCode: 'AU',
      shortDescription: { en: 'ECN forex and CFD broker', zhCn: 'ECN外汇与差价合约经纪商' },
      score: 8.75,
      logoUrl: 'https://cdn.brokerwise.example/logos/ic-markets.png',
      aliases: ['ICMarkets', 'IC Markets Global', '澳大利亚IC'],
      foundedYear: 2007,
      regulated: true,
      updatedAt: { seconds: 1795253415n, nanos: 123456789 },
      version: 9007199254740993n,
    },
  },
  'catalogue.company.removed': {
    meta: {
      id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
      producer: 'catalogue',
      correlationId: '',
      occurredAt: new Date('2026-11-21T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      id: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      slug: 'ic-markets',
      removedAt: { seconds: 1795255200n, nanos: 0 },
      version: 9007199254740994n,
    },
  },
  'catalogue.licence.status_changed': {
    meta: {
      id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
      producer: 'catalogue',
      correlationId: 'req-licence-1',
      occurredAt: new Date('2026-11-27T08:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      companySlug: 'ic-markets',
      regulator: 'ASIC',
      regulatorCountry: 'AU',
      licenceNo: '335692',
      entity: 'International Capital Markets Pty Ltd',
      status: 'revoked',
      previousStatus: 'active',
      effectiveOn: '2026-11-20',
      note: 'Register shows the licence cancelled — 牌照已注销',
      evidenceSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      evidenceCapturedAt: { seconds: 1795600000n, nanos: 250000000 },
      recordedAt: { seconds: 1795680000n, nanos: 0 },
    },
  },
  'identity.user.registered': {
    meta: {
      id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      producer: 'identity',
      correlationId: 'req-1b2c3d',
      occurredAt: new Date('2026-11-20T23:59:59.999Z'),
      schemaVersion: 1,
    },
    payload: {
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      username: '外汇老王',
      email: 'wang@example.com',
      locale: 'zh-cn',
      registeredAt: { seconds: 1795219199n, nanos: 999000000 },
    },
  },
  'identity.email_code.requested': {
    meta: {
      id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
      producer: 'identity',
      correlationId: 'req-9a8b7c',
      occurredAt: new Date('2026-11-21T08:15:00.500Z'),
      schemaVersion: 1,
    },
    payload: {
      email: 'new.trader@example.com',
      event: 'user_register',
      locale: 'en',
      requestedAt: { seconds: 1795248900n, nanos: 500000000 },
    },
  },
  'identity.user.profile_updated': {
    meta: {
      id: '7c6b5a49-3827-4e16-a5f4-e3d2c1b0a998',
      producer: 'identity',
      correlationId: 'req-4d5e6f',
      occurredAt: new Date('2026-11-22T07:45:30.250Z'),
      schemaVersion: 1,
    },
    payload: {
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      username: '外汇老王.fx',
      avatarKey: 'avatars/9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b/5f2a9c1e7b3d4a6f.png',
      countryCode: 'CN',
      motto: '稳健交易 — steady trading',
      email: 'wang@example.com',
      updatedAt: { seconds: 1795333530n, nanos: 250000000 },
      version: 9007199254740995n,
    },
  },
  'identity.user.followed': {
    meta: {
      id: '2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901',
      producer: 'identity',
      correlationId: 'req-f1e2d3',
      occurredAt: new Date('2026-11-22T08:00:00.001Z'),
      schemaVersion: 1,
    },
    payload: {
      followerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      followeeId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      followers: 9007199254740993n,
      followedAt: { seconds: 1795334400n, nanos: 1000000 },
    },
  },
  'identity.user.unfollowed': {
    meta: {
      id: '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a12',
      producer: 'identity',
      correlationId: '',
      occurredAt: new Date('2026-11-22T08:05:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      followerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      followeeId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      followers: 0n,
      unfollowedAt: { seconds: 1795334700n, nanos: 0 },
    },
  },
  'identity.sanction.imposed': {
    meta: {
      id: '6a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6',
      producer: 'identity',
      correlationId: 'req-sanction',
      occurredAt: new Date('2026-12-28T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      sanctionId: '7b2e3f40-5c6d-4e7f-9081-92a3b4c5d6e7',
      userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      kind: 'restrict',
      rule: 'fake_reviews',
      reason: '同一评论发布了三次 — posted the same review three times',
      endsAt: { seconds: 1798538400n, nanos: 500000 },
      imposedAt: { seconds: 1798279200n, nanos: 0 },
    },
  },
  'identity.sanction.lifted': {
    meta: {
      id: '8c3f4051-6d7e-4f80-a192-a3b4c5d6e7f8',
      producer: 'identity',
      correlationId: '',
      occurredAt: new Date('2026-12-29T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      sanctionId: '7b2e3f40-5c6d-4e7f-9081-92a3b4c5d6e7',
      userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      kind: 'restrict',
      reason: 'Appeal accepted: 申诉成立',
      appealId: '9d405162-7e8f-4091-b2a3-b4c5d6e7f809',
      liftedAt: { seconds: 1798365600n, nanos: 0 },
    },
  },
  'identity.appeal.rejected': {
    meta: {
      id: 'ae516273-8f90-41a2-83b4-c5d6e7f8091a',
      producer: 'identity',
      correlationId: 'req-appeal',
      occurredAt: new Date('2026-12-29T11:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      appealId: '9d405162-7e8f-4091-b2a3-b4c5d6e7f809',
      sanctionId: '7b2e3f40-5c6d-4e7f-9081-92a3b4c5d6e7',
      userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      reason: 'The reviews were copies',
      decidedAt: { seconds: 1798369200n, nanos: 0 },
    },
  },
  'identity.user.deleted': {
    meta: {
      id: 'b1c2d3e4-f5a6-47b8-89c0-d1e2f3a4b5c6',
      producer: 'identity',
      correlationId: 'req-delete-account',
      occurredAt: new Date('2026-12-30T09:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      deletedAt: { seconds: 1798621200n, nanos: 0 },
    },
  },
  'identity.representative.decided': {
    meta: {
      id: 'c2d3e4f5-a6b7-48c9-90d1-e2f3a4b5c6d7',
      producer: 'identity',
      correlationId: 'req-claim-decide',
      occurredAt: new Date('2026-12-30T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      claimId: 'd3e4f5a6-b7c8-49d0-a1e2-f3a4b5c6d7e8',
      userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      companyName: 'Northwind Markets 北风',
      decision: 'rejected',
      reason: 'The address is not at the company domain',
      decidedAt: { seconds: 1798624800n, nanos: 0 },
    },
  },
  'reviews.review.submitted': {
    meta: {
      id: '4d5e6f70-8192-43a4-b5c6-d7e8f90a1b23',
      producer: 'reviews',
      correlationId: 'req-a1b2c3',
      occurredAt: new Date('2026-11-22T09:00:00.123Z'),
      schemaVersion: 1,
    },
    payload: {
      reviewId: '6e7f8091-a2b3-44c5-96d7-e8f90a1b2c34',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      stars: 4,
      pending: true,
      submittedAt: { seconds: 1795338000n, nanos: 123456789 },
      edited: true,
      wasApproved: true,
    },
  },
  'reviews.review.approved': {
    meta: {
      id: '5e6f7081-92a3-44b5-86c7-d8e9f0a1b2c3',
      producer: 'reviews',
      correlationId: 'req-b2c3d4',
      occurredAt: new Date('2026-11-22T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      reviewId: '6e7f8091-a2b3-44c5-96d7-e8f90a1b2c34',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      stars: 5,
      moderatorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      approvedAt: { seconds: 1795341600n, nanos: 1000 },
    },
  },
  'reviews.reply.published': {
    meta: {
      id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      producer: 'reviews',
      correlationId: 'req-c3d4e5',
      occurredAt: new Date('2026-11-22T11:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      replyId: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      reviewId: '6e7f8091-a2b3-44c5-96d7-e8f90a1b2c34',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      reviewerId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      representativeId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      edited: false,
      publishedAt: { seconds: 1795345200n, nanos: 0 },
      excerpt: 'Thank you for the review, the withdrawal is on its way.',
    },
  },
  'reviews.complaint.published': {
    meta: {
      id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      producer: 'reviews',
      correlationId: 'req-d4e5f6',
      occurredAt: new Date('2026-11-23T09:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      complaintId: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      authorId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      representativeIds: ['2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'],
      dueAt: { seconds: 1796428800n, nanos: 0 },
      publishedAt: { seconds: 1795424400n, nanos: 0 },
      category: 'withdrawal',
    },
  },
  'reviews.complaint.message_posted': {
    meta: {
      id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
      producer: 'reviews',
      correlationId: 'req-e5f6a7',
      occurredAt: new Date('2026-11-24T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      complaintId: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      messageId: '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c',
      writerId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      fromCompany: true,
      recipientIds: ['9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b'],
      postedAt: { seconds: 1795514400n, nanos: 0 },
      excerpt: '您的出金已于今天处理 — the withdrawal was processed today.',
      status: 'awaiting_user',
    },
  },
  'reviews.complaint.closed': {
    meta: {
      id: '4a5b6c7d-8e9f-4a0b-9c2d-3e4f5a6b7c8d',
      producer: 'reviews',
      correlationId: '',
      occurredAt: new Date('2026-11-25T10:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      complaintId: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      authorId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      status: 'resolved',
      closedBy: 'user',
      closedAt: { seconds: 1795600800n, nanos: 0 },
    },
  },
  'reviews.complaint.reminded': {
    meta: {
      id: '5b6c7d8e-9f0a-4b1c-8d3e-4f5a6b7c8d9e',
      producer: 'reviews',
      correlationId: '',
      occurredAt: new Date('2026-12-02T00:05:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      complaintId: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      authorId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      status: 'awaiting_company',
      representativeIds: ['2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'],
      dueAt: { seconds: 1796428800n, nanos: 0 },
      workingDaysLeft: 3,
      remindedAt: { seconds: 1796169900n, nanos: 0 },
    },
  },
  'reviews.review.rejected': {
    meta: {
      id: '6f708192-a3b4-45c6-97d8-e9f0a1b2c3d4',
      producer: 'reviews',
      correlationId: '',
      occurredAt: new Date('2026-11-22T10:05:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      reviewId: '7f8091a2-b3c4-45d6-a7e8-f90a1b2c3d45',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      stars: 1,
      moderatorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      reason: '含有广告链接 — contains promotional links',
      rejectedAt: { seconds: 1795341900n, nanos: 0 },
    },
  },
  'reviews.content.removed': {
    meta: {
      id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      producer: 'reviews',
      correlationId: 'req-f1e2d3',
      occurredAt: new Date('2026-11-26T14:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      targetKind: 'comment',
      targetId: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      authorId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      moderatorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      reason: '人身攻击 — insults another member',
      rule: 'abuse',
      excerpt: 'You are an idiot…',
      removedAt: { seconds: 1795874400n, nanos: 0 },
    },
  },
  'reviews.removal_appeal.decided': {
    meta: {
      id: '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      producer: 'reviews',
      correlationId: 'req-a9b8c7',
      occurredAt: new Date('2026-11-27T09:00:00.000Z'),
      schemaVersion: 1,
    },
    payload: {
      appealId: '0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a',
      removalId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      targetKind: 'post',
      targetId: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      decision: 'uphold',
      restored: false,
      moderatorId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      reason: '仍是广告 — still advertising a signal group',
      rule: 'spam',
      excerpt: 'Join my VIP signals…',
      contextId: 'image_text:8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      decidedAt: { seconds: 1795942800n, nanos: 0 },
    },
  },
  'reviews.review.deleted': {
    meta: {
      id: '708192a3-b4c5-46d7-a8e9-f0a1b2c3d4e5',
      producer: 'reviews',
      correlationId: 'req-c3d4e5',
      occurredAt: new Date('2026-11-22T11:00:00.999Z'),
      schemaVersion: 1,
    },
    payload: {
      reviewId: '6e7f8091-a2b3-44c5-96d7-e8f90a1b2c34',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      wasApproved: true,
      deletedAt: { seconds: 1795345200n, nanos: 999000000 },
    },
  },
  'reviews.rating.changed': {
    meta: {
      id: '8192a3b4-c5d6-47e8-b9f0-a1b2c3d4e5f6',
      producer: 'reviews',
      correlationId: 'req-d4e5f6',
      occurredAt: new Date('2026-11-22T11:00:01.000Z'),
      schemaVersion: 1,
    },
    payload: {
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      score: 3.7727272727272725,
      displayScore: 3.8,
      approvedCount: 4,
      distribution: [0, 1, 0, 0, 3],
      computedAt: { seconds: 1795345201n, nanos: 0 },
      version: 9007199254740997n,
    },
  },
  'media.video.uploaded': {
    meta: {
      id: 'a0000001-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m1',
      occurredAt: new Date('2026-11-22T12:01:00.000Z'),
      schemaVersion: 1,
    },
    payload: { videoId: '5f4e3d2c-1b0a-4c9d-8e7f-6a5b4c3d2e1f', ownerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', sourceKey: 'videos/src/5f4e3d2c.mp4', sizeBytes: 9999999n, durationSeconds: 12.48, width: 1920, height: 1080, uploadedAt: { seconds: 1795363201n, nanos: 1000 } },
  },
  'media.video.ready': {
    meta: {
      id: 'a0000002-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m2',
      occurredAt: new Date('2026-11-22T12:02:00.000Z'),
      schemaVersion: 1,
    },
    payload: { videoId: '5f4e3d2c-1b0a-4c9d-8e7f-6a5b4c3d2e1f', ownerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', playbackKey: 'videos/720/5f4e3d2c.mp4', posterKey: 'videos/poster/5f4e3d2c.jpg', durationSeconds: 12.5, width: 1280, height: 720, readyAt: { seconds: 1795363202n, nanos: 2000 } },
  },
  'media.video.failed': {
    meta: {
      id: 'a0000003-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m3',
      occurredAt: new Date('2026-11-22T12:03:00.000Z'),
      schemaVersion: 1,
    },
    payload: { videoId: '5f4e3d2c-1b0a-4c9d-8e7f-6a5b4c3d2e1f', ownerId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', reason: 'transcode_failed', failedAt: { seconds: 1795363203n, nanos: 3000 } },
  },
  'media.post.published': {
    meta: {
      id: 'a0000004-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m4',
      occurredAt: new Date('2026-11-22T12:04:00.000Z'),
      schemaVersion: 1,
    },
    payload: { postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', kind: 'video', title: '黄金周线复盘 — gold weekly', description: 'Trend, levels, 风险', category: 'analysis', locale: 'zh-cn', coverKey: 'covers/7c6b5a49.webp', videoId: '5f4e3d2c-1b0a-4c9d-8e7f-6a5b4c3d2e1f', edited: true, publishedAt: { seconds: 1795363204n, nanos: 4000 }, version: 9007199254740993n },
  },
  'media.post.deleted': {
    meta: {
      id: 'a0000005-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m5',
      occurredAt: new Date('2026-11-22T12:05:00.000Z'),
      schemaVersion: 1,
    },
    payload: { postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', deletedAt: { seconds: 1795363205n, nanos: 5000 }, version: 9007199254740994n },
  },
  'media.post.liked': {
    meta: {
      id: 'a0000006-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m6',
      occurredAt: new Date('2026-11-22T12:06:00.000Z'),
      schemaVersion: 1,
    },
    payload: { postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', likes: 42n, postTitle: '黄金周线复盘', likedAt: { seconds: 1795363206n, nanos: 6000 } },
  },
  'media.post.unliked': {
    meta: {
      id: 'a0000007-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m7',
      occurredAt: new Date('2026-11-22T12:07:00.000Z'),
      schemaVersion: 1,
    },
    payload: { postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', likes: 41n, unlikedAt: { seconds: 1795363207n, nanos: 7000 } },
  },
  'media.post.commented': {
    meta: {
      id: 'a0000008-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m8',
      occurredAt: new Date('2026-11-22T12:08:00.000Z'),
      schemaVersion: 1,
    },
    payload: { commentId: '0f1e2d3c-4b5a-4968-8776-655443322110', postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', parentCommentId: '11223344-5566-4778-8899-aabbccddeeff', parentAuthorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', excerpt: '同意，支撑位看 1900', postTitle: '黄金周线复盘', commentedAt: { seconds: 1795363208n, nanos: 8000 } },
  },
  'media.comment.deleted': {
    meta: {
      id: 'a0000009-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m9',
      occurredAt: new Date('2026-11-22T12:09:00.000Z'),
      schemaVersion: 1,
    },
    payload: { commentId: '0f1e2d3c-4b5a-4968-8776-655443322110', postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', deletedAt: { seconds: 1795363209n, nanos: 9000 } },
  },
  'media.post.collected': {
    meta: {
      id: 'a000000a-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m10',
      occurredAt: new Date('2026-11-22T12:10:00.000Z'),
      schemaVersion: 1,
    },
    payload: { postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', collections: 7n, postTitle: '黄金周线复盘', collectedAt: { seconds: 1795363210n, nanos: 10000 } },
  },
  'media.post.uncollected': {
    meta: {
      id: 'a000000b-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m11',
      occurredAt: new Date('2026-11-22T12:11:00.000Z'),
      schemaVersion: 1,
    },
    payload: { postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', collections: 6n, uncollectedAt: { seconds: 1795363211n, nanos: 11000 } },
  },
  'media.post.forwarded': {
    meta: {
      id: 'a000000c-1b2c-4d3e-8f40-5a6b7c8d9e0f',
      producer: 'media',
      correlationId: 'req-m12',
      occurredAt: new Date('2026-11-22T12:12:00.000Z'),
      schemaVersion: 1,
    },
    payload: { forwardId: '22334455-6677-4889-9aab-bccddeeff001', postId: '7c6b5a49-3827-4165-9e8d-7c6b5a493827', authorId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', comment: 'Worth a read 值得一看', postTitle: '黄金周线复盘', forwardedAt: { seconds: 1795363212n, nanos: 12000 } },
  },
  'notifications.notice.created': {
    meta: {
      id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      producer: 'notifications',
      correlationId: 'req-n01',
      occurredAt: new Date('2026-11-22T13:00:00.001Z'),
      schemaVersion: 1,
    },
    payload: { userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b', noticeId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f', category: 'notices', createdAt: { seconds: 1795366800n, nanos: 1000000 } },
  },
  'trader.account.bound': {
    meta: { id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6', producer: 'trader-sync', correlationId: 'req-t01', occurredAt: new Date('2026-11-22T14:00:00.123Z'), schemaVersion: 1 },
    payload: {
      accountId: 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      server: 'HarbourFX-Live01',
      accountNumber: '88012345',
      visibility: 'public',
      strategyType: 'mixed',
      source: 'bridge',
      boundAt: { seconds: 1795370400n, nanos: 123000000 },
    },
  },
  'trader.account.synced': {
    meta: { id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f7', producer: 'trader-sync', correlationId: '', occurredAt: new Date('2026-11-22T14:05:00.000Z'), schemaVersion: 1 },
    payload: {
      accountId: 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      companyId: '3f1e9a2b-8c7d-4e6f-a5b4-c3d2e1f0a9b8',
      live: true,
      dealsAdded: 42,
      dealsTotal: 4294967295,
      verified: true,
      syncedAt: { seconds: 1795370700n, nanos: 999999999 },
    },
  },
  'trader.stats.updated': {
    meta: { id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f8', producer: 'trader-sync', correlationId: 'req-t03', occurredAt: new Date('2026-11-22T14:05:00.500Z'), schemaVersion: 1 },
    payload: {
      accountId: 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      companyId: '',
      currency: 'USD',
      balance: 10234.56,
      equity: -0.25,
      gainPct: 123.456789,
      maxDrawdownPct: 37.5,
      trades: 318,
      score: 1.0e-7,
      ranked: true,
      visibility: 'hidden',
      computedAt: { seconds: 1795370700n, nanos: 500000000 },
    },
  },
  'trader.broker_application.approved': {
    meta: { id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f9', producer: 'trader-sync', correlationId: 'req-t04', occurredAt: new Date('2026-11-22T15:00:00.000Z'), schemaVersion: 1 },
    payload: {
      applicationId: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f8',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      brokerName: '远东外汇 Far East FX',
      website: 'https://fareastfx.example',
      server: 'FarEastFX-Live03',
      adminId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      companyId: '',
      approvedAt: { seconds: 1795374000n, nanos: 0 },
    },
  },
  'trader.broker_application.rejected': {
    meta: { id: 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5fa', producer: 'trader-sync', correlationId: 'req-t05', occurredAt: new Date('2026-11-22T15:30:00.250Z'), schemaVersion: 1 },
    payload: {
      applicationId: 'f1a2b3c4-d5e6-4f70-8192-a3b4c5d6e7f9',
      userId: '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      brokerName: '暗影外汇 Shady FX',
      server: 'ShadyFX-Real',
      adminId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      reason: 'No licence found 未找到监管牌照',
      rejectedAt: { seconds: 1795375800n, nanos: 250000000 },
    },
  },
};

export const FIXTURES_DIR = new URL('./fixtures/', import.meta.url);

export function fixtureUrl(type: EventType): URL {
  return new URL(`${type}.bin`, FIXTURES_DIR);
}
