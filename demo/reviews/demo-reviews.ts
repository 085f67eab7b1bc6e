import { createHash } from 'node:crypto';
import { seedApprovedReviews, type SeedReview } from '../../services/reviews/src/domain/maintenance.ts';
import { PRIOR_MEAN, PRIOR_WEIGHT, recencyWeight } from '../../services/reviews/src/domain/score.ts';
import type { OnCompanyAnnounced } from '../../services/reviews/src/events/handlers/company.handler.ts';
// The simulator's seeded generator: stable across Node versions and machines.
import { rngFrom } from '../../services/bridge-simulator/src/domain/history.ts';

/**
 * The demo site's approved reviews (`npm start`, DEMO_REVIEWS) for the catalogue's fictional demo
 * companies, so every score on the demo site comes out of the published formula (score.ts) and
 * every rating has real reviews behind it, instead of a number typed into the seed.
 *
 * Deterministic per company id: the same company gets the same reviews on every machine. The
 * stars are drawn around the mean that makes the Bayesian score land near the catalogue's demo
 * score (`target`), so the demo keeps its spread of good and bad companies.
 */

export type DemoReview = SeedReview;

/** The moderator recorded on seeded reviews (no such account exists; the audit says "seed"). */
export const DEMO_MODERATOR_ID = '00000000-0000-4000-8000-00000000d3e0';

const DAY_MS = 86_400_000;

