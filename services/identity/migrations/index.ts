import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as identity } from './20261122T0900_identity.ts';
import { migration as userRole } from './20261201T0900_user_role.ts';
import { migration as roleAudit } from './20261210T0900_role_audit.ts';
import { migration as apiKeys } from './20261226T0900_api_keys.ts';
import { migration as sanctions } from './20261228T0900_sanctions.ts';
import { migration as accountDeletion } from './20261230T0900_account_deletion.ts';
import { migration as companyRepresentatives } from './20270105T0900_company_representatives.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261122T0900_identity': identity,
  '20261201T0900_user_role': userRole,
  '20261210T0900_role_audit': roleAudit,
  '20261226T0900_api_keys': apiKeys,
  '20261228T0900_sanctions': sanctions,
  '20261230T0900_account_deletion': accountDeletion,
  '20270105T0900_company_representatives': companyRepresentatives,
};
