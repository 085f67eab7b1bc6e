import type { Kysely, Selectable } from '@brokerwise/sql';
import type { NotificationsTables } from './types.ts';

type Db = Kysely<NotificationsTables>;
export type CompanyRow = Selectable<NotificationsTables['company']>;

/** catalogue.company.upserted / removed: the latest version wins, whatever the arrival order. */
export async function upsertCompany(db: Db, c: { id: string; slug: string; name: string; nameZh: string; version: number; removed: boolean }): Promise<void> {
  await db
    .insertInto('company')
    .values({ id: c.id, slug: c.slug, name: c.name, name_zh: c.nameZh, version: c.version, removed: c.removed })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          slug: (eb) => eb.ref('excluded.slug'),
          name: (eb) => eb.ref('excluded.name'),
          name_zh: (eb) => eb.ref('excluded.name_zh'),
          version: (eb) => eb.ref('excluded.version'),
          removed: (eb) => eb.ref('excluded.removed'),
        })
        .where('company.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}

export async function findCompanies(db: Db, ids: string[]): Promise<Map<string, CompanyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('company').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** catalogue.company.removed: keeps the name (old notices still say which company), marks it gone. */
export async function markCompanyRemoved(db: Db, c: { id: string; slug: string; version: number }): Promise<void> {
  await db
    .insertInto('company')
    .values({ id: c.id, slug: c.slug, name: c.slug, version: c.version, removed: true })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ version: (eb) => eb.ref('excluded.version'), removed: true })
        .where('company.version', '<', (eb) => eb.ref('excluded.version')),
    )
    .execute();
}
