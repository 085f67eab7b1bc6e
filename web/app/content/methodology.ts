/**
 * /about/methodology: how company scores are calculated, in English and Simplified Chinese. The
 * constants match the reviews service's formula (services/reviews/src/domain/score.ts): a prior of
 * 7 virtual reviews at 3.5 stars and a recency half-life of 182.5 days, approved reviews only.
 * The Top Trader sections follow services/trader-sync/docs/ranking-methodology.md (keep them in step).
 */
import type { ContentLocale, SimplePage } from './types.ts';

const FORMULA = ['wᵢ = 0.5 ^ (ageᵢ / 182.5 days)', 'score = (7 × 3.5 + Σ wᵢ·sᵢ) / (7 + Σ wᵢ)'];
/** Top Trader (services/trader-sync/docs/ranking-methodology.md, src/domain/ranking.ts). */
const TRADER_FORMULA = ['score = A ÷ max(D + σ, 5 %) × n ÷ (n + 50)'];
const TRADER_FORMULA_ZH = ['评分 = A ÷ max(D + σ, 5%) × n ÷ (n + 50)'];
const FORMULA_ZH = ['wᵢ = 0.5 ^ (ageᵢ / 182.5 天)', '评分 = (7 × 3.5 + Σ wᵢ·sᵢ) / (7 + Σ wᵢ)'];

const methodologyEn: SimplePage = {
  title: 'How we calculate scores',
  lead: 'Every company score on Brokerwise comes from one published formula applied to the star ratings of approved reviews. This page shows exactly how it works.',
  sections: [
    {
      heading: 'What counts',
      paragraphs: [
        'Only approved reviews count. A moderator checks every review before it is published; pending and rejected reviews are never part of a score, and no company can pay to change its score.',
        'Each review gives 1 to 5 stars. The score is out of 5 and shown to one decimal place.',
      ],
    },
    {
      heading: 'The formula',
      paragraphs: [
        'The score is a Bayesian average with recency decay. Every company starts with 7 virtual reviews of 3.5 stars, and each approved review i with sᵢ stars counts with a weight wᵢ that depends on its age:',
      ],
      formula: FORMULA,
    },
    {
      heading: 'Why companies start at 3.5',
      paragraphs: [
        'The 7 virtual reviews keep a company with only a few reviews close to the middle, so a handful of ratings cannot put it at the top or the bottom. As approved reviews add up they outweigh the virtual ones, and the score moves towards what clients actually say. A company without approved reviews scores exactly 3.5.',
      ],
    },
    {
      heading: 'Why recent reviews weigh more',
      paragraphs: [
        'A review’s weight halves about every six months (a half-life of 182.5 days): a new review counts in full, a review six months old counts half and a review a year old a quarter. Conditions and service change, so the score follows what clients experience now, while older reviews still count a little.',
        'A review’s age runs from the last time its author wrote it: an edited review goes back to moderation and, once approved again, counts as new.',
        'Scores are recalculated whenever a review is approved, rejected, edited or deleted, and every company’s score is recalculated once a day, so a company nobody has reviewed lately drifts back towards 3.5.',
      ],
    },
    {
      heading: 'An example',
      paragraphs: [
        'A company has two new 5-star reviews and one 1-star review from a year ago. Their weights are 1, 1 and 0.25, so its score is (24.5 + 5 + 5 + 0.25) / (7 + 2.25) = 34.75 / 9.25 ≈ 3.76, shown as 3.8.',
      ],
    },
    {
      heading: 'Top Brokers',
      paragraphs: [
        'The Top Brokers ranking orders brokers by this score, then by their number of reviews. A broker is only ranked once it has a minimum number of reviews, so a few ratings cannot lift a new broker to the top.',
      ],
    },
    {
      heading: 'Top Trader: who is ranked',
      paragraphs: [
        'A trading account appears in the Top Trader table when its owner made it public, it is a real-money (live) account synced automatically from its broker with a read-only password, it was synced successfully in the last 7 days, and it has a track record of at least 30 days with at least 20 closed trades. Demo accounts and accounts imported from uploaded statements are shown on their owners’ profiles but are not ranked. Accounts that lost everything stay in the table (at the bottom) for as long as they are public; unbinding an account closes it but keeps its history on the owner’s profile.',
      ],
    },
    {
      heading: 'Top Trader: gain',
      paragraphs: [
        'We use the time-weighted return: every trade’s result is measured against the balance the account had at the time, and the returns of the periods between deposits and withdrawals are multiplied together. Deposits and withdrawals therefore neither add to nor hide performance.',
      ],
    },
    {
      heading: 'Top Trader: the score',
      paragraphs: ['For each account we take'],
      list: [
        'the annualised gain A = (1 + G)^(365 / T) − 1, where G is the time-weighted gain and T the track length in days (capped at +1000 %),',
        'the maximum drawdown D: the deepest fall of the account’s growth from a previous peak,',
        'the volatility σ: the standard deviation of daily returns, annualised (× √365),',
        'the number of closed trades n,',
      ],
      formula: TRADER_FORMULA,
    },
    {
      heading: 'Top Trader: why this formula',
      paragraphs: [
        'The first part rewards return per unit of risk taken: an account that earned 40 % a year with a 10 % drawdown and 10 % volatility scores higher than one that earned 60 % with a 50 % drawdown. The 5 % floor stops a short, quiet record from dividing by almost nothing. The last factor shrinks the score of short histories towards zero: with 50 trades an account keeps half of its score, with 450 trades 90 %, so a handful of lucky trades cannot top the table.',
        'Scores are recalculated after every sync (every 15 minutes by default). You can also sort the table by gain, drawdown, number of trades or track length, and filter it by broker, minimum track length and strategy type (manual or mixed).',
      ],
    },
  ],
};

