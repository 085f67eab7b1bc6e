import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from '@brokerwise/sql';
import type { IdentityTables, Role, RoleAction } from './types.ts';

type Db = Kysely<IdentityTables>;
export type RoleAuditRow = Selectable<IdentityTables['role_audit']>;

export async function insertRoleAudit(
  db: Db,
  a: { userId: string; action: RoleAction; previousRole: Role | null; role: Role; actor: string; at: Date },
): Promise<RoleAuditRow> {
  return db
    .insertInto('role_audit')
    .values({ id: randomUUID(), user_id: a.userId, action: a.action, previous_role: a.previousRole, role: a.role, actor: a.actor, at: a.at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Role changes of one account, oldest first. */
export const roleAuditOf = (db: Db, userId: string): Promise<RoleAuditRow[]> =>
  db.selectFrom('role_audit').selectAll().where('user_id', '=', userId).orderBy('at').orderBy('id').execute();

export const countAdmins = async (db: Db): Promise<number> =>
  Number((await db.selectFrom('user_account').select((eb) => eb.fn.countAll<string>().as('n')).where('role', '=', 'admin').where('frozen_at', 'is', null).executeTakeFirstOrThrow()).n);
