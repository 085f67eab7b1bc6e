import { sql, type Kysely } from '@brokerwise/sql';
import type { IdentityTables } from './types.ts';

type Db = Kysely<IdentityTables>;

/** The month (UTC) of a timestamp column as `YYYY-MM`. */
const monthOf = (column: string) => sql<string>`to_char(date_trunc('month', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM')`;

export interface KeyedMonthCount {
  month: string;
  key: string;
  n: number;
}

/** Sanctions imposed per month and kind (warn, restrict, freeze). */
export async function sanctionsByMonth(db: Db, from: Date, to: Date): Promise<KeyedMonthCount[]> {
  return db
    .selectFrom('sanction')
    .select([monthOf('imposed_at').as('month'), 'kind as key', sql<number>`count(*)::int`.as('n')])
    .where('imposed_at', '>=', from)
    .where('imposed_at', '<', to)
    .groupBy([sql`1`, 'kind'])
    .execute();
}

/** Appeals filed per month (key 'received') and decided per month by outcome ('uphold', 'lift'). */
export async function appealsByMonth(db: Db, from: Date, to: Date): Promise<KeyedMonthCount[]> {
  const received = db
    .selectFrom('appeal')
    .select([monthOf('created_at').as('month'), sql<string>`'received'`.as('key'), sql<number>`count(*)::int`.as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`1`);
  const decided = db
    .selectFrom('appeal')
    .select([monthOf('decided_at').as('month'), sql<string>`decision`.as('key'), sql<number>`count(*)::int`.as('n')])
    .where('decision', 'is not', null)
    .where('decided_at', '>=', from)
    .where('decided_at', '<', to)
    .groupBy([sql`1`, 'decision']);
  return received.unionAll(decided).execute();
}
