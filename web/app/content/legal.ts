/**
 * Legal texts rendered at /service, /privacy and /cookie, in English and Simplified Chinese.
 *
 * Both languages carry the same facts in the same structure: same sections in the same order, same
 * number of paragraphs and list items per section (content.test.ts checks it). In a section with a
 * list, the last paragraph introduces the list, because the list is rendered after the paragraphs.
 *
 * Facts that the product must keep true (change the text if the product changes):
 * - operator Brokerwise Pte. Ltd., governing law and data storage: Singapore;
 * - complaints and rights requests answered within 15 working days;
 * - under 14: guardian's consent and supervision; under 18: guardian guidance encouraged;
 * - reviews 15–1000 characters, 1–5 stars, pending until moderated; videos mp4 under 10 MB;
 *   avatars JPEG/PNG up to 2 MB; passwords 8–12 characters; code resend after 60 seconds;
 * - cookies: bw_session (session, or 30 days with “Remember me”), bw_csrf (as bw_session),
 *   bw_consent (1 year), lang cookie (1 year) and local storage, userInfo in local/session storage
 *   (id, name, avatar; never the token), rememberEmail in local storage,
 *   bw_rl (4 hours), bw_aid (analytics, consent only, up to 2 years), sign-in providers' cookies
 *   up to 27 years — overall from 4 hours to 27 years.
 */
import type { ContentLocale, LegalDocument } from './types.ts';

export type LegalDocumentKey = 'service' | 'privacy' | 'cookie';

export const legalDocumentKeys: readonly LegalDocumentKey[] = ['service', 'privacy', 'cookie'];

/** Date of the current version of all three documents. */
export const LEGAL_UPDATED = '2026-11-21';

// ---------------------------------------------------------------------------------------------
// User Service Agreement (/service)
// ---------------------------------------------------------------------------------------------

