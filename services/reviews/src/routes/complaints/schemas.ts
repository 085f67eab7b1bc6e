import { Type } from 'typebox';
import { PageQuery, Uuid } from '../dto.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const Ids = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 });
const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('rejected'),
  Type.Literal('awaiting_company'),
  Type.Literal('awaiting_user'),
  Type.Literal('resolved'),
  Type.Literal('unresolved'),
  Type.Literal('lapsed'),
  Type.Literal('withdrawn'),
]);

export const UserParams = Type.Object({ userId: Uuid });
// Any string: a malformed id is an unknown case (404).
export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const EvidenceParams = Type.Object({ id: Type.String({ maxLength: 100 }), evidenceId: Type.String({ maxLength: 100 }) });
export const CompanyParams = Type.Object({ companyId: Type.String({ maxLength: 100 }) });

// Bounds only: the rules and their field codes are the domain's (`reviews.validation`).
export const OpenBody = Type.Object(
  {
    username: Type.String({ maxLength: 200 }),
    companyId: Type.String({ maxLength: 100 }),
    category: Type.String({ maxLength: 40 }),
    amount: Type.String({ maxLength: 40 }),
    currency: Type.String({ maxLength: 10 }),
    text: Type.String({ maxLength: 20_000 }),
    evidenceIds: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20, default: [] }),
  },
  { additionalProperties: false },
);

export const EvidenceBody = Type.Object(
  {
    key: Type.String({ maxLength: 200 }),
    contentType: Type.String({ maxLength: 100 }),
    size: Type.Integer({ minimum: 1, maximum: 100 * 1024 * 1024 }),
    sha256: Type.String({ maxLength: 64 }),
    name: Type.String({ maxLength: 1000 }),
  },
  { additionalProperties: false },
);

/** Who looks: `viewer` is the signed-in user (checked against the service token), `companies` what they represent. */
export const ViewerQuery = Type.Object(
  {
    viewer: Type.Optional(Uuid),
    companies: Type.Optional(Type.String({ maxLength: 4000 })),
    // Honoured only for a caller the gateway vouched for as staff (or with service tokens off, in tests).
    staff: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ListQuery = Type.Object(
  { companyId: Type.Optional(Type.String({ maxLength: 100 })), status: Type.Optional(Status), ...PageQuery },
  { additionalProperties: false },
);
export const QueueQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const MessageBody = Type.Object(
  { userId: Uuid, companyIds: Ids, representativeIds: Ids, text: Type.String({ maxLength: 20_000 }) },
  { additionalProperties: false },
);
export const CloseBody = Type.Object(
  { userId: Uuid, action: Type.Union([Type.Literal('confirm'), Type.Literal('reject'), Type.Literal('withdraw')]) },
  { additionalProperties: false },
);
export const DecideBody = Type.Object(
  {
    moderatorId: Uuid,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.Optional(Type.String({ maxLength: 2000 })),
    representativeIds: Ids,
  },
  { additionalProperties: false },
);
export const RemoveBody = Type.Object({ moderatorId: Uuid, reason: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });

export const ComplaintDto = Type.Object({
  id: Type.String(),
  companyId: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  category: Type.String(),
  amount: Type.String(),
  currency: Type.String(),
  text: Type.String(),
  status: Status,
  rejectReason: NullableString,
  createdAt: Type.String(),
  publishedAt: NullableString,
  /** While open: the end of the last working day of the side whose turn it is (the status says which). */
  dueAt: NullableString,
  /** Working days that side has left (null when the case is not open). */
  workingDaysLeft: Type.Union([Type.Integer(), Type.Null()]),
  firstResponseAt: NullableString,
  closedAt: NullableString,
  /** `user` (its author), `clock` (the company did not answer in time) or `no_reply` (the author did not). */
  closedBy: NullableString,
  evidenceCount: Type.Integer(),
});
export const ComplaintPage = Type.Object({ items: Type.Array(ComplaintDto), total: Type.Integer() });
export const ComplaintList = Type.Object({ items: Type.Array(ComplaintDto) });

export const MessageDto = Type.Object({
  id: Type.String(),
  authorId: Type.String(),
  side: Type.Union([Type.Literal('user'), Type.Literal('company')]),
  /** Null once a moderator removed it. */
  text: NullableString,
  createdAt: Type.String(),
  removed: Type.Boolean(),
});
export const EvidenceDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  sha256: Type.String(),
  key: Type.String(),
  createdAt: Type.String(),
});
export const RightsDto = Type.Object({
  author: Type.Boolean(),
  representative: Type.Boolean(),
  seeEvidence: Type.Boolean(),
  write: Type.Boolean(),
  close: Type.Boolean(),
  withdraw: Type.Boolean(),
});
export const ViewDto = Type.Object({
  complaint: ComplaintDto,
  messages: Type.Array(MessageDto),
  /** Empty for those who may not see the files (the count is on the complaint). */
  evidence: Type.Array(EvidenceDto),
  rights: RightsDto,
});
export const PostedDto = Type.Object({ complaint: ComplaintDto, message: MessageDto });
export const FiguresDto = Type.Object({
  cases: Type.Integer(),
  answered: Type.Integer(),
  responseRate: NullableNumber,
  medianResponseHours: NullableNumber,
  resolved: Type.Integer(),
  unresolved: Type.Integer(),
  /** Answered, then closed because the author did not reply in time: out of the resolution rate. */
  lapsed: Type.Integer(),
  resolutionRate: NullableNumber,
});
/** The clocks' lengths as configured (working days), for the texts that state them. */
export const RulesDto = Type.Object({ companyDays: Type.Integer(), authorDays: Type.Integer(), reminderDays: Type.Integer() });
/** What one sweep did: cases closed by either clock, reminders sent, loose evidence files deleted. */
export const SweepDto = Type.Object({ expired: Type.Integer(), lapsed: Type.Integer(), reminded: Type.Integer(), evidence: Type.Integer() });

/** A company's dashboard (issue 19): rating trend, newest reviews, open cases. */
export const DashboardParams = Type.Object({ companyId: Uuid });
export const DashboardDto = Type.Object({
  trend: Type.Array(Type.Object({ month: Type.String(), reviews: Type.Integer(), average: NullableNumber })),
  latest: Type.Array(
    Type.Object({
      id: Type.String(),
      username: Type.String(),
      stars: Type.Integer(),
      text: Type.String(),
      createdAt: Type.String(),
      replyId: NullableString,
      replyStatus: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected'), Type.Null()]),
    }),
  ),
  open: Type.Array(ComplaintDto),
});
