import { enqueueEvent } from '@brokerwise/service-kit';
import { userRegistered } from '../events/publish.ts';
import { findUserById, findUserByEmail, findUserByUsername, insertUser, violatedUnique } from '../store/user.store.ts';
import type { IdentityContext } from './context.ts';

/**
 * The demo site's creators and traders (embedded mode only, beside the demo admin): accounts with
 * FIXED ids, so the media service's demo posts (services/media/src/seed/demo-data.ts) and
 * trader-sync's demo accounts (services/trader-sync, DEMO_TRADERS) name the same people. They have
 * no password: nobody signs in as them.
 */
export const DEMO_CREATORS = [
  { id: '6f1d4c2a-8b3e-4d5f-9a7b-1c2d3e4f5a01', username: 'LenaCharts', email: 'lena@creators.brokerwise.example', locale: 'en' },
  { id: '6f1d4c2a-8b3e-4d5f-9a7b-1c2d3e4f5a02', username: '外汇王老师', email: 'wang@creators.brokerwise.example', locale: 'zh-cn' },
  { id: '6f1d4c2a-8b3e-4d5f-9a7b-1c2d3e4f5a03', username: 'MacroMarco', email: 'marco@creators.brokerwise.example', locale: 'en' },
  { id: '7d3a0000-0000-4000-8000-000000000001', username: 'AlpineScalper', email: 'alpine@traders.brokerwise.example', locale: 'en' },
  { id: '7d3a0000-0000-4000-8000-000000000002', username: 'TokyoNightOwl', email: 'tokyo@traders.brokerwise.example', locale: 'en' },
  { id: '7d3a0000-0000-4000-8000-000000000003', username: 'GoldBugTrader', email: 'goldbug@traders.brokerwise.example', locale: 'en' },
  { id: '7d3a0000-0000-4000-8000-000000000004', username: 'SteadyCarry', email: 'carry@traders.brokerwise.example', locale: 'en' },
  { id: '7d3a0000-0000-4000-8000-000000000005', username: 'MacroMingwei', email: 'mingwei@traders.brokerwise.example', locale: 'zh-cn' },
] as const;

/**
 * Makes sure every demo creator exists (idempotent: an existing id is left alone; a creator
 * whose email or username someone else holds is skipped). Returns how many it created.
 */
export async function ensureDemoCreators(ctx: Pick<IdentityContext, 'db' | 'now'>): Promise<number> {
  let created = 0;
  for (const c of DEMO_CREATORS) {
    try {
      const made = await ctx.db.transaction().execute(async (trx) => {
        if (await findUserById(trx, c.id)) return false;
        if ((await findUserByEmail(trx, c.email)) || (await findUserByUsername(trx, c.username))) return false;
        const user = await insertUser(trx, { id: c.id, email: c.email, username: c.username, accountType: 'personal', locale: c.locale, now: ctx.now() });
        await enqueueEvent(trx, userRegistered(user, c.locale, undefined));
        return true;
      });
      if (made) created += 1;
    } catch (err) {
      // Another instance created it at the same moment.
      if (violatedUnique(err) === undefined) throw err;
    }
  }
  return created;
}