const serviceEn: LegalDocument = {
  title: 'User Service Agreement',
  updated: LEGAL_UPDATED,
  intro: [
    'This User Service Agreement (the “Agreement”) is a contract between you and Brokerwise Pte. Ltd., a company incorporated in Singapore (“Brokerwise”, “we”, “us” or “our”). It governs your use of the Brokerwise website, in its English and Simplified Chinese versions, and of the related services (together, the “Service”).',
    'Please read it carefully, in particular the sections on moderation and enforcement, trader accounts, the risk warning, limitation of liability and governing law. If you do not agree with it, please do not register for or use the Service.',
  ],
  sections: [
    {
      heading: 'Accepting this Agreement',
      paragraphs: [
        'By ticking the agreement box when you register or sign in, by signing in with a Google or Facebook account, or by otherwise using the Service, you confirm that you have read, understood and accepted this Agreement, together with our Privacy Policy and Cookie Policy, which form part of it.',
        'Visitors who browse without an account can use the public parts of the Service — company listings, rankings, reviews, Trader TV, the blog and trader pages. The parts of this Agreement that concern the use of the Service and its content apply to them as well.',
        'If you use the Service on behalf of a company, you confirm that you are authorised to accept this Agreement for it, and “you” then means both you and that company.',
      ],
    },
    {
      heading: 'Eligibility and minors',
      paragraphs: [
        'The Service is intended for adults with an interest in the financial markets. Children under 14 may use the Service only with the consent and under the supervision of a parent or legal guardian, who is responsible for their use of it. If you are a guardian and believe that a child under 14 has registered without your consent, please contact us and we will close the account and delete its data.',
        'Users under 18 are encouraged to use the Service with the guidance of a parent or guardian, and to bear in mind that trading forex and contracts for difference (CFDs) carries a high risk of loss. Most brokers open trading accounts for adults only.',
        'You may not use the Service if we have previously frozen or terminated your account for a serious violation, or if using it would break a law that applies to you.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You can register with an email address, a public user name and a password, or sign in with a Google or Facebook account. When you register with an email address, we send a verification code to it to confirm that it is yours. Codes can be used once, expire shortly after they are sent and can be requested again after 60 seconds. Never share a verification code with anyone: Brokerwise staff will never ask you for one.',
        'There are two account types: Individual accounts for private persons, and Company accounts for firms, which are coming soon. Each person may hold only one Individual account. A Company account must be opened and managed by someone authorised to act for the company, and holding one does not allow a company to review itself (see “Prohibited conduct”).',
        'You must give accurate information and keep it up to date. Your user name is shown publicly; it must not impersonate anyone, mislead others about your identity or affiliations, or be offensive.',
        'You are responsible for keeping your password secret and for all activity under your account. Passwords must be 8 to 12 characters long. Tick “Remember me” only on a device that you alone use. If you suspect that someone else has accessed your account, tell us at once at support@brokerwise.example.',
      ],
    },
    {
      heading: 'Your content and the licence you grant us',
      paragraphs: [
        '“Your content” means everything you publish on the Service: ratings and reviews, comments, video posts, image-and-text posts, covers, profile text, avatars and messages. You remain the owner of your content and you are responsible for it.',
        'Reviews must describe your own first-hand experience with the company concerned, be honest and fair, and stay on topic. A review consists of a rating of 1 to 5 stars and a text of 15 to 1,000 characters. When you submit a review, you confirm that it is genuine and that you have no undisclosed connection with the company or its competitors. You may edit or delete your own reviews; an edited review may be moderated again before it reappears.',
        'Posts in the creation centre may be videos or image-and-text articles. Each post needs a title, a description and a cover image. Videos must be MP4 files under 10 MB, and avatars must be JPEG or PNG images of no more than 2 MB. You must hold the rights to everything you upload, including music, footage, images and trademarks, and must have the consent of anyone who can be identified in it.',
        'You grant Brokerwise a worldwide, non-exclusive, royalty-free licence to host, store, reproduce, display and distribute your content, to translate it between English and Chinese and to adapt its format, in order to operate, improve and promote the Service, including in search results, on social media and in newsletters. We may sublicense these rights to our service providers only as far as they need them to help us run the Service. The licence ends when your content is deleted from the Service, except for copies kept in backups for a limited time, content that others shared before its deletion and records that the law requires us to keep.',
        'Ratings are combined into each company’s overall score. When your content is deleted, its rating no longer counts towards that score.',
      ],
    },
    {
      heading: 'Moderation and enforcement',
      paragraphs: [
        'Every review is checked by a moderator before it is published. Until then it is visible to you only, marked “Your review is pending”. We may also review posts, comments and profiles after they are published, including in response to reports from users or companies. Moderation checks compliance with this Agreement; it does not mean that we have verified or endorse what the content says.',
        'Companies cannot pay to have reviews removed, and we do not remove a negative review merely because a company disagrees with it.',
        'When we act against your content or account, we will usually tell you by site notice or email what we have done and why, unless that would compromise an investigation or the safety of others. If you believe a decision is wrong, you can appeal within 30 days by emailing support@brokerwise.example with the subject “Appeal” and your user name. A moderator who was not involved in the original decision will review it, and we will answer within 15 working days.',
        'If you break this Agreement or the law, we may, depending on how serious the violation is and whether it is repeated, take one or more of the following measures:',
      ],
      list: [
        'send you a warning;',
        'hide or delete the content concerned;',
        'restrict your posting, reviewing or commenting, for a period or permanently;',
        'remove you from the Top Trader rankings or unbind a trading account;',
        'freeze your account, temporarily or permanently;',
        'report the matter to the competent authorities where the law requires it or where others are at serious risk.',
      ],
    },
    {
      heading: 'Prohibited conduct',
      paragraphs: [
        'These rules protect the reliability of reviews and the safety of our users. Breaking them leads to the measures described under “Moderation and enforcement”. Taking part in fraud or scams — for example “account management” offers that ask users for their trading passwords or for deposits — leads to the immediate freezing of the account.',
        'When using the Service, you must not:',
      ],
      list: [
        'post fake reviews, review a company you have not dealt with, or review the same company more than once through different accounts;',
        'post reviews or other content in return for payment, bonuses, rebates or other benefits without clearly disclosing it, or offer such benefits to others in exchange for reviews;',
        'review a company that you own, work for or represent, or one of its competitors, or organise others to do so;',
        'harass, threaten, bully or defame anyone, publish anyone’s personal data without their consent, or post hateful, violent, sexual or otherwise unlawful content;',
        'manipulate or attempt to manipulate markets, promote pump-and-dump schemes, sell trading signals or managed accounts deceptively, or solicit deposits or investments from other users;',
        'impersonate any person, company, regulator or member of Brokerwise staff, or misrepresent your affiliation with them;',
        'scrape, crawl or harvest data from the Service by automated means without our written permission, or circumvent rate limits;',
        'upload viruses, malware or other harmful code, or interfere with, probe or overload our systems;',
        'create multiple or false accounts, sell or transfer an account, or use another person’s account;',
        'infringe anyone’s copyright, trademarks, privacy or other rights.',
      ],
    },
    {
      heading: 'Trader accounts',
      paragraphs: [
        'Traders can bind a trading account (for example a MetaTrader account) so that its results are synced and shown on the Service. To bind an account, you provide its account number, broker, server and read-only investor password, and you may add a strategy nickname and description.',
        'Only ever give us the read-only (investor) password. Never enter your trading (master) password, which allows orders to be placed and funds to be moved. If you enter a trading password by mistake, change it with your broker immediately and tell us, so that we can delete it. You may bind only accounts that you hold or are authorised to share.',
        'Read-only passwords are stored encrypted and are used solely to read your account data from the broker’s server. We never place trades or move funds.',
        'When an account’s visibility is set to public, its synced data — such as balance, equity, deposits, withdrawals, fees, lots traded, leverage and order history — may be published on your trader page and in the Top Trader rankings. When it is set to hidden, its details are not shown to other users and the account does not take part in the rankings. You can change the visibility or unbind the account at any time; when you unbind it, we delete the stored read-only password.',
        'Synced data depends on the broker’s server and may be delayed, incomplete or wrong. Rankings show past results only, which are no guide to future performance, and we may exclude accounts that we suspect of manipulating them, for example through coordinated or offsetting trades between accounts. When you apply to add a missing broker, the sample account and read-only password you provide are used only to test the connection and are deleted once the check is complete.',
      ],
    },
    {
      heading: 'Listings and ratings are opinions, not advice',
      paragraphs: [
        'Company profiles show information such as licences, trading platforms, maximum leverage, asset types, payment methods and supported currencies. We compile it from regulators’ public registers, from the companies themselves and from other sources, and we check licence numbers against the relevant registers, but details can change without notice and we cannot guarantee that they are complete or up to date.',
        'Ratings, rankings, reviews and posts express the opinions of the users who wrote them or, for our own scores, our opinion formed by a published method. They are not investment, financial, legal or tax advice, and they are not a recommendation to open an account with, deposit money with or trade through any company. Always check a firm’s licence directly on the regulator’s register and make your own decision, with independent advice if needed.',
        'Some “Open account” links and promotions are commercial partnerships for which we may be paid; they are labelled as such. Partnerships never affect ratings, reviews or moderation.',
      ],
    },
    {
      heading: 'Risk warning',
      paragraphs: [
        'Trading forex, CFDs and other leveraged products carries a high level of risk and may not be suitable for everyone. Leverage magnifies losses as well as gains, and with some brokers you can lose more than your initial deposit. A large proportion of retail investor accounts lose money when trading CFDs.',
        'Before you trade, consider your objectives, experience and financial situation, make sure you understand how the product works, and never trade with money you cannot afford to lose. Beware of anyone who promises guaranteed returns, and check whether a firm is licensed in your country: unlicensed firms offer you little or no protection.',
      ],
    },
    {
      heading: 'Third-party services and TraderChat',
      paragraphs: [
        'The Service contains links to brokers, other companies and third-party websites, and lets you sign in with a Google or Facebook account. These services are operated by others under their own terms and privacy policies, and we are not responsible for their content, availability or practices.',
        'TraderChat is our companion secure chat app. It is governed by its own terms and privacy notice, which you accept when you install it. The answers of its AI assistant are generated automatically, may be inaccurate and are not investment advice.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        'The Service, its design and software, our own texts and scores, our ranking methods, the Brokerwise and TraderChat names and logos, and the compilation of our database belong to Brokerwise or its licensors and are protected by law. Company names and logos belong to their owners and are used only to identify them.',
        'You may view and share pages for personal, non-commercial purposes and quote short extracts with a link to the source. Any other reproduction, systematic extraction or commercial use requires our prior written permission.',
        'If you believe that content on the Service infringes your rights, send a notice to support@brokerwise.example identifying the work, the content concerned and your contact details. We will act promptly and may forward the notice to the user who posted the content.',
      ],
    },
    {
      heading: 'Disclaimers and limitation of liability',
      paragraphs: [
        'The Service is provided “as is” and “as available”. To the extent permitted by law, we do not warrant that it will be uninterrupted or error-free, or that information, reviews, ratings or synced trading data are accurate, complete or up to date.',
        'To the extent permitted by law, Brokerwise is not liable for trading losses, investment decisions, loss of profits or data, or any indirect or consequential loss arising from your use of the Service, nor for the acts of brokers, other companies or users. Our total liability to you for all claims relating to the Service is limited to the greater of the amounts you paid us in the 12 months before the claim and SGD 100.',
        'Nothing in this Agreement limits liability for death or personal injury caused by negligence, for fraud, or any other liability that cannot be limited by law, and nothing in it takes away the rights you have as a consumer under mandatory law.',
        'To the extent permitted by law, you agree to compensate Brokerwise for third-party claims arising from your content or from your breach of this Agreement.',
      ],
    },
    {
      heading: 'Complaints and contact',
      paragraphs: [
        'If you have a complaint about the Service, a moderation decision, content that concerns you or the way we have treated you, contact our support team at support@brokerwise.example or through the customer-service links on the site. Please include your user name, the page concerned and a description of the problem.',
        'We acknowledge complaints promptly and answer them within 15 working days. If a matter is complex, we will tell you within that period why we need more time and when you can expect a full answer.',
        'Privacy questions should be sent to privacy@brokerwise.example (see our Privacy Policy). Brokerwise Pte. Ltd. is registered in Singapore; our postal address is available on request.',
      ],
    },
    {
      heading: 'Changes to this Agreement',
      paragraphs: [
        'We may change this Agreement to reflect changes to the Service, to the law or to our practices. The date at the top shows when it was last updated.',
        'We will tell you about material changes by site notice or email at least 30 days before they take effect, unless a change must take effect sooner because of the law or to address a security or abuse risk. If you continue to use the Service after a change takes effect, you accept the updated Agreement; if you do not accept it, you can close your account.',
      ],
    },
    {
      heading: 'Suspension and termination',
      paragraphs: [
        'You may stop using the Service at any time and ask us to close your account by writing to support@brokerwise.example. When your account is closed, we delete your profile, posts and reviews and unbind your trading accounts, except for information we must keep by law or for a pending dispute, as explained in our Privacy Policy.',
        'We may suspend or terminate your account, or stop offering all or part of the Service, in the cases described under “Moderation and enforcement” or where the law requires it. If we discontinue the Service as a whole, we will give reasonable notice where possible.',
        'The terms that by their nature should continue to apply after termination — including the licence for content already shared by others, intellectual property, disclaimers, limitation of liability and governing law — remain in force.',
      ],
    },
    {
      heading: 'Governing law and dispute resolution',
      paragraphs: [
        'This Agreement, and any dispute or claim arising out of or in connection with it, is governed by the laws of the Republic of Singapore.',
        'If a dispute arises, please contact us first so that we can try to settle it informally through our complaint procedure. If it is not resolved within 60 days, either party may refer it to the courts of Singapore, which will have exclusive jurisdiction. This does not affect any mandatory right you have as a consumer to bring proceedings in the courts of the country where you live.',
        'This Agreement is published in English and Simplified Chinese, and both versions have the same effect. If they differ, the English version prevails.',
      ],
    },
  ],
};

