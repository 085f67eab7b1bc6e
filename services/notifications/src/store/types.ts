import type { ColumnType, Generated } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

/** Why a post notices are about is gone (see the `post` table). */
export type PostRemoved = 'moderation' | 'deleted';

export type Locale = 'en' | 'zh-cn';
export type NoticeCategory = 'notices' | 'system';
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'expired';
export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** bigint comes back from pg as a number (see @brokerwise/sql parsers); we write numbers. */
type BigIntColumn = ColumnType<number, number, number>;
/** jsonb: read as an object, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface NotificationsTables extends KitTables {
  app_user: {
    user_id: string;
    username: Generated<string>;
    email: string | null;
    locale: Generated<Locale>;
    registered_at: Date | null;
    version: ColumnType<number, number | undefined, number>;
  };
  company: {
    id: string;
    slug: string;
    name: string;
    /** Chinese display name; '' when the company has none. */
    name_zh: Generated<string>;
    version: BigIntColumn;
    removed: Generated<boolean>;
  };
  /** A user following a company (licence register notices). */
  company_follow: { company_id: string; user_id: string; created_at: Generated<Date> };
  /** media's posts, kind only (`video` | `image_text`): which page a post notice links to, or that it is gone. */
  post: {
    id: string;
    /** Empty for a post known only from its removal. */
    kind: string;
    version: BigIntColumn;
    /** `moderation` (removed by a moderator, until restored on appeal), `deleted` (final) or null. */
    removed: ColumnType<PostRemoved | null, PostRemoved | null | undefined, PostRemoved | null>;
  };
  notice: {
    id: string;
    user_id: string | null;
    category: NoticeCategory;
    kind: string;
    params: Json<Record<string, string>>;
    source_event_id: string | null;
    created_at: Date;
    read_at: Date | null;
  };
  notice_read: { notice_id: string; user_id: string; read_at: Date };
  email_preference: { user_id: string; non_essential: boolean; updated_at: Date };
  mail: {
    id: string;
    dedupe_key: string;
    message_id: string;
    kind: string;
    to_address: string;
    locale: Locale;
    subject: string;
    text: string;
    html: string;
    headers: Json<Record<string, string>>;
    tags: Json<Record<string, string>>;
    status: MailStatus;
    attempts: Generated<number>;
    next_attempt_at: Date;
    locked_until: Date | null;
    expires_at: Date | null;
    last_error: string | null;
    created_at: Date;
    sent_at: Date | null;
  };
  subscription: {
    id: string;
    email: string;
    status: SubscriptionStatus;
    locale: Locale;
    created_at: Date;
    confirm_sent_at: Date | null;
    confirm_seq: Generated<number>;
    confirmed_at: Date | null;
    unsubscribed_at: Date | null;
  };
  newsletter_issue: {
    id: string;
    subject_en: string;
    subject_zh: string;
    body_en: string;
    body_zh: string;
    created_by: string;
    recipients: number;
    created_at: Date;
  };
}
