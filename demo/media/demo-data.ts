/**
 * The demo site's posts (embedded mode only), by the demo creators the identity service seeds
 * with the same FIXED ids (demo/identity). Fictional; the
 * videos are test patterns made with ffmpeg at seed time, the covers drawn with sharp.
 */
import type { PostLocale } from '../../services/media/src/store/types.ts';

export const DEMO_CREATOR_IDS = {
  lena: '6f1d4c2a-8b3e-4d5f-9a7b-1c2d3e4f5a01',
  wang: '6f1d4c2a-8b3e-4d5f-9a7b-1c2d3e4f5a02',
  marco: '6f1d4c2a-8b3e-4d5f-9a7b-1c2d3e4f5a03',
} as const;
export type DemoCreator = keyof typeof DEMO_CREATOR_IDS;

export interface DemoPost {
  /** Stable key: the post id is derived from it. */
  key: string;
  author: DemoCreator;
  kind: 'video' | 'image_text';
  locale: PostLocale;
  category: string;
  title: string;
  description: string;
  /** Image-text posts: HTML; `{image}` is replaced by an inline picture uploaded for the post. */
  content?: string;
  /** Cover colours (gradient). */
  colors: [string, string];
  /** Video posts: the test pattern's tone (Hz). */
  tone?: number;
  /** Hours before the seed ran that it was published. */
  hoursAgo: number;
  /** Who liked, bookmarked and commented on it (creators). */
  likedBy?: DemoCreator[];
  collectedBy?: DemoCreator[];
  comments?: { by: DemoCreator; text: string }[];
}

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    key: 'video-pin-bar',
    author: 'lena',
    kind: 'video',
    locale: 'en',
    category: 'education',
    title: 'Reading a pin bar on EUR/USD',
    description: 'A three-minute walk through one pin bar: where it formed, what it rejected and where the stop goes.',
    colors: ['#1e3a8a', '#0ea5e9'],
    tone: 440,
    hoursAgo: 5,
    likedBy: ['wang', 'marco'],
    comments: [{ by: 'marco', text: 'Clean example. The stop placement part is the bit most people skip.' }],
  },
  {
    key: 'video-gold-sessions',
    author: 'wang',
    kind: 'video',
    locale: 'zh-cn',
    category: 'strategy',
    title: '黄金日内交易的三个关键时段',
    description: '亚洲盘、伦敦开盘和纽约开盘，黄金的波动特征各不相同。本期用图表讲清楚每个时段该怎么做。',
    colors: ['#78350f', '#f59e0b'],
    tone: 523,
    hoursAgo: 20,
    likedBy: ['lena'],
    collectedBy: ['marco'],
    comments: [{ by: 'lena', text: '讲得很清楚，伦敦开盘那段特别有用！' }],
  },
  {
    key: 'video-fed-minutes',
    author: 'marco',
    kind: 'video',
    locale: 'en',
    category: 'news',
    title: 'What the Fed minutes mean for the dollar',
    description: 'Three lines from the minutes that moved the dollar index, and the pairs that reacted most.',
    colors: ['#14532d', '#22c55e'],
    tone: 392,
    hoursAgo: 30,
    likedBy: ['lena', 'wang'],
  },
  {
    key: 'video-choose-broker',
    author: 'wang',
    kind: 'video',
    locale: 'zh-cn',
    category: 'broker-review',
    title: '新手如何选择外汇经纪商',
    description: '监管、点差、出入金速度——选经纪商前必须核对的三件事。',
    colors: ['#4c1d95', '#a855f7'],
    tone: 330,
    hoursAgo: 52,
    collectedBy: ['lena'],
  },
  {
    key: 'text-position-sizing',
    author: 'lena',
    kind: 'image_text',
    locale: 'en',
    category: 'education',
    title: 'Position sizing in five minutes',
    description: 'The one formula that keeps a bad week from ending an account.',
    content:
      '<h2>Risk a fixed share of the account</h2><p>Decide what one trade may lose — <strong>1%</strong> of the account is a common ceiling — and size the position from the distance to your stop, not the other way round.</p>{image}<ul><li>Account: 10,000 USD, risk 1% = 100 USD</li><li>Stop: 25 pips on EUR/USD</li><li>Size: 100 / (25 × 10) = 0.4 lots</li></ul><p>Read more on <a href="https://www.investopedia.com/terms/p/positionsizing.asp">position sizing</a>.</p>',
    colors: ['#0f172a', '#6366f1'],
    hoursAgo: 8,
    likedBy: ['marco'],
    collectedBy: ['wang', 'marco'],
    comments: [
      { by: 'wang', text: '简单实用，新手必读。' },
      { by: 'marco', text: 'Worth pinning for anyone starting out.' },
    ],
  },
  {
    key: 'text-nfp-risk',
    author: 'wang',
    kind: 'image_text',
    locale: 'zh-cn',
    category: 'analysis',
    title: '非农数据公布前后的仓位管理',
    description: '非农前后点差扩大、滑点增加，怎样调整仓位和止损才不会被扫出局？',
    content:
      '<h2>数据公布前</h2><p>主要货币对的点差在公布前几分钟明显扩大，<strong>挂单容易在极端价位成交</strong>。建议减半仓位，或者干脆等数据落地。</p>{image}<h2>数据公布后</h2><ol><li>等第一根五分钟K线收盘</li><li>确认方向后再入场</li><li>止损放在K线的另一端</li></ol>',
    colors: ['#7f1d1d', '#ef4444'],
    hoursAgo: 26,
    likedBy: ['lena', 'marco'],
  },
  {
    key: 'text-broker-checklist',
    author: 'marco',
    kind: 'image_text',
    locale: 'en',
    category: 'broker-review',
    title: 'Broker checklist: regulation, spreads, withdrawals',
    description: 'Ten minutes of checks before you fund an account.',
    content:
      '<p>Before sending money anywhere, check three things.</p><h3>1. Regulation</h3><p>Find the licence number on the regulator’s own register, not on the broker’s site.</p><h3>2. Spreads</h3><p>Compare typical spreads at the London open, not the advertised minimum.</p>{image}<h3>3. Withdrawals</h3><p>Make a small withdrawal first. How long it takes tells you more than any review.</p>',
    colors: ['#164e63', '#06b6d4'],
    hoursAgo: 44,
    collectedBy: ['lena'],
  },
  {
    key: 'text-trader-day',
    author: 'marco',
    kind: 'image_text',
    locale: 'zh-cn',
    category: 'lifestyle',
    title: '一位交易员的一天',
    description: '从早盘复盘到夜盘收工，全职交易员的日常其实很规律。',
    content: '<p>早上七点起床，先看隔夜新闻和经济日历。</p><p>九点前完成复盘，写下当天的交易计划。</p>{image}<p>下午健身，晚上只看一个时段，<em>不追单</em>。</p>',
    colors: ['#365314', '#84cc16'],
    hoursAgo: 70,
    likedBy: ['wang'],
  },
];
