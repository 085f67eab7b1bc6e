/**
 * Static pages rendered at /about and /TraderChat, in English and Simplified Chinese.
 *
 * Same structure in both languages (content.test.ts checks it). In a section with a list, the last
 * paragraph introduces the list, because the list is rendered after the paragraphs.
 */
import type { ContentLocale, SimplePage } from './types.ts';

// ---------------------------------------------------------------------------------------------
// About (/about)
// ---------------------------------------------------------------------------------------------

const aboutEn: SimplePage = {
  title: 'About Brokerwise',
  lead: 'Brokerwise helps traders choose forex brokers and financial firms with confidence, through independent ratings, genuine reviews from real clients and transparent licence checks.',
  sections: [
    {
      heading: 'Our mission',
      paragraphs: [
        'Choosing a broker is one of the most important decisions a trader makes, yet marketing claims are hard to check and unlicensed firms are easy to set up. Our mission is to make the industry more transparent: to show who is regulated where, what clients actually experience and how traders really perform.',
        'Brokerwise is run by Brokerwise Pte. Ltd. in Singapore and is available in English and Simplified Chinese.',
      ],
    },
    {
      heading: 'How ratings work',
      paragraphs: [
        'Each company’s score is built from the star ratings of registered users. Reviews must describe first-hand experience and be 15 to 1,000 characters long, and our moderators check every one before it is published; until then, its author sees “Your review is pending”.',
        'Reviewers confirm their email address, and traders who verify a live account with the broker they review are marked as such. We remove fake, paid and conflicted reviews, and no company can pay to have a negative review deleted.',
      ],
    },
    {
      heading: 'Licence checks',
      paragraphs: [
        'Company profiles list each licence and its status at our last check. Licences can change at any time, so always confirm on the regulator’s own register before you deposit money.',
        'For brokers and other regulated firms, we check the licence numbers a company claims against the public registers of the regulators concerned, including:',
      ],
      list: [
        'FCA — Financial Conduct Authority, United Kingdom',
        'ASIC — Australian Securities and Investments Commission',
        'CySEC — Cyprus Securities and Exchange Commission',
        'NFA — National Futures Association, United States',
        'FSA — Financial Services Agency, Japan (the Seychelles Financial Services Authority uses the same abbreviation; we always say which one is meant)',
        'SFC — Securities and Futures Commission, Hong Kong',
        'MAS — Monetary Authority of Singapore',
      ],
    },
    {
      heading: 'What we cover',
      paragraphs: ['Companies are listed in four categories:'],
      list: [
        'Brokers: forex and CFD brokers for retail and professional traders.',
        'FinTech: trading platforms, tools, signal services and technology providers.',
        'Liquidity providers: firms that supply prices and liquidity to brokers and institutions.',
        'Payment: payment service providers and e-wallets used to fund trading accounts and withdraw from them.',
      ],
    },
    {
      heading: 'Top Trader rankings',
      paragraphs: [
        'Traders can bind a trading account with its read-only investor password — never the trading password — so that its results are synced directly from the broker’s server. Public accounts are ranked on those synced results, so the rankings reflect real trading, not screenshots.',
        'Rankings show past performance, which is no guide to future results, and nothing on Brokerwise is investment advice.',
      ],
    },
    {
      heading: 'Independence and how we make money',
      paragraphs: [
        'Brokerwise is free for visitors and users. We earn money from clearly labelled advertising and promotions, and from partner links: when you open an account through some “Open account” links, the broker may pay us a fee.',
        'None of this buys a rating. Companies cannot pay to improve their scores, move up the rankings or remove reviews; commercial partners are rated under exactly the same rules as everyone else, and our moderators work separately from our commercial team.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'Questions, feedback or corrections to a company profile: support@brokerwise.example. Companies interested in a listing or in advertising: partners@brokerwise.example. Privacy matters: privacy@brokerwise.example.',
      ],
    },
  ],
  cta: { label: 'Search brokers and firms', href: '/search' },
};

