/**
 * Demo promotions, loaded only in demo mode, for FICTIONAL demo brokers (see demo-data.ts).
 *
 * Written the way broker promotion pages are: the offer, how to take part, the conditions, and
 * the risk warnings such pages must carry. Offers that regulators restrict for retail clients
 * (deposit bonuses under ESMA/FCA/ASIC rules) are attached to the offshore entities only, and say
 * so. Dates are offsets in days from the moment the seed first runs: most are running, one is
 * scheduled, one has ended.
 */

export interface DemoText {
  en: string;
  zh: string;
}

export interface DemoPromotion {
  slug: string;
  /** Slug of a demo company (demo-data.ts); skipped if the catalogue has no such company. */
  company: string;
  /** Days from the first seed; negative is in the past. */
  startsInDays: number;
  /** null: open-ended. */
  endsInDays: number | null;
  title: DemoText;
  summary: DemoText;
  /** Paragraphs separated by blank lines. */
  body: DemoText;
  terms: DemoText;
}

const CFD_RISK: DemoText = {
  en: 'Risk warning: CFDs and leveraged forex are complex instruments and come with a high risk of losing money rapidly due to leverage. Most retail investor accounts lose money when trading CFDs. Consider whether you understand how these products work and whether you can afford to take the high risk of losing your money. Past performance is not a reliable indicator of future results.',
  zh: '风险提示：差价合约和杠杆外汇属于复杂金融工具，由于杠杆作用，存在快速亏损的高风险。大多数零售投资者账户在交易差价合约时出现亏损。请考虑您是否了解这些产品的运作方式，以及能否承担损失资金的高风险。过往业绩并不代表未来表现。',
};

const BONUS_RISK: DemoText = {
  en: 'A bonus is not a guarantee of profit and does not protect you against losses. Bonus credit cannot be withdrawn, is removed when your equity falls to the bonus amount or when you withdraw, and trading to meet a volume condition increases your exposure to risk. Do not deposit more than you can afford to lose in order to receive a bonus.',
  zh: '赠金不代表盈利保证，也不能保护您免受亏损。赠金不可提取；当账户净值降至赠金金额或您申请出金时，赠金将被扣除。为满足交易量要求而进行交易会增加您的风险敞口。请勿为获得赠金而存入超出您承受能力的资金。',
};

const OFFSHORE_NOTE = (entity: string, regulator: DemoText): DemoText => ({
  en: `This offer is provided by ${entity}, regulated by ${regulator.en}. It is not available to residents of the European Economic Area, the United Kingdom, Australia, the United States or any country where such offers are restricted. Clients of the offshore entity do not benefit from the investor protections of those jurisdictions.`,
  zh: `本活动由 ${entity} 提供，该实体受${regulator.zh}监管。本活动不适用于欧洲经济区、英国、澳大利亚、美国居民，或任何限制此类活动的国家或地区的居民。离岸实体的客户不享有上述司法管辖区的投资者保护。`,
});

const paragraphs = (...texts: DemoText[]): DemoText => ({ en: texts.map((t) => t.en).join('\n\n'), zh: texts.map((t) => t.zh).join('\n\n') });

