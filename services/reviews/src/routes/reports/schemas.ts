import { Type } from 'typebox';
import { PageQuery, Uuid } from '../dto.ts';

const TargetKind = Type.Union([Type.Literal('review'), Type.Literal('post'), Type.Literal('comment'), Type.Literal('profile')]);
/** The log also records decisions on complaint cases and their thread messages. */
const LogTargetKind = Type.Union([Type.Literal('review'), Type.Literal('post'), Type.Literal('comment'), Type.Literal('profile'), Type.Literal('complaint'), Type.Literal('complaint_message')]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
export const AuditAction = Type.Union([
  Type.Literal('approve'),
  Type.Literal('reject'),
  Type.Literal('dismiss'),
  Type.Literal('remove'),
  Type.Literal('restore'),
  Type.Literal('uphold'),
]);

export const ReportBody = Type.Object(
  {
    userId: Uuid,
    targetKind: TargetKind,
    // Any string: a malformed id is an unknown target (404).
    targetId: Type.String({ maxLength: 100 }),
    /** One of the fixed reasons; checked by the domain (fields.reason). */
    reason: Type.String({ maxLength: 100 }),
    text: Type.Optional(Type.String({ maxLength: 5_000 })),
    /** What the gateway read of a post, comment or profile; reviews are read here. */
    snapshot: Type.Optional(
      Type.Object(
        { authorId: Uuid, authorName: Type.String({ maxLength: 200 }), excerpt: Type.String({ maxLength: 20_000 }), contextId: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const ReportDto = Type.Object({
  id: Type.String(),
  targetKind: TargetKind,
  targetId: Type.String(),
  reason: Type.String(),
  text: Type.String(),
  excerpt: Type.String(),
  contextId: NullableString,
  status: Type.Union([Type.Literal('open'), Type.Literal('dismissed'), Type.Literal('actioned')]),
  createdAt: Type.String(),
  closedAt: NullableString,
});
export const ReportPage = Type.Object({ items: Type.Array(ReportDto), total: Type.Integer() });

export const ReporterParams = Type.Object({ userId: Uuid });
export const PageOnly = Type.Object(PageQuery, { additionalProperties: false });

export const WorkItemDto = Type.Object({
  source: Type.Union([Type.Literal('reports'), Type.Literal('pending_review')]),
  targetKind: TargetKind,
  targetId: Type.String(),
  severity: Type.Integer(),
  since: Type.String(),
  reports: Type.Integer(),
  reasons: Type.Array(Type.String()),
  texts: Type.Array(Type.String()),
  excerpt: Type.String(),
  author: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  contextId: NullableString,
  reviewStatus: NullableString,
  record: Type.Object({ removals: Type.Integer(), reports: Type.Integer() }),
  /** The automatic signals on a review's current version: kind and the numbers behind it. */
  signals: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('near_duplicate'), Type.Literal('company_burst'), Type.Literal('shared_origin'), Type.Literal('new_account_link'), Type.Literal('tied_account')]),
      details: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
});
export const WorkPage = Type.Object({ items: Type.Array(WorkItemDto), total: Type.Integer() });

export const ReportDecisionBody = Type.Object(
  {
    moderatorId: Uuid,
    targetKind: TargetKind,
    targetId: Type.String({ maxLength: 100 }),
    action: Type.Union([Type.Literal('dismiss'), Type.Literal('remove')]),
    reason: Type.Optional(Type.String({ maxLength: 5_000 })),
    rule: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const LogEntryDto = Type.Object({
  id: Type.String(),
  moderatorId: Type.String(),
  action: AuditAction,
  targetKind: LogTargetKind,
  targetId: Type.String(),
  reason: Type.String(),
  rule: Type.String(),
  before: Type.Record(Type.String(), Type.Unknown()),
  after: Type.Record(Type.String(), Type.Unknown()),
  at: Type.String(),
});
export const ReportDecisionDto = Type.Object({ audit: LogEntryDto, closed: Type.Integer() });

export const LogQuery = Type.Object(
  {
    ...PageQuery,
    // Not `moderatorId`: that name must be the acting admin (service token check); this filters.
    actor: Type.Optional(Uuid),
    action: Type.Optional(AuditAction),
    targetKind: Type.Optional(LogTargetKind),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export const LogPage = Type.Object({ items: Type.Array(LogEntryDto), total: Type.Integer() });