const aboutZh: SimplePage = {
  title: '关于 Brokerwise',
  lead: 'Brokerwise 通过独立的评分、真实客户的真实点评和透明的牌照核查，帮助交易者放心选择外汇经纪商及金融机构。',
  sections: [
    {
      heading: '我们的使命',
      paragraphs: [
        '选择经纪商是交易者最重要的决定之一，但营销宣传难以核实，无牌机构又很容易设立。我们的使命是提升行业透明度：展示各机构在哪里受到监管、客户的真实体验如何，以及交易者的真实业绩怎样。',
        'Brokerwise 由新加坡的 Brokerwise Pte. Ltd. 运营，提供英文和简体中文版本。',
      ],
    },
    {
      heading: '评分如何产生',
      paragraphs: [
        '每家公司的评分由注册用户的星级评分汇总而成。点评必须基于亲身经历，长度为 15 至 1000 个字符，且每一条都须经我们的审核人员审核后方可发布；审核通过前，作者会看到“您的点评正在审核中”。',
        '点评者须验证电子邮箱；已在所点评经纪商处验证真实账户的交易者会获得相应标识。我们会删除虚假、付费或存在利益冲突的点评，任何公司都无法通过付费删除负面点评。',
      ],
    },
    {
      heading: '牌照核查',
      paragraphs: [
        '公司资料页会列出每项牌照及其截至我们最近一次核查时的状态。牌照状态可能随时变化，入金前请务必在监管机构的官方登记册上再次确认。',
        '对于经纪商及其他受监管机构，我们会将其声称持有的牌照号与相关监管机构的公开登记册进行核对，涉及的监管机构包括：',
      ],
      list: [
        'FCA：英国金融行为监管局',
        'ASIC：澳大利亚证券和投资委员会',
        'CySEC：塞浦路斯证券交易委员会',
        'NFA：美国全国期货协会',
        'FSA：日本金融厅（塞舌尔金融服务管理局也使用这一缩写，我们会注明具体所指）',
        'SFC：香港证券及期货事务监察委员会',
        'MAS：新加坡金融管理局',
      ],
    },
    {
      heading: '收录范围',
      paragraphs: ['我们将公司分为四个类别：'],
      list: [
        '经纪商：面向零售及专业交易者的外汇和差价合约经纪商。',
        '金融科技：交易平台、交易工具、信号服务及技术提供商。',
        '流动性提供商：为经纪商和机构提供报价与流动性的公司。',
        '支付：用于交易账户出入金的支付服务提供商及电子钱包。',
      ],
    },
    {
      heading: '交易员排行榜',
      paragraphs: [
        '交易员可以使用只读（投资者）密码绑定交易账户（切勿使用交易密码），其业绩将直接从经纪商服务器同步。公开账户依据同步的业绩排名，因此排行榜反映的是真实交易，而非截图。',
        '排行榜展示的是过往业绩，并不代表未来表现；Brokerwise 上的任何内容均不构成投资建议。',
      ],
    },
    {
      heading: '独立性与盈利方式',
      paragraphs: [
        'Brokerwise 对访客和用户免费。我们的收入来自明确标注的广告和优惠活动，以及合作链接：当您通过部分“开户”链接开户时，经纪商可能会向我们支付费用。',
        '但这些都买不到评分。公司无法通过付费提高评分、提升排名或删除点评；商业合作伙伴与其他公司适用完全相同的评分规则，我们的审核团队也独立于商务团队开展工作。',
      ],
    },
    {
      heading: '联系我们',
      paragraphs: [
        '问题反馈或公司资料更正：support@brokerwise.example。公司入驻或广告合作：partners@brokerwise.example。隐私事宜：privacy@brokerwise.example。',
      ],
    },
  ],
  cta: { label: '搜索经纪商与机构', href: '/search' },
};

// ---------------------------------------------------------------------------------------------
// TraderChat promo (/TraderChat)
// ---------------------------------------------------------------------------------------------

/** The CTA scrolls to the download section; the route gives that section id="download". */
const TRADERCHAT_DOWNLOAD_HREF = '/TraderChat#download';