const serviceZh: LegalDocument = {
  title: '用户服务协议',
  updated: LEGAL_UPDATED,
  intro: [
    '本《用户服务协议》（以下简称“本协议”）是您与 Brokerwise Pte. Ltd.（一家在新加坡注册成立的公司，以下简称“Brokerwise”或“我们”）之间订立的协议，适用于您对 Brokerwise 网站（包括其英文版和简体中文版）及相关服务（以下统称“本服务”）的使用。',
    '请您仔细阅读本协议，特别是其中关于内容审核与违规处理、交易账户、风险提示、责任限制以及适用法律的条款。如您不同意本协议，请勿注册或使用本服务。',
  ],
  sections: [
    {
      heading: '接受本协议',
      paragraphs: [
        '当您在注册或登录时勾选同意协议、通过 Google 或 Facebook 账号登录，或以其他方式使用本服务时，即表示您已阅读、理解并接受本协议以及作为本协议组成部分的《隐私政策》和《Cookie 政策》。',
        '未注册账号的访客可以使用本服务的公开部分，包括公司列表、排行榜、点评、Trader TV、博客和交易员页面。本协议中有关服务使用及内容的条款同样适用于访客。',
        '如您代表某一公司使用本服务，即表示您确认已获得该公司授权接受本协议，此时本协议所称的“您”同时指您本人及该公司。',
      ],
    },
    {
      heading: '使用资格与未成年人保护',
      paragraphs: [
        '本服务面向关注金融市场的成年人。未满 14 周岁的未成年人须经父母或其他监护人同意，并在其监督下方可使用本服务，监护人应对其使用行为负责。如您是监护人，并认为未满 14 周岁的儿童未经您同意注册了账号，请与我们联系，我们将注销该账号并删除相关数据。',
        '我们建议未满 18 周岁的用户在监护人的指导下使用本服务，并充分认识到外汇及差价合约（CFD）交易具有较高的亏损风险。大多数经纪商仅为成年人开立交易账户。',
        '如您的账号曾因严重违规被我们冻结或终止，或您使用本服务将违反对您适用的法律，则您不得使用本服务。',
      ],
    },
    {
      heading: '账号',
      paragraphs: [
        '您可以使用电子邮箱、公开用户名和密码注册，也可以使用 Google 或 Facebook 账号登录。通过电子邮箱注册时，我们会向该邮箱发送验证码，以确认该邮箱归您所有。验证码仅限使用一次，发送后短时间内即失效，60 秒后可重新获取。请勿向任何人透露验证码，Brokerwise 工作人员绝不会向您索取验证码。',
        '账号分为两种类型：面向个人的“个人”账号，以及面向机构的“公司”账号（即将开放）。每人仅可持有一个个人账号。公司账号须由经公司授权的人员开立和管理，持有公司账号并不意味着该公司可以点评自身（详见“禁止行为”）。',
        '您应提供真实、准确的信息并及时更新。用户名将公开显示，不得冒充他人，不得就您的身份或关联关系误导他人，也不得含有冒犯性内容。',
        '您应妥善保管密码，并对您账号下的全部活动负责。密码长度须为 8 至 12 个字符。请仅在您本人专用的设备上勾选“记住我”。如您怀疑他人登录了您的账号，请立即发送邮件至 support@brokerwise.example 告知我们。',
      ],
    },
    {
      heading: '用户内容及您授予我们的许可',
      paragraphs: [
        '“您的内容”是指您在本服务上发布的全部内容，包括评分与点评、评论、视频帖子、图文帖子、封面、个人简介、头像以及消息。您保留对您的内容的所有权，并对其承担责任。',
        '点评应基于您与相关公司往来的亲身经历，内容真实、公正并紧扣主题。每条点评由 1 至 5 星的评分和 15 至 1000 个字符的文字组成。提交点评即表示您确认该点评真实，且您与该公司或其竞争对手之间不存在未披露的关联关系。您可以编辑或删除自己的点评；经编辑的点评在重新显示前可能需要再次审核。',
        '创作中心的帖子可以是视频或图文内容。每篇帖子须包含标题、描述和封面图片。视频须为小于 10 MB 的 MP4 文件，头像须为不超过 2 MB 的 JPEG 或 PNG 图片。您应对上传的全部内容（包括音乐、影像、图片和商标）享有合法权利，并应取得内容中可识别人士的同意。',
        '您授予 Brokerwise 一项全球范围内、非独占、免许可费的许可，为运营、改进和推广本服务之目的（包括在搜索结果、社交媒体和电子通讯中）托管、存储、复制、展示和传播您的内容，在中英文之间翻译您的内容并调整其格式。我们仅可在服务提供商协助我们运营本服务所必需的范围内，向其转授上述权利。您的内容从本服务删除后，该许可即告终止，但在有限期限内保留于备份中的副本、删除前已被他人分享的内容以及法律要求我们保留的记录除外。',
        '用户评分将汇总计入各公司的综合评分。您的内容被删除后，其评分不再计入该综合评分。',
      ],
    },
    {
      heading: '内容审核与违规处理',
      paragraphs: [
        '所有点评均须经审核人员审核后方可发布；审核通过前，点评仅对您本人可见，并标注“您的点评正在审核中”。我们也可能在帖子、评论和个人资料发布后对其进行审查，包括根据用户或公司的举报进行审查。审核仅针对内容是否符合本协议，并不代表我们已核实或认可其内容。',
        '公司不能通过付费删除点评，我们也不会仅因公司不认同某条负面点评而将其删除。',
        '当我们对您的内容或账号采取措施时，通常会通过站内通知或电子邮件告知您所采取的措施及原因，除非告知将妨碍调查或危及他人安全。如您认为处理决定有误，可在 30 日内发送邮件至 support@brokerwise.example 提出申诉，邮件主题请注明“申诉”并附上您的用户名。我们将由未参与原决定的审核人员进行复核，并在 15 个工作日内答复。',
        '如您违反本协议或法律，我们可根据违规情节的严重程度以及是否属于重复违规，采取以下一项或多项措施：',
      ],
      list: [
        '向您发出警告；',
        '隐藏或删除相关内容；',
        '在一定期限内或永久限制您发帖、点评或评论；',
        '将您移出交易员排行榜，或解除交易账户绑定；',
        '暂时或永久冻结您的账号；',
        '在法律要求或他人面临严重风险时，向有关主管机关报告。',
      ],
    },
    {
      heading: '禁止行为',
      paragraphs: [
        '以下规则旨在维护点评的可靠性和用户的安全。违反这些规则的，我们将采取“内容审核与违规处理”中所述的措施；参与欺诈或诈骗活动的（例如以“代客理财”为名向用户索取交易密码或要求入金），我们将立即冻结其账号。',
        '使用本服务时，您不得：',
      ],
      list: [
        '发布虚假点评、点评您从未打过交道的公司，或通过不同账号对同一公司重复点评；',
        '在未明确披露的情况下，为获取报酬、赠金、返佣或其他利益而发布点评或其他内容，或向他人提供此类利益以换取点评；',
        '点评您拥有、任职或代表的公司或其竞争对手，或组织他人进行此类点评；',
        '骚扰、威胁、欺凌或诽谤他人，未经同意公开他人的个人信息，或发布仇恨、暴力、色情或其他违法内容；',
        '操纵或企图操纵市场，推广“拉高出货”等骗局，以欺骗方式兜售喊单信号或代客理财服务，或向其他用户招揽入金或投资；',
        '冒充任何个人、公司、监管机构或 Brokerwise 工作人员，或虚假陈述您与其的关联关系；',
        '未经我们书面许可，以自动化方式抓取、爬取或收集本服务的数据，或规避访问频率限制；',
        '上传病毒、恶意软件或其他有害代码，或干扰、探测我们的系统或使其超负荷运行；',
        '注册多个账号或虚假账号，出售或转让账号，或使用他人的账号；',
        '侵犯他人的著作权、商标权、隐私权或其他权利。',
      ],
    },
    {
      heading: '交易账户',
      paragraphs: [
        '交易员可以绑定交易账户（例如 MetaTrader 账户），以同步其交易业绩并在本服务上展示。绑定账户时，您需要提供账号、经纪商、服务器以及只读（投资者）密码，并可添加策略昵称和策略说明。',
        '请仅向我们提供只读（投资者）密码，切勿输入可用于下单和转移资金的交易（主）密码。如您误输入了交易密码，请立即在经纪商处修改该密码并告知我们，以便我们将其删除。您只能绑定您本人持有或经授权共享的账户。',
        '只读密码经加密存储，仅用于从经纪商服务器读取您的账户数据。我们绝不会进行交易或转移资金。',
        '当账户可见性设为“公开”时，同步的数据（例如余额、净值、入金、出金、费用、交易手数、杠杆和历史订单）可能会在您的交易员页面和交易员排行榜中公开展示。设为“隐藏”时，其他用户无法查看该账户的详情，该账户也不参与排名。您可以随时更改可见性或解除绑定；解除绑定后，我们将删除所存储的只读密码。',
        '同步数据依赖于经纪商服务器，可能存在延迟、缺失或错误。排行榜仅反映过往业绩，并不代表未来表现；对于涉嫌操纵排名的账户（例如账户之间存在协同交易或对冲交易），我们可将其排除。您申请添加尚未收录的经纪商时所提供的样本账号和只读密码，仅用于测试连接，检测完成后即予删除。',
      ],
    },
    {
      heading: '公司信息与评分仅为意见，不构成建议',
      paragraphs: [
        '公司资料页展示牌照、交易平台、最高杠杆、资产类别、支付方式和支持币种等信息。这些信息来自监管机构的公开登记册、公司自身及其他来源，我们也会将牌照号与相关登记册进行核对，但相关信息可能随时变更而不另行通知，我们无法保证其完整或最新。',
        '评分、排名、点评和帖子反映的是撰写者的个人意见；我们自行给出的评分，则是依据公开方法形成的我们的意见。上述内容均不构成投资、财务、法律或税务建议，也不构成在任何公司开户、入金或交易的推荐。请务必直接在监管机构的登记册上核实机构牌照，并在必要时寻求独立意见后自行作出决定。',
        '部分“开户”链接和优惠活动属于商业合作，我们可能因此获得报酬，并会对其作出标注。商业合作绝不会影响评分、点评或审核结果。',
      ],
    },
    {
      heading: '风险提示',
      paragraphs: [
        '外汇、差价合约及其他杠杆产品的交易具有高风险，并不适合所有人。杠杆在放大收益的同时也会放大亏损，在部分经纪商处，您的亏损可能超过初始入金。大部分散户投资者账户在交易差价合约时出现亏损。',
        '交易前，请结合自身的投资目标、经验和财务状况，确保充分了解产品的运作方式，切勿使用您无法承受损失的资金进行交易。请警惕任何承诺保证收益的人，并核实相关机构是否在您所在国家或地区持有牌照：无牌机构几乎无法为您提供任何保障。',
      ],
    },
    {
      heading: '第三方服务与 TraderChat',
      paragraphs: [
        '本服务包含指向经纪商、其他公司及第三方网站的链接，并支持使用 Google 或 Facebook 账号登录。上述服务由第三方依其自身的条款和隐私政策运营，我们不对其内容、可用性或做法负责。',
        'TraderChat 是我们的配套安全聊天应用，受其单独的服务条款和隐私声明约束，您在安装时即接受该等条款。其 AI 助手的回答系自动生成，可能存在错误，不构成投资建议。',
      ],
    },
    {
      heading: '知识产权',
      paragraphs: [
        '本服务及其设计和软件、我们自行撰写的文字和评分、我们的排名方法、Brokerwise 和 TraderChat 的名称及标识，以及我们数据库的汇编，均归 Brokerwise 或其许可方所有，受法律保护。公司名称及标识归各自权利人所有，仅用于识别相关公司。',
        '您可以为个人、非商业目的浏览和分享页面，并在附上出处链接的前提下引用简短片段。任何其他形式的复制、系统性提取或商业使用，均须事先获得我们的书面许可。',
        '如您认为本服务上的内容侵犯了您的权利，请发送通知至 support@brokerwise.example，写明相关作品、涉嫌侵权的内容及您的联系方式。我们将及时处理，并可能将通知转交发布该内容的用户。',
      ],
    },
    {
      heading: '免责声明与责任限制',
      paragraphs: [
        '本服务按“现状”和“现有”基础提供。在法律允许的范围内，我们不保证本服务不会中断或没有错误，也不保证信息、点评、评分或同步的交易数据准确、完整或最新。',
        '在法律允许的范围内，对于因您使用本服务而产生的交易亏损、投资决定、利润或数据损失，或任何间接或后果性损失，以及经纪商、其他公司或用户的行为，Brokerwise 概不负责。就与本服务有关的全部索赔，我们对您承担的责任总额以您在索赔前 12 个月内向我们支付的金额与 100 新加坡元两者中的较高者为限。',
        '本协议的任何内容均不限制因过失导致人身伤亡的责任、欺诈责任或依法不得限制的其他责任，也不剥夺您依据强制性法律作为消费者所享有的权利。',
        '在法律允许的范围内，对于因您的内容或您违反本协议而引起的第三方索赔，您同意向 Brokerwise 作出赔偿。',
      ],
    },
    {
      heading: '投诉与联系方式',
      paragraphs: [
        '如您对本服务、审核决定、涉及您的内容或我们对待您的方式有任何投诉，请发送邮件至 support@brokerwise.example，或通过网站上的客服入口联系我们的客服团队。请在投诉中注明您的用户名和相关页面，并描述问题。',
        '我们会及时确认收到投诉，并在 15 个工作日内予以答复。如事项较为复杂，我们会在该期限内向您说明需要延长处理时间的原因以及预计的答复时间。',
        '隐私相关问题请发送至 privacy@brokerwise.example（详见《隐私政策》）。Brokerwise Pte. Ltd. 在新加坡注册，如需邮寄地址，可向我们索取。',
      ],
    },
    {
      heading: '协议变更',
      paragraphs: [
        '我们可能因本服务、法律或我们的做法发生变化而修改本协议。页首日期为本协议的最近更新日期。',
        '如有重大变更，我们会在变更生效至少 30 日前通过站内通知或电子邮件告知您，但因法律要求或为应对安全、滥用风险而须提前生效的变更除外。变更生效后您继续使用本服务的，即视为接受修改后的协议；如您不接受，可以注销账号。',
      ],
    },
    {
      heading: '暂停与终止',
      paragraphs: [
        '您可以随时停止使用本服务，并可发送邮件至 support@brokerwise.example 申请注销账号。账号注销后，我们将删除您的个人资料、帖子和点评，并解除您的交易账户绑定，但依法须保留或因未决争议须保留的信息除外，详见《隐私政策》。',
        '在“内容审核与违规处理”所述情形下或法律要求时，我们可以暂停或终止您的账号，或停止提供全部或部分服务。如我们停止提供整个服务，将尽可能提前合理时间通知您。',
        '依其性质应在协议终止后继续适用的条款，包括对已被他人分享内容的许可、知识产权、免责声明、责任限制以及适用法律等条款，继续有效。',
      ],
    },
    {
      heading: '适用法律与争议解决',
      paragraphs: [
        '本协议以及因本协议引起或与之相关的任何争议或索赔，均适用新加坡共和国法律。',
        '如发生争议，请先与我们联系，以便我们通过投诉程序尝试友好解决。争议在 60 日内未能解决的，任何一方均可将其提交新加坡法院，由新加坡法院专属管辖。但这不影响您作为消费者依据强制性法律在您居住国法院提起诉讼的权利。',
        '本协议以英文和简体中文发布，两种文本具有同等效力；如两者存在不一致，以英文文本为准。',
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Privacy Policy (/privacy)
// ---------------------------------------------------------------------------------------------

const privacyEn: LegalDocument = {
  title: 'Privacy Policy',
  updated: LEGAL_UPDATED,
  intro: [
    'This Privacy Policy explains how Brokerwise Pte. Ltd. (“Brokerwise”, “we”, “us” or “our”) collects, uses, shares and protects personal data when you use the Brokerwise website and related services (the “Service”), and the choices and rights you have.',
    'We handle personal data in accordance with Singapore’s Personal Data Protection Act 2012 (PDPA) and, where they apply to you, other data protection laws such as the EU and UK General Data Protection Regulation (GDPR).',
  ],
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        'The Service is operated by Brokerwise Pte. Ltd., a company incorporated in Singapore. It decides how and why your personal data is processed and is the organisation responsible for it (the “data controller”).',
        'We have appointed a Data Protection Officer, whom you can reach at privacy@brokerwise.example with any question about this Policy or your personal data.',
      ],
    },
    {
      heading: 'The data we collect',
      paragraphs: [
        'We collect personal data from you directly, automatically when you use the Service, and from the sign-in providers you choose to use. We do not ask for identity documents, bank details or trading passwords, and we ask you not to include sensitive data, such as health information or identification numbers, in your content.',
        'We collect the following categories of personal data:',
      ],
      list: [
        'Account data: email address, user name, password (stored only as a hash), account type (Individual or Company), verification codes, your acceptance of our terms and, if you sign in with Google or Facebook, the data described under “Signing in with Google or Facebook”.',
        'Profile data: avatar, country, profile text (motto), and the creators you follow, your followers, likes and collections.',
        'Content: reviews and star ratings, comments, video and image-and-text posts with their covers, titles and descriptions, reports, and messages you send to our support team.',
        'Trader account data: account number, broker, server, strategy nickname and description, account type, leverage, balance, equity, deposits, withdrawals, fees, lots and order history, the visibility you choose, and the read-only investor password, which we store encrypted. For broker applications: the broker’s name, website and server name, and a sample account with its read-only password.',
        'Device and log data: IP address, browser type and language, operating system, pages viewed, referring pages, dates and times of access, and error and security logs.',
        'Newsletter: the email address you subscribe with.',
        'Cookies and local storage: see our Cookie Policy.',
      ],
    },
    {
      heading: 'Why we use your data and our legal bases',
      paragraphs: [
        'We use personal data only for the purposes listed below, each of which has a legal basis. Under the PDPA, we rely on your consent, including consent deemed from your use of the Service, and on the exceptions the PDPA provides, such as legitimate interests. Where the GDPR applies, the corresponding legal basis is shown in brackets.',
        'We do not sell personal data, and we do not use it to take automated decisions that have legal or similarly significant effects on you. Rankings are calculated automatically from trading results, but only for accounts that you choose to make public.',
        'We use personal data:',
      ],
      list: [
        'to create and run your account, authenticate you, send verification codes and provide the features you ask for (performance of our contract with you);',
        'to publish your reviews, ratings and posts and, if you set them to public, your trading results and rankings (performance of our contract; your choice of visibility);',
        'to moderate content, prevent fraud, spam and abuse, enforce our terms and keep the Service secure (legitimate interests);',
        'to handle complaints, support requests and requests to exercise your rights (legal obligation and legitimate interests);',
        'to send service notices and, with your consent, newsletters, from which you can unsubscribe at any time (contract; consent);',
        'to measure and improve the Service with analytics, only if you accept analytics cookies (consent);',
        'to comply with the law and respond to lawful requests from authorities (legal obligation).',
      ],
    },
    {
      heading: 'Signing in with Google or Facebook',
      paragraphs: [
        'If you choose to sign in with Google, we receive your email address, your name and the unique identifier of your Google account from Google. If you choose to sign in with Facebook, we receive your email address, your name and your Facebook user ID, under the email and public profile permissions that you grant.',
        'We use this information only to create your Brokerwise account or sign you in to it. We never receive your Google or Facebook password, and we do not post to those services on your behalf. You can remove Brokerwise’s access in your Google or Facebook account settings at any time. What those providers collect when you use their sign-in buttons is governed by their own privacy policies.',
      ],
    },
    {
      heading: 'Who we share your data with',
      paragraphs: [
        'The content you publish, your user name, avatar, country and profile text, and any trading results you make public are visible to everyone, including visitors who are not signed in, and may be indexed by search engines.',
        'We may also disclose personal data where the law requires it, in response to a valid request from a court, regulator or law-enforcement authority, to protect the rights and safety of our users or others, or to a successor in the event of a merger or sale of our business, which must continue to protect it in line with this Policy. Companies listed on the Service do not receive your email address or other contact details from us.',
        'We share personal data with the following service providers (processors), who act on our instructions under contracts that require them to protect it:',
      ],
      list: [
        'Hosting and storage: cloud infrastructure providers that host our servers and databases, and the images and videos you upload, in Singapore.',
        'Email delivery: a provider that sends verification codes, notices and, if you subscribe, newsletters.',
        'Sign-in: Google and Facebook, when you choose to use them.',
        'Analytics: an analytics provider, only if you accept analytics cookies.',
        'Professional advisers: lawyers, auditors and insurers, who are bound by duties of confidentiality.',
      ],
    },
    {
      heading: 'Where your data is stored and international transfers',
      paragraphs: [
        'Your personal data is stored on servers located in Singapore.',
        'Some service providers, such as our email delivery, sign-in and analytics providers, may process data in other countries. When we transfer personal data outside Singapore, we make sure, as the PDPA’s Transfer Limitation Obligation requires, that the recipient protects it to a standard comparable to that of the PDPA, through contractual clauses, binding corporate rules or certifications. For transfers from the European Economic Area or the United Kingdom, we use the standard contractual clauses approved for that purpose.',
      ],
    },
    {
      heading: 'How long we keep your data',
      paragraphs: [
        'We keep personal data only for as long as we need it for the purposes described in this Policy or as the law requires. We may keep data for longer where the law obliges us to or where it is needed to establish or defend legal claims, and we may keep anonymised statistics that no longer identify you.',
        'Our retention periods are:',
      ],
      list: [
        'Account and profile data: while your account exists; deleted within 30 days after it is closed.',
        'Reviews, comments and posts: while they are published; deleted together with your account, or earlier if you delete them yourself.',
        'Read-only trading passwords: until you unbind the trading account or close your Brokerwise account, then deleted within 7 days. Sample passwords from broker applications: deleted as soon as the connection check is complete.',
        'Synced trading data: while the trading account is bound; deleted within 30 days after you unbind it.',
        'Verification codes: expire shortly after they are issued and are deleted within 24 hours.',
        'Server and security logs: up to 180 days. Rate-limiting data: 4 hours.',
        'Complaint, appeal and moderation records: 3 years, to deal with repeat violations and disputes.',
        'Backups: overwritten on a rolling basis within 35 days.',
      ],
    },
    {
      heading: 'How we protect your data',
      paragraphs: [
        'We protect personal data with technical and organisational measures appropriate to the risk. No system is perfectly secure, however: if a data breach is likely to cause you significant harm, we will notify you and the Personal Data Protection Commission as the law requires. You can help by using a password that you do not use elsewhere and by keeping verification codes to yourself.',
        'Our measures include:',
      ],
      list: [
        'Passwords are never stored in readable form: they are hashed with Argon2, a memory-hard algorithm designed to resist cracking.',
        'Read-only trading passwords are encrypted with strong authenticated encryption before they are stored, and the encryption keys are kept separately from the database.',
        'All traffic between your browser or app and our servers is encrypted with TLS (HTTPS).',
        'Access to personal data is limited to staff who need it, protected by strong authentication and logged.',
        'Rate limits, anti-abuse controls, and regular security testing and updates.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'To exercise any of the rights below, email privacy@brokerwise.example from the email address linked to your account, or tell us your user name. We may ask you to verify your identity. We do not charge for reasonable requests, and we answer them within 15 working days; if we need more time, we will tell you why. If we cannot grant a request, for example because the law requires us to keep certain data, we will explain the reason.',
        'Withdrawing consent or deleting some data may mean that we can no longer provide certain features: for example, we cannot sync a trading account without its read-only password.',
        'Subject to the law that applies to you, you have the right to:',
      ],
      list: [
        'access the personal data we hold about you and find out how it has been used and disclosed;',
        'correct inaccurate or incomplete data, much of which you can edit directly in your settings;',
        'have your data deleted or your account closed;',
        'object to processing based on our legitimate interests, and to direct marketing at any time;',
        'receive the data you have provided to us in a structured, commonly used and machine-readable format (portability);',
        'withdraw your consent at any time, for example to newsletters or analytics cookies, without affecting processing carried out before the withdrawal.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'The Service is not directed at children. Children under 14 may use it only with the consent and under the supervision of a parent or legal guardian, and we do not knowingly collect personal data from a child under 14 without that consent. Users under 18 are encouraged to use the Service with the guidance of a guardian.',
        'If we learn that we have collected personal data from a child under 14 without a guardian’s consent, we will promptly delete it and close the account. Guardians who believe this has happened can contact us at privacy@brokerwise.example.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'We use cookies and local storage to keep you signed in, remember your language, protect the Service and, with your consent, measure how it is used. Their names, purposes and durations — from 4 hours to 27 years — are listed in our Cookie Policy, which also explains how you can control them.',
      ],
    },
    {
      heading: 'Complaints',
      paragraphs: [
        'If you are concerned about how we have handled your personal data, please contact privacy@brokerwise.example. We will acknowledge your complaint promptly and answer it within 15 working days.',
        'If you are not satisfied with our answer, you may complain to the Personal Data Protection Commission of Singapore (www.pdpc.gov.sg) or to the data protection authority of the country where you live or work.',
      ],
    },
    {
      heading: 'Changes to this Policy',
      paragraphs: [
        'We may update this Policy from time to time; the date at the top shows when it was last changed. If we make material changes, we will tell you by site notice or email before they take effect and, where the law requires it, ask for your consent again.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'Data Protection Officer, Brokerwise Pte. Ltd., Singapore: privacy@brokerwise.example. For general support: support@brokerwise.example.',
      ],
    },
  ],
};

const privacyZh: LegalDocument = {
  title: '隐私政策',
  updated: LEGAL_UPDATED,
  intro: [
    '本《隐私政策》说明 Brokerwise Pte. Ltd.（以下简称“Brokerwise”或“我们”）在您使用 Brokerwise 网站及相关服务（以下简称“本服务”）时，如何收集、使用、共享和保护个人数据，以及您享有的选择和权利。',
    '我们依照新加坡《2012 年个人数据保护法》（PDPA）处理个人数据；如欧盟或英国《通用数据保护条例》（GDPR）等其他数据保护法律适用于您，我们亦遵守该等法律。',
  ],
  sections: [
    {
      heading: '我们是谁',
      paragraphs: [
        '本服务由在新加坡注册成立的 Brokerwise Pte. Ltd. 运营。该公司决定处理您个人数据的方式和目的，是负责处理您个人数据的机构（即“数据控制者”）。',
        '我们已委任数据保护官。如您对本政策或您的个人数据有任何疑问，可发送邮件至 privacy@brokerwise.example 与其联系。',
      ],
    },
    {
      heading: '我们收集的数据',
      paragraphs: [
        '我们直接从您处、在您使用本服务时自动地，以及从您选择使用的登录服务提供商处收集个人数据。我们不会索取身份证件、银行账户信息或交易密码，也请您不要在发布的内容中包含健康信息、身份证件号码等敏感数据。',
        '我们收集以下类别的个人数据：',
      ],
      list: [
        '账号数据：电子邮箱、用户名、密码（仅以哈希值形式存储）、账号类型（个人或公司）、验证码、您同意我们条款的记录；如您使用 Google 或 Facebook 登录，还包括“使用 Google 或 Facebook 登录”中所述的数据。',
        '个人资料：头像、国家或地区、个人简介（座右铭），以及您关注的创作者、您的粉丝、获赞和收藏。',
        '用户内容：点评及星级评分、评论、视频帖子和图文帖子（包括其封面、标题和描述）、举报，以及您发送给客服团队的消息。',
        '交易账户数据：账号、经纪商、服务器、策略昵称和说明、账户类型、杠杆、余额、净值、入金、出金、费用、交易手数和历史订单、您选择的可见性，以及经加密存储的只读（投资者）密码。申请添加经纪商时，还包括经纪商名称、网站、服务器名称，以及样本账号及其只读密码。',
        '设备和日志数据：IP 地址、浏览器类型和语言、操作系统、浏览的页面、来源页面、访问日期和时间，以及错误日志和安全日志。',
        '电子通讯：您订阅时提供的电子邮箱。',
        'Cookie 和本地存储：详见《Cookie 政策》。',
      ],
    },
    {
      heading: '我们使用数据的目的及法律依据',
      paragraphs: [
        '我们仅为下列目的使用个人数据，且每项目的均有相应的法律依据。根据 PDPA，我们依据您的同意（包括因您使用本服务而视为作出的同意）以及 PDPA 规定的合法利益等例外情形处理您的数据；适用 GDPR 时，相应的法律依据列于括号内。',
        '我们不会出售个人数据，也不会利用个人数据作出对您产生法律效力或类似重大影响的自动化决策。排名虽由系统根据交易业绩自动计算，但仅涵盖您选择公开的账户。',
        '我们将个人数据用于：',
      ],
      list: [
        '创建和运营您的账号、验证您的身份、发送验证码，并提供您所要求的功能（履行与您之间的合同）；',
        '发布您的点评、评分和帖子，以及在您设为公开时发布您的交易业绩和排名（履行合同；依据您对可见性的选择）；',
        '审核内容，防范欺诈、垃圾信息和滥用行为，执行我们的条款并保障本服务的安全（合法利益）；',
        '处理投诉、客服请求以及您行使权利的请求（法律义务及合法利益）；',
        '发送服务通知，并在征得您同意后发送电子通讯，您可随时退订（合同；同意）；',
        '在您接受分析类 Cookie 的前提下，通过数据分析衡量和改进本服务（同意）；',
        '遵守法律并回应主管机关的合法要求（法律义务）。',
      ],
    },
    {
      heading: '使用 Google 或 Facebook 登录',
      paragraphs: [
        '如您选择使用 Google 登录，我们将从 Google 获得您的电子邮箱、姓名以及您 Google 账号的唯一标识符。如您选择使用 Facebook 登录，我们将在您授予的电子邮箱和公开资料权限范围内，获得您的电子邮箱、姓名和 Facebook 用户 ID。',
        '我们仅将上述信息用于创建或登录您的 Brokerwise 账号。我们绝不会获得您的 Google 或 Facebook 密码，也不会代表您在这些平台上发布内容。您可以随时在 Google 或 Facebook 的账号设置中撤销 Brokerwise 的访问权限。您使用上述服务提供商的登录按钮时，其收集哪些数据，以其各自的隐私政策为准。',
      ],
    },
    {
      heading: '我们与谁共享您的数据',
      paragraphs: [
        '您发布的内容，您的用户名、头像、国家或地区和个人简介，以及您设为公开的交易业绩，对所有人可见（包括未登录的访客），并可能被搜索引擎收录。',
        '此外，在法律要求时，为回应法院、监管机构或执法机关的有效要求，为保护我们的用户或他人的权利和安全，或在合并或出售业务时向承继方（其须继续按照本政策保护相关数据），我们也可能披露个人数据。我们不会向本服务收录的公司提供您的电子邮箱或其他联系方式。',
        '我们会与以下服务提供商（数据处理者）共享个人数据，其按照我们的指示行事，并受合同约束须保护相关数据：',
      ],
      list: [
        '托管与存储：在新加坡托管我们的服务器、数据库以及您上传的图片和视频的云基础设施提供商。',
        '邮件发送：发送验证码、通知以及（如您订阅）电子通讯的服务提供商。',
        '登录服务：在您选择使用时，Google 和 Facebook。',
        '数据分析：分析服务提供商，仅在您接受分析类 Cookie 时使用。',
        '专业顾问：负有保密义务的律师、审计师和保险公司。',
      ],
    },
    {
      heading: '数据存储地点与跨境传输',
      paragraphs: [
        '您的个人数据存储于位于新加坡的服务器。',
        '部分服务提供商（例如我们的邮件发送、登录和数据分析服务提供商）可能在其他国家或地区处理数据。我们将个人数据传输至新加坡境外时，会按照 PDPA 关于跨境传输限制义务的要求，通过合同条款、具有约束力的企业规则或认证等方式，确保接收方提供与 PDPA 相当的保护标准。从欧洲经济区或英国传输数据时，我们采用为此目的批准的标准合同条款。',
      ],
    },
    {
      heading: '数据保存期限',
      paragraphs: [
        '我们仅在实现本政策所述目的所需的期限内，或在法律要求的期限内保存个人数据。如法律要求，或为提起或抗辩法律主张所需，我们可能延长保存期限；我们也可能保存已无法识别您身份的匿名统计数据。',
        '具体保存期限如下：',
      ],
      list: [
        '账号数据和个人资料：在账号存续期间保存；账号注销后 30 日内删除。',
        '点评、评论和帖子：在发布期间保存；随账号注销一并删除，您也可以提前自行删除。',
        '交易账户只读密码：保存至您解除交易账户绑定或注销 Brokerwise 账号为止，之后 7 日内删除。申请添加经纪商时提供的样本密码：连接检测完成后立即删除。',
        '同步的交易数据：在交易账户绑定期间保存；解除绑定后 30 日内删除。',
        '验证码：签发后短时间内失效，并在 24 小时内删除。',
        '服务器日志和安全日志：最长保存 180 日。访问频率限制数据：保存 4 小时。',
        '投诉、申诉和审核记录：保存 3 年，用于处理重复违规和争议。',
        '备份：在 35 日内滚动覆盖。',
      ],
    },
    {
      heading: '我们如何保护您的数据',
      paragraphs: [
        '我们采取与风险相适应的技术和组织措施保护个人数据。但任何系统都无法做到绝对安全：如发生可能对您造成重大损害的数据泄露，我们将依法通知您及个人数据保护委员会。请您使用未在其他网站使用过的密码，并妥善保管验证码，共同保障账号安全。',
        '我们的措施包括：',
      ],
      list: [
        '密码绝不以可读形式存储，而是使用 Argon2 进行哈希处理。Argon2 是一种专为抵御破解而设计的内存密集型算法。',
        '只读交易密码在存储前经过高强度的认证加密处理，加密密钥与数据库分开保管。',
        '您的浏览器或应用与我们服务器之间的所有通信均采用 TLS（HTTPS）加密。',
        '仅限有需要的工作人员访问个人数据，访问须经过强身份验证并记录日志。',
        '访问频率限制、反滥用控制，以及定期的安全测试和更新。',
      ],
    },
    {
      heading: '您的权利',
      paragraphs: [
        '如需行使下列任何权利，请使用与账号绑定的电子邮箱发送邮件至 privacy@brokerwise.example，或在邮件中注明您的用户名。我们可能要求您验证身份。对于合理的请求，我们不收取费用，并将在 15 个工作日内答复；如需更多时间，我们会向您说明原因。如我们无法满足您的请求（例如法律要求我们保留某些数据），我们会向您解释理由。',
        '撤回同意或删除部分数据后，我们可能无法继续为您提供某些功能。例如，缺少只读密码时，我们将无法同步相应的交易账户。',
        '在对您适用的法律范围内，您有权：',
      ],
      list: [
        '查阅我们持有的您的个人数据，并了解其使用和披露情况；',
        '更正不准确或不完整的数据，其中大部分数据您可以直接在设置中修改；',
        '要求删除您的数据或注销您的账号；',
        '反对我们基于合法利益处理您的数据，并可随时拒绝直接营销；',
        '以结构化、常用且机器可读的格式获取您提供给我们的数据（可携带权）；',
        '随时撤回您的同意（例如对电子通讯或分析类 Cookie 的同意），但撤回不影响此前已进行的处理。',
      ],
    },
    {
      heading: '未成年人',
      paragraphs: [
        '本服务并非面向儿童。未满 14 周岁的儿童须经父母或其他监护人同意，并在其监督下方可使用本服务；未经该等同意，我们不会故意收集未满 14 周岁儿童的个人数据。我们建议未满 18 周岁的用户在监护人的指导下使用本服务。',
        '如我们发现在未获监护人同意的情况下收集了未满 14 周岁儿童的个人数据，将及时删除相关数据并注销其账号。监护人如认为存在上述情况，请发送邮件至 privacy@brokerwise.example 与我们联系。',
      ],
    },
    {
      heading: 'Cookie',
      paragraphs: [
        '我们使用 Cookie 和本地存储来保持您的登录状态、记住您的语言偏好、保护本服务，并在征得您同意后统计本服务的使用情况。相关 Cookie 的名称、用途和有效期（4 小时至 27 年不等）详见《Cookie 政策》，您也可以在其中了解如何管理 Cookie。',
      ],
    },
    {
      heading: '投诉处理',
      paragraphs: [
        '如您对我们处理您个人数据的方式有任何疑虑，请发送邮件至 privacy@brokerwise.example。我们会及时确认收到您的投诉，并在 15 个工作日内予以答复。',
        '如您对我们的答复不满意，可以向新加坡个人数据保护委员会（www.pdpc.gov.sg）或您居住地、工作地所在国家或地区的数据保护机构投诉。',
      ],
    },
    {
      heading: '政策变更',
      paragraphs: [
        '我们可能不时更新本政策，页首日期为最近更新日期。如有重大变更，我们将在变更生效前通过站内通知或电子邮件告知您，并在法律要求时重新征得您的同意。',
      ],
    },
    {
      heading: '联系我们',
      paragraphs: [
        'Brokerwise Pte. Ltd.（新加坡）数据保护官：privacy@brokerwise.example。一般客服咨询：support@brokerwise.example。',
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Cookie Policy (/cookie)
// ---------------------------------------------------------------------------------------------

const cookieEn: LegalDocument = {
  title: 'Cookie Policy',
  updated: LEGAL_UPDATED,
  intro: [
    'This Cookie Policy explains how Brokerwise Pte. Ltd. (“Brokerwise”, “we” or “us”) uses cookies and similar technologies, such as local storage, on the Brokerwise website, and how you can control them. It supplements our Privacy Policy.',
    'Depending on their purpose, the cookies and similar technologies used by us and by our sign-in providers last from 4 hours to 27 years, as detailed below.',
  ],
  sections: [
    {
      heading: 'What cookies and local storage are',
      paragraphs: [
        'Cookies are small text files that a website stores in your browser and reads back on later visits. First-party cookies are set by the site you are visiting; third-party cookies are set by other domains, for example by a sign-in provider whose button appears on the page. Session cookies are deleted when you close your browser, while persistent cookies remain until they expire or you delete them.',
        'Local storage and session storage are similar browser features that let a website keep data on your device. Unlike cookies, they are not sent to our servers with every request and have no expiry date: local storage remains until the site or you delete it, and session storage is cleared when you close the tab.',
      ],
    },
    {
      heading: 'How long they last',
      paragraphs: [
        'Durations range from 4 hours, for our shortest-lived security cookie, to 27 years, for some cookies set by third-party sign-in providers. None of our own cookies lasts longer than 2 years. The duration of each one is given below.',
      ],
    },
    {
      heading: 'Strictly necessary',
      paragraphs: [
        'These cookies and storage items are essential for the Service to work and to stay secure, so they do not require your consent and cannot be switched off in our cookie settings. If you block them in your browser, you will not be able to sign in.',
      ],
      list: [
        'bw_session (cookie): keeps you signed in and links your requests to your account. Duration: until you close your browser, or 30 days if you tick “Remember me”.',
        'bw_csrf (cookie): a random token that protects forms, such as reviews, posts and password changes, against cross-site request forgery. Duration: the same as bw_session.',
        'bw_consent (cookie): records your cookie choices so that we do not ask you again on every visit. Duration: 1 year.',
        'userInfo (local storage and session storage): your user ID, user name and avatar address, so that the pages you open know that you are signed in. It never holds your password or sign-in token. Duration: until you log out or your session ends.',
      ],
    },
    {
      heading: 'Preferences',
      paragraphs: [
        'These remember the choices you make, such as your language, so that the site is shown the way you want. If you delete them, the site is shown in English until you choose a language again.',
      ],
      list: [
        'lang (cookie): remembers whether you chose English or Simplified Chinese, so that pages are served in that language. Duration: 1 year.',
        'lang (local storage): keeps the same language choice in your browser, so that the page can restore it if the cookie is missing. Duration: until you clear it; the default language is English.',
        'rememberEmail (local storage): the email address or user name you asked us to remember when you ticked “Remember me”, so that the sign-in form is filled in for you. Your password is never stored. Duration: until you sign in without “Remember me” or clear it.',
      ],
    },
    {
      heading: 'Security and anti-abuse',
      paragraphs: [
        'This cookie helps us detect and slow down automated attacks such as password guessing, mass registration, spam reviews and scraping. It does not identify you personally and is not used for advertising or analytics.',
      ],
      list: [
        'bw_rl (cookie): a random identifier used to apply rate limits and anti-abuse checks to sign-in, registration, verification-code and posting requests. Duration: 4 hours.',
      ],
    },
    {
      heading: 'Analytics (only with your consent)',
      paragraphs: [
        'Only if you consent, we use an analytics cookie to understand how visitors use the Service — for example which pages are visited and where errors occur — so that we can improve it. We look at aggregated statistics only, we do not use them for advertising, and we do not combine them with your account to build a profile of you. The cookie is not set until you accept it in the cookie banner, and you can withdraw your consent at any time.',
      ],
      list: [
        'bw_aid (cookie): a random identifier that distinguishes visitors in aggregated statistics. Duration: up to 2 years.',
      ],
    },
    {
      heading: 'Third-party cookies from sign-in providers',
      paragraphs: [
        'If you use the Google or Facebook sign-in buttons, those providers may set or read their own cookies on their domains to authenticate you, prevent fraud and remember your settings. Some of these cookies last as long as 27 years. We do not control these cookies and cannot access them; their purposes and durations are described in Google’s and Facebook’s own cookie policies.',
        'If you do not use these sign-in options, you can avoid most of these cookies by blocking third-party cookies in your browser.',
      ],
    },
    {
      heading: 'How to control and delete cookies',
      paragraphs: [
        'When you first visit, you can accept or reject analytics cookies in the cookie banner, and you can change your choice at any time from the cookie settings in the site footer.',
        'You can also block or delete cookies and clear local storage in your browser settings. Most browsers let you refuse all cookies, refuse only third-party cookies, or delete cookies whenever you close the browser; instructions are in the help pages of browsers such as Chrome, Safari, Firefox and Edge.',
        'Blocking strictly necessary cookies will prevent you from signing in, and deleting the lang cookie and local storage will reset the site language to English.',
      ],
    },
    {
      heading: 'Changes to this Policy',
      paragraphs: [
        'We will update this Policy, and the date at the top, whenever we add, remove or change cookies. If a change requires your consent, we will ask for it again through the cookie banner.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        'If you have questions about our use of cookies, email privacy@brokerwise.example or write to Brokerwise Pte. Ltd., Singapore. We answer complaints within 15 working days.',
      ],
    },
  ],
};

const cookieZh: LegalDocument = {
  title: 'Cookie 政策',
  updated: LEGAL_UPDATED,
  intro: [
    '本《Cookie 政策》说明 Brokerwise Pte. Ltd.（以下简称“Brokerwise”或“我们”）如何在 Brokerwise 网站上使用 Cookie 以及本地存储等类似技术，以及您如何对其进行管理。本政策是《隐私政策》的补充。',
    '视用途不同，我们及登录服务提供商使用的 Cookie 和类似技术的有效期从 4 小时至 27 年不等，详见下文。',
  ],
  sections: [
    {
      heading: '什么是 Cookie 和本地存储',
      paragraphs: [
        'Cookie 是网站存储在您浏览器中的小型文本文件，网站会在您之后访问时读取。第一方 Cookie 由您正在访问的网站设置；第三方 Cookie 由其他域名设置，例如在页面上显示登录按钮的登录服务提供商。会话 Cookie 会在您关闭浏览器时删除，持久性 Cookie 则保留至到期或被您删除为止。',
        '本地存储和会话存储是类似的浏览器功能，允许网站在您的设备上保存数据。与 Cookie 不同，它们不会随每次请求发送至我们的服务器，也没有到期时间：本地存储会一直保留，直至网站或您将其删除；会话存储则在您关闭标签页时清除。',
      ],
    },
    {
      heading: '有效期',
      paragraphs: [
        '有效期从 4 小时（我们有效期最短的安全类 Cookie）至 27 年（部分第三方登录服务提供商设置的 Cookie）不等。我们自己设置的 Cookie 有效期均不超过 2 年。各项的具体有效期见下文。',
      ],
    },
    {
      heading: '严格必要类',
      paragraphs: [
        '这些 Cookie 和存储项是本服务正常运行及保障安全所必需的，因此无需征得您的同意，也无法在我们的 Cookie 设置中关闭。如您在浏览器中屏蔽它们，将无法登录。',
      ],
      list: [
        'bw_session（Cookie）：保持您的登录状态，并将您的请求与您的账号关联。有效期：至您关闭浏览器为止；如勾选“记住我”，则为 30 天。',
        'bw_csrf（Cookie）：一个随机令牌，用于保护点评、发帖、修改密码等表单，防范跨站请求伪造攻击。有效期：与 bw_session 相同。',
        'bw_consent（Cookie）：记录您对 Cookie 的选择，避免每次访问时重复询问。有效期：1 年。',
        'userInfo（本地存储和会话存储）：您的用户 ID、用户名和头像地址，使您打开的页面能够识别您已登录；其中绝不包含您的密码或登录令牌。有效期：至您退出登录或会话结束为止。',
      ],
    },
    {
      heading: '偏好类',
      paragraphs: [
        '这些技术用于记住您所作的选择（例如语言），以便按照您希望的方式显示网站。如您将其删除，网站将以英文显示，直至您再次选择语言。',
      ],
      list: [
        'lang（Cookie）：记住您选择的是英文还是简体中文，以便以该语言提供页面。有效期：1 年。',
        'lang（本地存储）：在您的浏览器中保存相同的语言选择，以便在 Cookie 缺失时恢复该选择。有效期：至您清除为止；默认语言为英文。',
        'rememberEmail（本地存储）：您勾选“记住我”时要求我们记住的邮箱或用户名，以便为您预先填写登录表单；您的密码绝不会被保存。有效期：至您在未勾选“记住我”的情况下登录或将其清除为止。',
      ],
    },
    {
      heading: '安全与反滥用类',
      paragraphs: [
        '该 Cookie 帮助我们发现并遏制密码猜测、批量注册、垃圾点评和数据抓取等自动化攻击。它不会识别您的个人身份，也不会用于广告或统计分析。',
      ],
      list: [
        'bw_rl（Cookie）：一个随机标识符，用于对登录、注册、获取验证码和发布内容等请求实施访问频率限制和反滥用检查。有效期：4 小时。',
      ],
    },
    {
      heading: '分析类（仅在您同意后使用）',
      paragraphs: [
        '仅在您同意的情况下，我们才会使用分析类 Cookie 了解访客如何使用本服务（例如访问了哪些页面、在何处出现错误），以便改进服务。我们仅查看汇总统计数据，不将其用于广告，也不会将其与您的账号关联以建立您的用户画像。在您通过 Cookie 提示栏接受之前，我们不会设置该 Cookie，您也可以随时撤回同意。',
      ],
      list: [
        'bw_aid（Cookie）：一个随机标识符，用于在汇总统计中区分不同访客。有效期：最长 2 年。',
      ],
    },
    {
      heading: '登录服务提供商的第三方 Cookie',
      paragraphs: [
        '如您使用 Google 或 Facebook 登录按钮，上述服务提供商可能在其自己的域名下设置或读取其 Cookie，用于验证您的身份、防范欺诈和记住您的设置，其中部分 Cookie 的有效期长达 27 年。我们无法控制也无法访问这些 Cookie，其用途和有效期以 Google 和 Facebook 各自的 Cookie 政策为准。',
        '如您不使用上述登录方式，可以在浏览器中屏蔽第三方 Cookie，以避免大部分此类 Cookie。',
      ],
    },
    {
      heading: '如何管理和删除 Cookie',
      paragraphs: [
        '首次访问时，您可以在 Cookie 提示栏中接受或拒绝分析类 Cookie，之后也可以随时通过网站页脚中的 Cookie 设置更改您的选择。',
        '您还可以在浏览器设置中屏蔽或删除 Cookie，并清除本地存储。大多数浏览器允许您拒绝所有 Cookie、仅拒绝第三方 Cookie，或在每次关闭浏览器时删除 Cookie；具体操作方法请参阅 Chrome、Safari、Firefox、Edge 等浏览器的帮助页面。',
        '屏蔽严格必要类 Cookie 将导致您无法登录；删除 lang Cookie 和本地存储后，网站语言将恢复为英文。',
      ],
    },
    {
      heading: '政策变更',
      paragraphs: [
        '每当我们新增、移除或变更 Cookie 时，都会更新本政策及页首日期。如变更需要征得您的同意，我们将通过 Cookie 提示栏再次征求您的同意。',
      ],
    },
    {
      heading: '联系我们',
      paragraphs: [
        '如您对我们使用 Cookie 有任何疑问，请发送邮件至 privacy@brokerwise.example，或致函新加坡 Brokerwise Pte. Ltd.。我们将在 15 个工作日内答复投诉。',
      ],
    },
  ],
};

export const legalDocuments: Record<LegalDocumentKey, Record<ContentLocale, LegalDocument>> = {
  service: { en: serviceEn, 'zh-CN': serviceZh },
  privacy: { en: privacyEn, 'zh-CN': privacyZh },
  cookie: { en: cookieEn, 'zh-CN': cookieZh },
};
