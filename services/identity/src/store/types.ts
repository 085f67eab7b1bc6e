import type { ColumnType, Generated } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

/** jsonb: read as a value, written as JSON text. */
type Json = ColumnType<Record<string, unknown>, string, string>;

export type AccountType = 'personal' | 'company';
export type Role = 'user' | 'moderator' | 'admin';
export type SanctionKind = 'warn' | 'restrict' | 'freeze';
export type AppealDecision = 'uphold' | 'lift';
/** What the operator CLI did to an account's role. */
export type RoleAction = 'create' | 'grant' | 'revoke';
export type CodePurpose = 'user_register' | 'retrieve_password' | 'change_password' | 'bind_email' | 'company_claim';
/** A company claim: code sent → code entered → an administrator approves (a verified representative) or refuses; revoked later. */
export type ClaimStatus = 'awaiting_code' | 'awaiting_approval' | 'approved' | 'rejected' | 'revoked';
export type SocialProvider = 'google' | 'facebook';

export interface IdentityTables extends KitTables {
  user_account: {
    id: string;
    email: string | null;
    username: string;
    avatar_key: string | null;
    country_code: string | null;
    motto: Generated<string>;
    account_type: Generated<AccountType>;
    role: Generated<Role>;
    locale: Generated<string>;
    followers_count: Generated<number>;
    following_count: Generated<number>;
    likes_received: Generated<number>;
    collections_count: Generated<number>;
    frozen_at: Date | null;
    /** Deleted by an administrator: its personal data is erased and it cannot sign in. */
    deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    version: Generated<number>;
    created_at: Date;
    updated_at: Date;
  };
  credential: { user_id: string; password_hash: string; changed_at: Date };
  session: {
    id: string;
    user_id: string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    revoked_reason: string | null;
    remember: boolean;
    ip: string;
    user_agent: string;
  };
  email_code: {
    id: string;
    email: string;
    purpose: CodePurpose;
    user_id: string | null;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    consumed_at: Date | null;
  };
  social_identity: { provider: SocialProvider; subject: string; user_id: string; email: string | null; created_at: Date };
  follow: { follower_id: string; followee_id: string; created_at: Date };
  role_audit: { id: string; user_id: string; action: RoleAction; previous_role: Role | null; role: Role; actor: string; at: Date };
  sanction: {
    id: string;
    user_id: string;
    kind: SanctionKind;
    rule: string;
    reason: string;
    imposed_by: string;
    imposed_at: Date;
    ends_at: Date | null;
    lifted_at: Date | null;
    lifted_by: string | null;
    lift_reason: string | null;
  };
  appeal: {
    id: string;
    sanction_id: string;
    user_id: string;
    text: string;
    created_at: Date;
    decision: AppealDecision | null;
    decided_by: string | null;
    decided_at: Date | null;
    decision_reason: string | null;
  };
  admin_audit: {
    id: string;
    actor_id: string;
    at: Date;
    action: string;
    target_user_id: string;
    before: Json | null;
    after: Json | null;
    reason: Generated<string>;
  };
  company_claim: {
    id: string;
    user_id: string;
    company_id: string;
    company_name: string;
    company_host: string;
    email: string;
    status: ClaimStatus;
    created_at: Date;
    verified_at: Date | null;
    decided_at: Date | null;
    decided_by: string | null;
    decision_reason: Generated<string>;
    revoked_at: Date | null;
    revoked_by: string | null;
  };
  api_key: { id: string; user_id: string; name: string; prefix: string; secret_hash: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null };
}