const traderChatEn: SimplePage = {
  title: 'TraderChat',
  lead: 'The secure chat app for traders: talk privately with other traders, join group channels and ask an AI assistant about brokers and their licences.',
  sections: [
    {
      heading: 'Private by design',
      paragraphs: [
        'Private chats in TraderChat, one-to-one or in small groups, are end-to-end encrypted: messages are encrypted on your device and can be read only by the people in the conversation — not by us.',
        'Never share your trading password, verification codes or deposit details in any chat. Brokerwise and TraderChat staff will never ask you for them.',
      ],
    },
    {
      heading: 'Group channels',
      paragraphs: [
        'Join channels about markets, brokers and trading strategies, or create one for your own community. Channels are open spaces, so do not post anything you would not want others to see; channel admins can moderate members, and anyone can report spam, scams or abuse.',
        'Be wary of anyone who offers guaranteed returns, account management or “signals” in exchange for deposits: these are common scams.',
      ],
    },
    {
      heading: 'An AI assistant for your research',
      paragraphs: [
        'The assistant gives general information only and can make mistakes. It is not investment advice and does not tell you what to buy or sell or where to open an account: always check licences on the regulator’s register and make your own decisions.',
        'Conversations with the AI assistant are not end-to-end encrypted, because the assistant has to read your question to answer it. It cannot read your encrypted chats with other people.',
        'Ask the built-in AI assistant to:',
      ],
      list: [
        'explain what a broker’s licence means and which regulator issued it;',
        'summarise what Brokerwise users say about a company in their reviews;',
        'compare brokers’ trading platforms, leverage and payment methods;',
        'explain trading terms such as spread, swap, margin and leverage.',
      ],
    },
    {
      heading: 'Available on all your devices',
      paragraphs: [
        'Use the same account on your phone and your computer, and pick up your conversations wherever you are.',
        'Download TraderChat for free on:',
      ],
      list: ['iOS: iPhone and iPad, from the App Store', 'Android: from Google Play', 'Desktop: Windows and macOS'],
    },
  ],
  cta: { label: 'Download TraderChat', href: TRADERCHAT_DOWNLOAD_HREF },
};

const traderChatZh: SimplePage = {
  title: 'TraderChat',
  lead: '专为交易者打造的安全聊天应用：与其他交易者私密交流、加入群组频道，并向 AI 助手咨询经纪商及其牌照信息。',
  sections: [
    {
      heading: '隐私至上',
      paragraphs: [
        'TraderChat 中的私聊（无论一对一还是小组）均采用端到端加密：消息在您的设备上加密，只有对话中的成员可以阅读，我们也无法查看。',
        '请勿在任何聊天中透露您的交易密码、验证码或入金信息。Brokerwise 和 TraderChat 的工作人员绝不会向您索取这些信息。',
      ],
    },
    {
      heading: '群组频道',
      paragraphs: [
        '加入关于市场、经纪商和交易策略的频道，或为您的社群创建专属频道。频道是开放空间，请勿发布您不希望他人看到的内容；频道管理员可以管理成员，任何人都可以举报垃圾信息、诈骗或滥用行为。',
        '请警惕任何以入金为条件，承诺保证收益、代客理财或提供“喊单信号”的人：这些都是常见的诈骗手法。',
      ],
    },
    {
      heading: '助您研究的 AI 助手',
      paragraphs: [
        'AI 助手仅提供一般性信息，且可能出错。它不构成投资建议，也不会告诉您买卖什么或在哪里开户：请务必在监管机构的登记册上核实牌照，并自行作出决定。',
        '与 AI 助手的对话不采用端到端加密，因为助手需要读取您的问题才能作答；但它无法读取您与他人之间的加密聊天内容。',
        '您可以请内置的 AI 助手：',
      ],
      list: [
        '解释经纪商牌照的含义及其颁发机构；',
        '总结 Brokerwise 用户在点评中对某家公司的评价；',
        '比较各经纪商的交易平台、杠杆和支付方式；',
        '解释点差、隔夜利息、保证金和杠杆等交易术语。',
      ],
    },
    {
      heading: '多平台可用',
      paragraphs: ['在手机和电脑上使用同一账号，随时随地继续您的对话。', '免费下载 TraderChat：'],
      list: ['iOS：iPhone 和 iPad，可在 App Store 下载', 'Android：可在 Google Play 下载', '桌面端：Windows 和 macOS'],
    },
  ],
  cta: { label: '下载 TraderChat', href: TRADERCHAT_DOWNLOAD_HREF },
};

export const aboutPage: Record<ContentLocale, SimplePage> = { en: aboutEn, 'zh-CN': aboutZh };

export const traderChatPage: Record<ContentLocale, SimplePage> = { en: traderChatEn, 'zh-CN': traderChatZh };