const methodologyZh: SimplePage = {
  title: '评分计算方法',
  lead: 'Brokerwise 上每家公司的评分都由同一个公开公式，根据已通过审核的点评星级计算得出。本页详细说明计算方式。',
  sections: [
    {
      heading: '哪些点评计入评分',
      paragraphs: [
        '只有通过审核的点评才会计入评分。每条点评在发布前都由审核员检查；待审核和未通过审核的点评不会计入评分，任何公司都无法付费改变自己的评分。',
        '每条点评给出 1 至 5 星。评分满分为 5 分，显示到小数点后一位。',
      ],
    },
    {
      heading: '计算公式',
      paragraphs: [
        '评分采用带时间衰减的贝叶斯平均。每家公司初始带有 7 条 3.5 星的虚拟点评；每条通过审核的点评 i（星级为 sᵢ）按其时长获得权重 wᵢ：',
      ],
      formula: FORMULA_ZH,
    },
    {
      heading: '为什么从 3.5 分起步',
      paragraphs: [
        '7 条虚拟点评让点评很少的公司保持在中间水平，少数几条评分无法把它推上榜首或拉到末尾。随着通过审核的点评增多，真实点评的分量超过虚拟点评，评分逐渐反映客户的真实评价。没有通过审核点评的公司评分恰好为 3.5。',
      ],
    },
    {
      heading: '为什么近期点评权重更高',
      paragraphs: [
        '点评的权重大约每六个月减半（半衰期为 182.5 天）：新点评按全部权重计算，六个月前的点评按一半计算，一年前的点评按四分之一计算。交易条件和服务会变化，因此评分反映客户当前的体验，较早的点评仍占一定分量。',
        '点评时长从作者最后一次撰写时算起：修改后的点评会重新进入审核，再次通过后按新点评计算。',
        '每当有点评通过、被拒、修改或删除时，评分都会重新计算；此外所有公司的评分每天重新计算一次，因此近期没有新点评的公司会逐渐回到 3.5 分。',
      ],
    },
    {
      heading: '计算示例',
      paragraphs: [
        '某公司有两条新的 5 星点评和一条一年前的 1 星点评。它们的权重分别为 1、1 和 0.25，因此评分为 (24.5 + 5 + 5 + 0.25) / (7 + 2.25) = 34.75 / 9.25 ≈ 3.76，显示为 3.8。',
      ],
    },
    {
      heading: '优质经纪商排行榜',
      paragraphs: [
        '优质经纪商排行榜按此评分排列经纪商，评分相同时按点评数量排序。经纪商的点评数量达到最低要求后才会进入排名，避免少数评分把新经纪商推上榜首。',
      ],
    },
    {
      heading: '顶尖交易员：上榜条件',
      paragraphs: [
        '交易账户须同时满足以下条件才会出现在“顶尖交易员”榜单中：账户所有者已将其设为公开；该账户为真实资金（实盘）账户，并通过只读密码由经纪商自动同步；最近 7 天内至少成功同步过一次；交易记录不少于 30 天，且已平仓交易不少于 20 笔。模拟账户以及通过上传交易报表导入的账户会显示在所有者的个人主页上，但不参与排名。亏损殆尽的账户只要仍为公开，就会继续留在榜单中（排在末尾）；解绑账户会将其关闭，但其历史记录仍保留在所有者的主页上。',
      ],
    },
    {
      heading: '顶尖交易员：收益率',
      paragraphs: [
        '我们采用时间加权收益率：每笔交易的盈亏都以交易当时的账户余额来衡量，再将各次入金、出金之间各时间段的收益率连乘。因此，入金和出金既不会虚增、也不会掩盖交易表现。',
      ],
    },
    {
      heading: '顶尖交易员：评分',
      paragraphs: ['对每个账户，我们取：'],
      list: [
        '年化收益率 A = (1 + G)^(365 / T) − 1，其中 G 为时间加权收益率，T 为交易记录天数（上限为 +1000%）；',
        '最大回撤 D：账户净值增长曲线相对此前最高点的最大跌幅；',
        '波动率 σ：每日收益率的标准差，按年化计算（乘以 √365）；',
        '已平仓交易笔数 n；',
      ],
      formula: TRADER_FORMULA_ZH,
    },
    {
      heading: '顶尖交易员：为什么采用这个公式',
      paragraphs: [
        '前半部分衡量每承担一单位风险所获得的收益：年化收益 40%、回撤 10%、波动率 10% 的账户，评分高于年化收益 60% 但回撤达 50% 的账户。5% 的下限可避免短期、平稳的记录因分母过小而得分虚高。最后一项会将交易记录较短账户的评分向零收缩：有 50 笔交易的账户保留一半评分，有 450 笔交易的账户保留 90%，因此少数几笔幸运的交易无法让账户登上榜首。',
        '每次同步后（默认每 15 分钟一次）都会重新计算评分。榜单也可以按收益率、回撤、交易笔数或交易天数排序，并可按经纪商、最短交易天数和策略类型（手动或混合）筛选。',
      ],
    },
  ],
};

export const methodologyPage: Record<ContentLocale, SimplePage> = { en: methodologyEn, 'zh-CN': methodologyZh };

/** The first Top Trader section carries the anchor `#top-trader` (linked from /trader/*). */
export const methodologySectionIds: Record<number, string> = { [methodologyEn.sections.findIndex((x) => x.heading.startsWith('Top Trader'))]: 'top-trader' };
