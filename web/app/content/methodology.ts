/**
 * /about/methodology: how company scores are calculated, in English and Simplified Chinese. The
 * constants match the reviews service's formula (services/reviews/src/domain/score.ts): a prior of
 * 7 virtual reviews at 3.5 stars and a recency half-life of 182.5 days, approved reviews only.
 */
import type { ContentLocale, SimplePage } from './types.ts';

const FORMULA = ['wᵢ = 0.5 ^ (ageᵢ / 182.5 days)', 'score = (7 × 3.5 + Σ wᵢ·sᵢ) / (7 + Σ wᵢ)'];
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
  ],
};

export const methodologyPage: Record<ContentLocale, SimplePage> = { en: methodologyEn, 'zh-CN': methodologyZh };