/** A v4-shaped UUID derived from a name (demo ids must be stable, and the columns are uuid). */
export function demoUuid(name: string): string {
  const h = createHash('sha256').update(`brokerwise-demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const HANDLES = [
  'pipwatcher', 'londonopen', 'scalper_k', 'goldbug88', 'trendrider', 'eurusd_daily', 'swingmike', 'asia_session',
  'riskfirst', 'carrytrader', 'fx_nomad', 'chartlady', 'breakout_ben', 'macro_mei', 'quietquant', 'hedgehog_fx',
  '东京盘观察', '黄金老李', '稳健交易者', '外汇小白', '波段阿强', '日内短线王', '趋势跟随者', '风控第一',
  'sydney_sam', 'pip_hunter', 'lotsize_lou', 'nfp_night', 'fib_fan', 'orderflow_ola', '量化小张', '复利之路',
];

type Tone = 'good' | 'mixed' | 'bad';

/** Sentences per tone, [English, Chinese]; a review joins two or three of one language. */
const LINES: Record<Tone, readonly (readonly [string, string])[]> = {
  good: [
    ['Withdrawals reached my bank in two working days, every time so far.', '出金两个工作日到账，目前每次都很顺利。'],
    ['Spreads on EURUSD stay tight even around the London open.', '伦敦开盘前后欧美点差依然很低。'],
    ['Support answered in my language within minutes on live chat.', '在线客服几分钟内就用中文回复了我。'],
    ['Account verification took less than a day and the documents list was clear.', '开户审核不到一天，所需材料说明得很清楚。'],
    ['Execution is fast and I have not seen requotes on market orders.', '成交速度快，市价单没有遇到过重新报价。'],
    ['The platform is stable; no disconnections during news releases.', '平台很稳定，数据公布时也没有掉线。'],
    ['Fees are listed openly and matched what I was charged.', '费用公开透明，实际扣费与页面一致。'],
  ],
  mixed: [
    ['Trading conditions are fine, but weekend support is slow.', '交易条件还可以，但周末客服回复较慢。'],
    ['Deposits are instant; withdrawals took five days the last time.', '入金即时到账，上次出金却用了五天。'],
    ['Spreads widen noticeably during the Asian session.', '亚洲时段点差明显扩大。'],
    ['The mobile app works, though charts are basic compared with the desktop.', '手机端能用，但图表功能比电脑端简单。'],
    ['Verification asked for the same document twice before it went through.', '开户审核同一份文件让我提交了两次才通过。'],
    ['Swap rates are higher than I expected for overnight positions.', '隔夜利息比我预想的要高。'],
  ],
  bad: [
    ['My withdrawal has been pending for three weeks with no clear reason.', '我的出金申请已经挂了三周，没有明确原因。'],
    ['Slippage on stop orders is consistently against me.', '止损单的滑点总是对我不利。'],
    ['Support stopped replying once I asked about my withdrawal.', '一问出金，客服就不再回复了。'],
    ['They changed the leverage on open positions without notice.', '在没有通知的情况下修改了持仓的杠杆。'],
    ['The account manager kept pushing me to deposit more.', '客户经理一直催我追加入金。'],
    ['Prices on the platform differed from the market during volatile moves.', '行情剧烈波动时平台报价与市场价格不一致。'],
  ],
};

function toneOf(stars: number): Tone {
  return stars >= 4 ? 'good' : stars === 3 ? 'mixed' : 'bad';
}

/**
 * How many reviews a company gets: more at both ends (popular brokers, and the ones people warn
 * each other about), so the prior does not pull every demo score to the middle.
 */
function reviewCount(random: () => number, target: number): number {
  const base = 4 + Math.floor(random() * 26);
  return target >= 3.8 || target <= 2.6 ? base + 12 + Math.floor(random() * 24) : base;
}

/** Stars 1–5 drawn from a discretised normal around `mean` (sd 0.9), clamped to the scale. */
function drawStars(random: () => number, mean: number): number {
  const u = Math.max(random(), 1e-9);
  const v = random();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.min(5, Math.max(1, Math.round(mean + 0.9 * z)));
}

/**
 * The demo reviews of one company at `now`. `target` is the catalogue's demo score (0–5); the
 * raw mean is solved from the formula so (PRIOR_WEIGHT·PRIOR_MEAN + W·mean) / (PRIOR_WEIGHT + W)
 * ≈ target, W being the reviews' total recency weight.
 */
export function demoReviewsFor(companyId: string, target: number, now: Date): DemoReview[] {
  const random = rngFrom(companyId);
  const goal = Math.min(4.9, Math.max(1.1, target));
  const n = reviewCount(random, goal);
  // Ages spread over two years, skewed recent (sites get more reviews as they grow).
  const ages = Array.from({ length: n }, () => Math.floor(730 * random() ** 1.6 * DAY_MS + random() * DAY_MS));
  const weight = ages.reduce((sum, age) => sum + recencyWeight(age / DAY_MS), 0);
  const mean = Math.min(5, Math.max(1, (goal * (PRIOR_WEIGHT + weight) - PRIOR_WEIGHT * PRIOR_MEAN) / weight));
  const used = new Set<string>();
  return ages.map((age, i) => {
    const stars = drawStars(random, mean);
    let handle = HANDLES[Math.floor(random() * HANDLES.length)]!;
    while (used.has(handle)) handle = `${HANDLES[Math.floor(random() * HANDLES.length)]!}${used.size}`;
    used.add(handle);
    const zh = /[\u4e00-\u9fff]/.test(handle) || random() < 0.3;
    const pool = LINES[toneOf(stars)];
    const start = Math.floor(random() * pool.length);
    const count = 2 + Math.floor(random() * 2);
    const parts = Array.from({ length: count }, (_, k) => pool[(start + k) % pool.length]![zh ? 1 : 0]);
    return {
      id: demoUuid(`review:${companyId}:${i}`),
      userId: demoUuid(`user:${handle}`),
      username: handle,
      stars,
      text: parts.join(zh ? '' : ' '),
      writtenAt: new Date(now.getTime() - age),
    };
  });
}

/**
 * The demo site's reviews (`startReviews(config, { onCompanyAnnounced })`): a demo company the
 * catalogue announces for the first time gets its reviews, and its rating from the formula.
 */
export const seedDemoReviews: OnCompanyAnnounced = async (company, ctx) => {
  if (company.score <= 0) return;
  const written = await seedApprovedReviews(ctx.trx, company.id, demoReviewsFor(company.id, company.score, ctx.now()), ctx.now, {
    moderatorId: DEMO_MODERATOR_ID,
    correlationId: ctx.correlationId,
  });
  if (written > 0) ctx.log.debug({ companyId: company.id, reviews: written }, 'demo reviews seeded');
};
