/**
 * The demo site's accounts, made through identity's provisioning functions: the moderator account
 * (`admin`, password printed by `npm start`) and the creators and traders with FIXED ids, so the
 * demo posts (demo/media) and trader-sync's demo accounts (demo/trader-sync) name the same people.
 * The creators have no password: nobody signs in as them.
 */
import type { IdentityConfig } from '../../services/identity/src/config.ts';
import { demoAdminEnabled } from '../../services/identity/src/config.ts';
import { ensureAccounts, ensureAdminAccount, generatePassword } from '../../services/identity/src/domain/provision.ts';
import type { DemoAdmin, IdentitySeedContext, Shared } from '../../services/identity/src/main.ts';

export const DEMO_ADMIN_EMAIL = 'admin@brokerwise.example';
export const DEMO_ADMIN_USERNAME = 'admin';

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

/** The demo admin (its password set again: `password`) and the demo creators. */
export async function seedDemoAccounts(ctx: IdentitySeedContext, password: string): Promise<{ demoAdmin?: DemoAdmin }> {
  const admin = await ensureAdminAccount(ctx, { email: DEMO_ADMIN_EMAIL, username: DEMO_ADMIN_USERNAME, password });
  await ensureAccounts(ctx, DEMO_CREATORS);
  if (!admin) {
    ctx.log.warn('demo admin not seeded: the username "admin" belongs to another account');
    return {};
  }
  ctx.log.info({ email: DEMO_ADMIN_EMAIL }, 'demo admin ready');
  return { demoAdmin: { email: DEMO_ADMIN_EMAIL, username: admin.username, password } };
}

/**
 * What `npm start` (and tests standing in for it) give `startIdentity`: the demo accounts unless
 * in production or DEMO_ADMIN=false; the admin's password is DEMO_ADMIN_PASSWORD or a new random
 * one each start.
 */
export function identityDemo(config: Pick<IdentityConfig, 'APP_MODE' | 'DEMO_ADMIN' | 'DEMO_ADMIN_PASSWORD'>): Pick<Shared, 'seed'> {
  if (!demoAdminEnabled(config)) return {};
  return { seed: (ctx) => seedDemoAccounts(ctx, config.DEMO_ADMIN_PASSWORD ?? generatePassword()) };
}
