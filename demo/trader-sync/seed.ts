import { createHash } from 'node:crypto';
import { provisionAccount, provisionServer } from '../../services/trader-sync/src/domain/provision.ts';
import type { TraderSeedContext } from '../../services/trader-sync/src/main.ts';
import { stableUuid } from '../catalogue/load-demo.ts';
import { demoCompanies } from '../catalogue/demo-data.ts';

/** Demo traders (fixed ids; demo/identity makes the users with these ids and names). */
export const DEMO_TRADERS = [
  { id: '7d3a0000-0000-4000-8000-000000000001', username: 'AlpineScalper' },
  { id: '7d3a0000-0000-4000-8000-000000000002', username: 'TokyoNightOwl' },
  { id: '7d3a0000-0000-4000-8000-000000000003', username: 'GoldBugTrader' },
  { id: '7d3a0000-0000-4000-8000-000000000004', username: 'SteadyCarry' },
  { id: '7d3a0000-0000-4000-8000-000000000005', username: 'MacroMingwei' },
] as const;

const DEMO_ACCOUNTS_MAX = 12;
const NICKNAMES = ['London Breakout', 'Asian Range Fade', 'Gold Swing', 'Carry & Trend', 'Macro Momentum', 'Scalp Ladder', '稳健趋势', 'News Fader', '黄金波段', 'Mean Reversion'];

const h = (s: string) => createHash('sha256').update(s).digest().readUInt32LE(0);

export interface DemoBroker {
  companyId: string;
  name: string;
  servers: { name: string; kind: 'live' | 'demo' }[];
  accounts: {
    /** Index into `servers`. */
    server: number;
    trader: (typeof DEMO_TRADERS)[number];
    login: string;
    nickname: string;
    strategyType: 'manual' | 'mixed';
    visibility: 'public' | 'hidden';
  }[];
}

/**
 * About one demo broker in three gets servers `<Name>-Live01`, `<Name>-Live02` and `<Name>-Demo`;
 * the first of them get accounts of the demo traders (12 in all), bound to the bridge simulator
 * (password `ro-<login>`). One account is set to blow up (login …99), one is hidden and one is on
 * the demo server. Deterministic: the catalogue's demo company ids are stable.
 */
export function demoBrokers(): DemoBroker[] {
  const out: DemoBroker[] = [];
  let n = 0;
  for (const c of demoCompanies()) {
    const companyId = stableUuid(`company:${c.slug}`);
    if (c.category !== 'Brokers' || h(companyId) % 3 !== 0) continue;
    const compact = c.name.replace(/[^A-Za-z0-9]/g, '') || `Broker${h(companyId) % 1000}`;
    const broker: DemoBroker = {
      companyId,
      name: c.name,
      servers: [
        { name: `${compact}-Live01`, kind: 'live' },
        { name: `${compact}-Live02`, kind: 'live' },
        { name: `${compact}-Demo`, kind: 'demo' },
      ],
      accounts: [],
    };
    for (let i = 0; i < 2 && n < DEMO_ACCOUNTS_MAX; i++, n++) {
      let login = String(10_000_000 + (h(`${companyId}|${i}`) % 89_999_900));
      // Keep clear of the simulator's failure suffixes, except the one account meant to blow up.
      if (/(13|40|44|50|51|66|99)$/.test(login)) login = `${login.slice(0, -2)}27`;
      if (n === 4) login = `${login.slice(0, -2)}99`;
      broker.accounts.push({
        server: n === 7 ? 2 : i,
        trader: DEMO_TRADERS[n % DEMO_TRADERS.length]!,
        login,
        nickname: NICKNAMES[n % NICKNAMES.length]!,
        strategyType: n % 3 === 2 ? 'mixed' : 'manual',
        visibility: n === 5 ? 'hidden' : 'public',
      });
    }
    out.push(broker);
  }
  return out;
}

/**
 * trader-sync's demo data (`startTraderSync(config, { seed })`, `node demo/seed.ts`), through its
 * provisioning functions. A broker whose servers exist already was seeded before: its accounts
 * are not bound again (a trader may have unbound them).
 */
export async function seedTraderSync(ctx: TraderSeedContext): Promise<void> {
  let bound = 0;
  for (const b of demoBrokers()) {
    const servers = [];
    let created = false;
    for (const s of b.servers) {
      const r = await provisionServer(ctx, { name: s.name, companyId: b.companyId, brokerName: b.name, kind: s.kind });
      servers.push(r.server);
      created ||= r.created;
    }
    if (!created) continue;
    for (const a of b.accounts) {
      const server = servers[a.server]!;
      const account = await provisionAccount(ctx, server, {
        userId: a.trader.id,
        username: a.trader.username,
        accountNumber: a.login,
        password: `ro-${a.login}`,
        nickname: a.nickname,
        // Says what the badge beside it says: a live or a demo (practice) account, both simulated here.
        description: server.kind === 'demo' ? 'Practice (demo) account; its trades are synced from the bridge simulator.' : 'Live account; its trades are synced from the bridge simulator.',
        strategyType: a.strategyType,
        visibility: a.visibility,
      });
      if (account) bound += 1;
    }
  }
  if (bound > 0) ctx.log.info({ accounts: bound }, 'demo trader accounts bound');
}
