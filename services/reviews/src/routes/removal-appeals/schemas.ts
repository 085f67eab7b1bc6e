import { Type } from 'typebox';
import { PageQuery, ReviewDto, Uuid } from '../dto.ts';
import { LogEntryDto } from '../reports/schemas.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const Decision = Type.Union([Type.Literal('restore'), Type.Literal('uphold')]);
const TargetKind = Type.Union([Type.Literal('review'), Type.Literal('post'), Type.Literal('comment')]);
const Status = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);


export const UserParams = Type.Object({ userId: Uuid });
// Any string: a malformed id is an unknown appeal (404).
export const AppealParams = Type.Object({ appealId: Type.String({ maxLength: 100 }) });

export const AppealBody = Type.Object(
  {
    // Any string: a malformed id is an unknown removal (404).
    removalId: Type.String({ maxLength: 100 }),
    /** 10–1000 characters; checked by the domain (fields.text). */
    text: Type.String({ maxLength: 5_000 }),
  },
  { additionalProperties: false },
);

export const RemovalAppealDto = Type.Object({
  id: Type.String(),
  removalId: Type.String(),
  targetKind: TargetKind,
  targetId: Type.String(),
  userId: Type.String(),
  removedBy: Type.String(),
  text: Type.String(),
  createdAt: Type.String(),
  decision: Type.Union([Decision, Type.Null()]),
  decidedBy: NullableString,
  decisionReason: NullableString,
  decidedAt: NullableString,
});

/** The removed content: a review's own status; a post or comment `rejected` while removed, `approved` once restored. */
export const TargetDto = Type.Object({
  excerpt: Type.String(),
  /** The company of a review; `<post kind>:<post id>` of a post or comment. */
  contextId: Type.Union([Type.String(), Type.Null()]),
  status: Type.Union([Status, Type.Literal('deleted')]),
});

/** What was removed and why, as its author sees it (no moderator ids). */
export const RemovalDto = Type.Object({
  removalId: Type.String(),
  targetKind: TargetKind,
  targetId: Type.String(),
  contextId: Type.String(),
  excerpt: Type.String(),
  reason: Type.String(),
  rule: Type.String(),
  removedAt: Type.String(),
  /** The content's status now: `approved` once an appeal restored it. */
  status: Status,
  appeal: Type.Union([RemovalAppealDto, Type.Null()]),
});
export const RemovalList = Type.Object({ items: Type.Array(RemovalDto) });

export const AppealQueueQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('decided')])) }, { additionalProperties: false });
export const AppealQueueItem = Type.Object({
  appeal: RemovalAppealDto,
  removal: Type.Union([LogEntryDto, Type.Null()]),
  review: Type.Union([ReviewDto, Type.Null()]),
  target: TargetDto,
});
export const AppealQueuePage = Type.Object({ items: Type.Array(AppealQueueItem), total: Type.Integer() });

export const DecideBody = Type.Object(
  {
    moderatorId: Uuid,
    decision: Decision,
    /** 1–500 characters, checked by the domain (fields.reason). */
    reason: Type.String({ maxLength: 5_000 }),
  },
  { additionalProperties: false },
);
export const DecideDto = Type.Object({
  appeal: RemovalAppealDto,
  review: Type.Union([ReviewDto, Type.Null()]),
  target: TargetDto,
  audit: LogEntryDto,
  removal: Type.Union([LogEntryDto, Type.Null()]),
});
