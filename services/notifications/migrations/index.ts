import { kitMigrations } from '@brokerwise/service-kit';
import type { MigrationSet } from '@brokerwise/sql';
import { migration as notifications } from './20261205T0000_notifications.ts';
import { migration as postKind } from './20261206T0000_post_kind.ts';
import { migration as companyNameZh } from './20261207T0000_company_name_zh.ts';
import { migration as companyFollow } from './20261208T0000_company_follow.ts';
import { migration as postRemoved } from './20261209T0000_post_removed.ts';

/** Listed explicitly, in name order; forward only. */
export const migrations: MigrationSet = {
  ...kitMigrations,
  '20261205T0000_notifications': notifications,
  '20261206T0000_post_kind': postKind,
  '20261207T0000_company_name_zh': companyNameZh,
  '20261208T0000_company_follow': companyFollow,
  '20261209T0000_post_removed': postRemoved,
};