export const demoPromotions: DemoPromotion[] = [
  {
    slug: 'ibis-bay-fx-30-percent-deposit-bonus',
    company: 'ibis-bay-fx',
    startsInDays: -12,
    endsInDays: 48,
    title: { en: '30% deposit bonus up to $3,000 on your first deposit', zh: '首次入金享30%赠金，最高3,000美元' },
    summary: {
      en: 'New Ibis Bay FX clients receive a 30% tradable credit bonus on a first deposit of $200 or more, up to $3,000, on WebTrader accounts.',
      zh: '朱鹮外汇新客户首次入金200美元或以上，即可获得30%可交易赠金，最高3,000美元，适用于WebTrader账户。',
    },
    body: paragraphs(
      {
        en: 'Open a live account with Ibis Bay FX, make your first deposit of at least $200 and we will add a 30% credit bonus to your trading account, up to a maximum of $3,000. The bonus is credited within one business day after the deposit clears.',
        zh: '在朱鹮外汇开设真实账户并完成首次入金（不低于200美元），我们将向您的交易账户发放相当于入金金额30%的赠金，最高3,000美元。赠金将在入金到账后一个工作日内发放。',
      },
      {
        en: 'How to take part: register and verify your identity, opt in to the "Deposit Bonus 30" campaign in the client area, then fund your account by card, bank wire or e-wallet. Only the first deposit after opting in qualifies.',
        zh: '参与方式：注册并完成身份验证，在客户中心选择参加“30%入金赠金”活动，然后通过银行卡、电汇或电子钱包入金。仅参加活动后的首笔入金符合条件。',
      },
      {
        en: 'The bonus can be used as margin but cannot be withdrawn. It becomes withdrawable cash in steps of $5 for every standard lot traded within 90 days; any part not converted by then is removed.',
        zh: '赠金可用作保证金，但不可提取。在90天内每交易1标准手，可将5美元赠金转为可提取现金；届时未转换的部分将被扣除。',
      },
      BONUS_RISK,
      OFFSHORE_NOTE('Ibis Bay FX LLC', { en: 'the SVG FSA', zh: '圣文森特和格林纳丁斯金融服务管理局（SVG FSA）' }),
      CFD_RISK,
    ),
    terms: {
      en: 'One bonus per client and household. Minimum qualifying deposit $200; maximum bonus $3,000. Internal transfers, refunds and deposits made before opting in do not qualify. Any withdrawal removes the unconverted bonus in full. Ibis Bay FX may cancel the bonus and any profits made with it where it finds abuse, hedging between accounts or arbitrage. Full terms in the client area prevail.',
      zh: '每位客户及每个家庭限领一次。最低合格入金200美元，赠金上限3,000美元。内部转账、退款及参加活动前的入金不符合条件。任何出金将扣除全部未转换赠金。如发现滥用、跨账户对冲或套利行为，朱鹮外汇有权取消赠金及由此产生的盈利。以客户中心公布的完整条款为准。',
    },
  },
  {
    slug: 'emberfield-markets-lot-rebate',
    company: 'emberfield-markets',
    startsInDays: -40,
    endsInDays: null,
    title: { en: 'Cashback: $4 back on every standard lot you trade', zh: '交易返现：每标准手返还4美元' },
    summary: {
      en: 'Emberfield Markets pays a cash rebate of $4 per round-turn standard lot on forex and gold, credited daily to your MT4 or MT5 account and withdrawable at any time.',
      zh: '炽原市场对外汇和黄金交易每双边标准手返还4美元现金，每日结算至您的MT4或MT5账户，可随时提取。',
    },
    body: paragraphs(
      {
        en: 'Every round-turn standard lot you trade on forex majors, minors and gold earns a $4 cash rebate (USDT accounts: 4 USDT). Rebates are calculated on closed trades and paid the next business day as withdrawable cash, not bonus credit.',
        zh: '您在主要货币对、次要货币对及黄金上每完成1双边标准手交易，即可获得4美元现金返还（USDT账户为4 USDT）。返现按已平仓交易计算，于下一个工作日以可提取现金（而非赠金）形式发放。',
      },
      {
        en: 'The rebate applies to Standard and Pro accounts on MT4, MT5 and the mobile app. Trades held for less than two minutes and trades opened and closed within the same price point are excluded.',
        zh: '返现适用于MT4、MT5及移动App上的标准账户和专业账户。持仓时间少于两分钟的交易，以及开仓价与平仓价相同的交易不计入。',
      },
      {
        en: 'A rebate lowers your trading costs; it does not change the risk of each trade. Do not trade more often or in larger size than you otherwise would in order to earn rebates.',
        zh: '返现可降低交易成本，但不会改变每笔交易的风险。请勿为获取返现而提高交易频率或扩大交易规模。',
      },
      OFFSHORE_NOTE('Emberfield Markets Ltd', { en: 'the FSA (Seychelles)', zh: '塞舌尔金融服务管理局（FSA）' }),
      CFD_RISK,
    ),
    terms: {
      en: 'Rebates are paid on closed positions only, per round-turn standard lot (pro rata for smaller sizes, minimum 0.01 lot). Accounts linked to an introducing broker receive the higher of the two rebates, not both. Emberfield Markets may withhold rebates on trading it considers abusive, including latency arbitrage. The campaign runs until further notice; any end date is announced at least 14 days in advance.',
      zh: '返现仅适用于已平仓头寸，按每双边标准手计算（小于1手按比例计算，最小0.01手）。关联介绍经纪商的账户按两者中较高的返现标准发放，不可重复领取。对于炽原市场认为存在滥用（包括延迟套利）的交易，公司有权不予返现。本活动长期有效，如需结束将至少提前14天公告。',
    },
  },
  {
    slug: 'sprucehaven-capital-demo-trading-championship',
    company: 'sprucehaven-capital',
    startsInDays: -5,
    endsInDays: 26,
    title: { en: 'Sprucehaven Demo Trading Championship: $50,000 prize pool', zh: '云杉资本模拟交易大赛：总奖金50,000美元' },
    summary: {
      en: 'Trade a $10,000 demo account on cTrader or TradingView for four weeks. The 50 best returns share $50,000 in prizes; no deposit is needed to enter.',
      zh: '使用cTrader或TradingView上的10,000美元模拟账户交易四周，收益率最高的前50名共享50,000美元奖金，参赛无需入金。',
    },
    body: paragraphs(
      {
        en: 'Sign up for the championship, receive a dedicated $10,000 demo account and trade forex, indices and commodities for four weeks. Rankings are by percentage return and are updated on the leaderboard every hour.',
        zh: '报名参赛即可获得专用的10,000美元模拟账户，在四周内交易外汇、指数和大宗商品。排名按收益率计算，排行榜每小时更新一次。',
      },
      {
        en: 'Prizes: $10,000 for first place, $6,000 for second, $4,000 for third, and the rest of the pool shared by places 4 to 50. Prizes are paid into a live Sprucehaven account once the winner has passed identity verification.',
        zh: '奖金设置：冠军10,000美元，亚军6,000美元，季军4,000美元，其余奖金由第4至第50名分享。获奖者通过身份验证后，奖金将发放至其云杉资本真实账户。',
      },
      {
        en: 'A demo contest is a simulation: fills, slippage and emotions differ from live trading, and a good demo result says little about how you would do with real money. Entrants must be at least 18 years old.',
        zh: '模拟大赛属于模拟交易：成交、滑点和心理状态均与真实交易不同，模拟盈利并不能说明您在真实资金交易中的表现。参赛者须年满18周岁。',
      },
      CFD_RISK,
    ),
    terms: {
      en: 'One entry per person. Accounts showing copy trading between entrants, use of multiple identities or exploitation of demo price feed errors are disqualified. Prize money is credited as cash to a live account and may be withdrawn after verification; no trading volume is required. Not open to residents of jurisdictions where prize promotions by investment firms are prohibited. Organised by Sprucehaven Capital (Singapore) Pte. Ltd.',
      zh: '每人限报名一次。参赛者之间存在跟单交易、使用多重身份或利用模拟报价错误的账户将被取消资格。奖金以现金形式计入真实账户，完成验证后即可提取，无交易量要求。禁止投资公司开展有奖活动的司法管辖区的居民不得参加。主办方：Sprucehaven Capital (Singapore) Pte. Ltd.。',
    },
  },
  {
    slug: 'chestnut-lane-capital-free-vps',
    company: 'chestnut-lane-capital',
    startsInDays: -60,
    endsInDays: null,
    title: { en: 'Free VPS hosting for algorithmic traders on MT5', zh: 'MT5算法交易者免费VPS托管' },
    summary: {
      en: 'Run your Expert Advisors around the clock: Chestnut Lane Capital covers the monthly fee of a London-based VPS for clients who trade 5 standard lots a month or more.',
      zh: '让您的智能交易系统全天候运行：每月交易5标准手或以上的客户，可由栗巷资本承担伦敦VPS的月费。',
    },
    body: paragraphs(
      {
        en: 'A virtual private server keeps MetaTrader 5 running when your computer is off and sits a few milliseconds from our London trade servers. Clients of Chestnut Lane Capital who trade at least 5 standard lots in a calendar month get the next month of VPS hosting free of charge.',
        zh: '虚拟专用服务器（VPS）可在您关闭电脑时保持MetaTrader 5运行，并且与我们的伦敦交易服务器仅相距数毫秒。栗巷资本客户在一个自然月内交易至少5标准手，即可免费使用下一个月的VPS托管服务。',
      },
      {
        en: 'Request the VPS in the client portal. Below the volume threshold, the hosting fee of €25 a month is charged to your account, and you can cancel at any time.',
        zh: '请在客户门户中申请VPS。未达到交易量要求时，每月25欧元的托管费将从您的账户中扣除，您可随时取消。',
      },
      {
        en: 'Automated strategies can lose money quickly, including through errors in code, connectivity or market gaps. Test every Expert Advisor on a demo account first and monitor it while it runs.',
        zh: '自动化策略可能迅速亏损，原因包括代码错误、网络连接问题或市场跳空。请先在模拟账户上测试每个智能交易系统，并在其运行期间持续监控。',
      },
      CFD_RISK,
    ),
    terms: {
      en: 'Available to retail and professional clients of Chestnut Lane Capital Ltd (CySEC) and Chestnut Lane Capital (UK) Ltd (FCA). The VPS is provided by a third-party host; Chestnut Lane Capital is not liable for its availability. Volume is counted on closed trades in the client\'s MT5 accounts. The offer does not change spreads, commissions or leverage limits.',
      zh: '适用于Chestnut Lane Capital Ltd（CySEC）及Chestnut Lane Capital (UK) Ltd（FCA）的零售客户和专业客户。VPS由第三方托管商提供，栗巷资本不对其可用性承担责任。交易量按客户MT5账户的已平仓交易计算。本活动不改变点差、佣金或杠杆限制。',
    },
  },
  {
    slug: 'solstice-fx-commission-free-majors',
    company: 'solstice-fx',
    startsInDays: 10,
    endsInDays: 70,
    title: { en: 'Two months of commission-free trading on major FX pairs', zh: '主要货币对免佣金交易两个月' },
    summary: {
      en: 'From the launch date, new Solstice FX accounts pay no commission on EUR/USD, USD/CHF, EUR/CHF and GBP/USD for their first 60 days; raw spreads stay as they are.',
      zh: '活动上线后，至日外汇新开账户在前60天内交易EUR/USD、USD/CHF、EUR/CHF和GBP/USD免收佣金，原始点差保持不变。',
    },
    body: paragraphs(
      {
        en: 'Open a new MT4 or MT5 Raw account with Solstice FX AG during the campaign and trade four major pairs without the usual commission of CHF 3.50 per side per lot for 60 days from your first trade.',
        zh: '活动期间在至日外汇新开MT4或MT5原始点差账户，自首笔交易起60天内交易四个主要货币对，免收通常每手每边3.50瑞士法郎的佣金。',
      },
      {
        en: 'Spreads, swap rates and leverage limits are unchanged. After 60 days standard commissions apply automatically; there is nothing to cancel.',
        zh: '点差、隔夜利息和杠杆限制保持不变。60天后将自动恢复标准佣金，无需办理任何取消手续。',
      },
      {
        en: 'Lower costs do not make trading less risky. Leverage magnifies losses as well as gains.',
        zh: '更低的交易成本并不会降低交易风险。杠杆在放大收益的同时也会放大亏损。',
      },
      CFD_RISK,
    ),
    terms: {
      en: 'New accounts only, one per client. Applies to the four named pairs on Raw accounts; other instruments are charged as usual. Offered by Solstice FX AG (FINMA) to clients resident in Switzerland and outside the European Economic Area; not available to clients of Solstice FX (Cyprus) Ltd. Solstice FX may end the offer early for accounts used for arbitrage or for trading on behalf of third parties.',
      zh: '仅限新账户，每位客户限一个。适用于原始点差账户上的上述四个货币对，其他品种照常收费。由Solstice FX AG（FINMA）向居住在瑞士及欧洲经济区以外的客户提供，不适用于Solstice FX (Cyprus) Ltd的客户。对于用于套利或代第三方交易的账户，至日外汇可提前终止本优惠。',
    },
  },
  {
    slug: 'pearlshore-trade-refer-a-friend',
    company: 'pearlshore-trade',
    startsInDays: -20,
    endsInDays: 100,
    title: { en: 'Refer a friend: $100 for you for every funded referral', zh: '推荐好友：每位入金好友奖励您100美元' },
    summary: {
      en: 'Invite friends to Pearlshore Trade with your personal link. When a friend funds a new account and trades 3 lots within 60 days, you receive $100 in cash.',
      zh: '通过您的专属链接邀请好友加入珠岸交易。好友开设新账户并入金，且在60天内交易3手后，您即可获得100美元现金奖励。',
    },
    body: paragraphs(
      {
        en: 'Share your personal referral link from the client area. For each friend who opens a new account, deposits at least $500 and trades 3 standard lots within 60 days, we credit $100 to your account as withdrawable cash. There is no limit on the number of friends.',
        zh: '在客户中心分享您的专属推荐链接。每位通过链接开设新账户、入金不低于500美元并在60天内交易3标准手的好友，都将为您带来100美元可提取现金奖励。推荐人数不设上限。',
      },
      {
        en: 'Recommend us only to people for whom leveraged trading is suitable, and never promise them profits. Your friend trades at their own risk and must meet our onboarding checks like any other client.',
        zh: '请仅向适合杠杆交易的人推荐我们，切勿向其承诺盈利。您的好友需自行承担交易风险，并须与其他客户一样通过我们的开户审核。',
      },
      OFFSHORE_NOTE('Pearlshore Trade (SVG) LLC', { en: 'the SVG FSA', zh: '圣文森特和格林纳丁斯金融服务管理局（SVG FSA）' }),
      CFD_RISK,
    ),
    terms: {
      en: 'Referrer and friend must be different people in different households. Self-referrals and referrals through paid advertising on brand keywords are excluded. The reward is paid within 5 business days after the friend meets the conditions. Pearlshore Trade may withhold rewards where it suspects abuse.',
      zh: '推荐人与好友须为不同家庭的不同个人。不包括自我推荐，以及通过品牌关键词付费广告进行的推荐。好友满足条件后5个工作日内发放奖励。如怀疑存在滥用行为，珠岸交易有权不予发放奖励。',
    },
  },
  {
    slug: 'duskwater-markets-100-percent-welcome-bonus',
    company: 'duskwater-markets',
    startsInDays: -75,
    endsInDays: -5,
    title: { en: '100% welcome bonus on deposits up to $1,000', zh: '入金100%欢迎赠金，最高1,000美元' },
    summary: {
      en: 'Duskwater Markets doubled first deposits of up to $1,000 with tradable credit on MT4, MT5 and cTrader accounts. The campaign has ended.',
      zh: '暮水市场曾为MT4、MT5和cTrader账户的首次入金提供100%可交易赠金，最高1,000美元。本活动已结束。',
    },
    body: paragraphs(
      {
        en: 'During the campaign, new Duskwater Markets clients who deposited between $100 and $1,000 received the same amount again as credit bonus, usable as margin on all platforms.',
        zh: '活动期间，暮水市场新客户入金100至1,000美元，即可获得等额赠金，可在所有平台上用作保证金。',
      },
      {
        en: 'Bonus credit converted to withdrawable cash at $3 per standard lot traded within 60 days. Bonuses already credited follow the terms in force when they were granted.',
        zh: '在60天内每交易1标准手，可将3美元赠金转为可提取现金。已发放的赠金按发放时有效的条款执行。',
      },
      BONUS_RISK,
      OFFSHORE_NOTE('Duskwater Markets LLC', { en: 'the SVG FSA', zh: '圣文森特和格林纳丁斯金融服务管理局（SVG FSA）' }),
      CFD_RISK,
    ),
    terms: {
      en: 'One bonus per client. Minimum deposit $100. The bonus was removed on any withdrawal or internal transfer. Duskwater Markets reserved the right to cancel bonuses obtained through abuse. No new bonuses are granted after the end date.',
      zh: '每位客户限领一次。最低入金100美元。任何出金或内部转账将扣除赠金。暮水市场保留取消通过滥用方式获得的赠金的权利。截止日期后不再发放新的赠金。',
    },
  },
  {
    slug: 'quartzline-fx-gold-webinar-series',
    company: 'quartzline-fx',
    startsInDays: -3,
    endsInDays: 18,
    title: { en: 'Free live webinars: trading gold around US data releases', zh: '免费直播课程：美国数据公布前后的黄金交易' },
    summary: {
      en: 'Three weeks of free live sessions with Quartzline FX analysts on gold, US inflation and jobs data, and risk management on MT5. Open to everyone, clients or not.',
      zh: '石英外汇分析师连续三周免费直播，讲解黄金走势、美国通胀与就业数据以及MT5上的风险管理。无论是否为客户均可参加。',
    },
    body: paragraphs(
      {
        en: 'Join our analysts live every Tuesday and Thursday at 19:00 Sydney time for three weeks. Sessions cover how gold reacts to US inflation and jobs releases, reading an economic calendar, and setting stop-loss orders and position sizes on MT5.',
        zh: '连续三周，每周二和周四悉尼时间19:00与我们的分析师在线交流。课程内容包括黄金如何对美国通胀和就业数据作出反应、如何阅读财经日历，以及如何在MT5上设置止损单和仓位大小。',
      },
      {
        en: 'Registration is free and needs only an email address. Recordings are available in the client area for 30 days. Nothing in the sessions is investment advice or a recommendation to trade.',
        zh: '报名免费，只需提供电子邮箱。课程录像将在客户中心保留30天。课程中的任何内容均不构成投资建议或交易推荐。',
      },
      {
        en: 'Gold prices can move sharply around central bank decisions and US data, and prices can gap through stop-loss orders. Retail leverage on gold is limited to 1:20 as required by ASIC.',
        zh: '黄金价格在央行决议和美国数据公布前后可能剧烈波动，价格可能跳空越过止损价位。根据ASIC的要求，零售客户的黄金杠杆限制为1:20。',
      },
      CFD_RISK,
    ),
    terms: {
      en: 'Hosted by Quartzline FX Pty Ltd (ASIC). General information only; it does not take into account your objectives, financial situation or needs. Read the Product Disclosure Statement and Target Market Determination before deciding whether to trade. Registration data is used only to send session links and recordings.',
      zh: '由Quartzline FX Pty Ltd（ASIC）主办。内容仅为一般信息，未考虑您的目标、财务状况或需求。在决定是否交易之前，请阅读产品披露声明（PDS）及目标市场判定（TMD）。报名信息仅用于发送课程链接和录像。',
    },
  },
  {
    slug: 'rosewood-quay-capital-islamic-account-offer',
    company: 'rosewood-quay-capital',
    startsInDays: -30,
    endsInDays: 60,
    title: { en: 'Islamic accounts with no administration fee for 90 days', zh: '伊斯兰账户90天免管理费' },
    summary: {
      en: 'Open a swap-free Islamic MT5 account with Rosewood Quay Capital in Dubai and pay no holding administration fee for your first 90 days.',
      zh: '在迪拜紫檀资本开设免隔夜利息的伊斯兰MT5账户，前90天免收持仓管理费。',
    },
    body: paragraphs(
      {
        en: 'Our Islamic accounts carry no swap or interest. Instead of swap, positions held longer than three nights are normally charged a fixed administration fee; for accounts opened during this campaign, the fee is waived for the first 90 days.',
        zh: '我们的伊斯兰账户不收取隔夜利息或利息。通常持仓超过三晚的仓位需支付固定管理费以替代隔夜利息；在本活动期间开设的账户，前90天免收该费用。',
      },
      {
        en: 'Accounts are available in USD and AED on MT5 and the mobile app. An Islamic account is a matter of account structure; it does not reduce market risk.',
        zh: '账户支持美元和阿联酋迪拉姆，可在MT5及移动App上使用。伊斯兰账户只是账户结构上的安排，并不会降低市场风险。',
      },
      CFD_RISK,
    ),
    terms: {
      en: 'Offered by Rosewood Quay Capital (DIFC) Ltd, regulated by the DFSA, to clients who request an Islamic account for religious reasons. The waiver covers the administration fee only; spreads and commissions apply. Rosewood Quay Capital may convert accounts to standard terms where the account is used to profit from the absence of swap.',
      zh: '由受DFSA监管的Rosewood Quay Capital (DIFC) Ltd提供，面向因宗教原因申请伊斯兰账户的客户。免除范围仅限管理费，点差和佣金照常收取。如账户被用于利用免息条件获利，紫檀资本可将其转为标准账户条款。',
    },
  },
];
