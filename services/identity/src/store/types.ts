import type { Generated } from '@brokerwise/sql';
import type { KitTables } from '@brokerwise/service-kit';

export type AccountType = 'personal' | 'company';
export type Role = 'user' | 'admin';
/** What the operator CLI did to an account's role. */
export type RoleAction = 'create' | 'grant' | 'revoke';
export type CodePurpose = 'user_register' | 'retrieve_password' | 'change_password' | 'bind_email';
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
}
