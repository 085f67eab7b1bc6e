import { Type } from 'typebox';
import { ISSUE_BODY_MAX, ISSUE_SUBJECT_MAX } from '../../domain/newsletter.ts';
import { Lang, Localized, Uuid } from '../dto.ts';

const Status = Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('unsubscribed')]);

export const SubscribeBody = Type.Object({ email: Type.String({ maxLength: 1000 }), locale: Lang }, { additionalProperties: false });
export const SubscribeDto = Type.Object({ status: Status, mailed: Type.Boolean() });

export const TokenBody = Type.Object({ token: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });
export const SubscriptionDto = Type.Object({ status: Status, email: Type.String(), locale: Lang });

export const IssueBody = Type.Object({ subject: Localized(ISSUE_SUBJECT_MAX * 2), body: Localized(ISSUE_BODY_MAX * 2), adminId: Uuid }, { additionalProperties: false });
export const IssueDto = Type.Object({ id: Type.String(), recipients: Type.Integer() });
