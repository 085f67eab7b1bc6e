import type { Kysely } from '@brokerwise/sql';
import { reseal, staleSealed } from '../store/credentials.store.ts';
import type { TraderTables } from '../store/types.ts';
import type { KeyRing } from './crypto.ts';

/** Seals every password sealed with an older key again with the current one, in batches. */
export async function reencryptAll(db: Kysely<TraderTables>, keyring: KeyRing): Promise<{ accounts: number; applications: number }> {
  const counts = { account: 0, broker_application: 0 };
  for (const table of ['account', 'broker_application'] as const) {
    for (;;) {
      const n = await db.transaction().execute(async (trx) => {
        const rows = await staleSealed(trx, table, keyring.currentId, 200);
        for (const r of rows) await reseal(trx, table, r.id, keyring.seal(keyring.open({ keyId: r.password_key_id!, bytes: r.password_ct! }, r.id), r.id));
        return rows.length;
      });
      counts[table] += n;
      if (n === 0) break;
    }
  }
  return { accounts: counts.account, applications: counts.broker_application };
}
