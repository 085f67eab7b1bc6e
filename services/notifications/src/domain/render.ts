import type { CompanyRow } from '../store/company.store.ts';
import type { PostRow } from '../store/post.store.ts';
import type { NoticeCategory, Locale, PostRemoved } from '../store/types.ts';
import type { UserRow } from '../store/user.store.ts';

/** What a notice is about; stored as `kind` with its string params, rendered when read. */
export type NoticeKind =
  | 'followed'
  | 'post_liked'
  | 'post_commented'
  | 'comment_replied'
  | 'post_collected'
  | 'post_forwarded'
  | 'review_approved'
  | 'review_rejected'
  | 'content_removed'
  | 'content_restored'
  | 'removal_upheld'
  | 'broker_application_approved'
  | 'broker_application_rejected'
  | 'video_ready'
  | 'video_failed'
  | 'sanction_imposed'
  | 'sanction_lifted'
  | 'appeal_rejected'
  | 'licence_status_changed'
  | 'company_replied'
  | 'complaint_published'
  | 'complaint_message'
  | 'complaint_expired'
  | 'complaint_lapsed'
  | 'complaint_reminder'
  | 'representative_approved'
  | 'representative_rejected'
  | 'representative_revoked'
  | 'system';

export interface RenderedNotice {
  title: string;
  text: string;
  /** Site-relative link to the notice's subject (post, review, profile, broker application), or null. */
  link: string | null;
  /** Who did it, for notices about someone's action. */
  actor: { id: string; username: string } | null;
}

export interface RenderLookups {
  users: Map<string, UserRow>;
  companies: Map<string, CompanyRow>;
  /** Kinds of the posts notices are about, and whether they are gone; a post not in it (older than the read model) links as a video. */
  posts: Map<string, PostRow>;
}

type P = Record<string, string>;
type Template = { title: string; text: (p: P & { actor: string; company: string }) => string };

const EXCERPT_MAX = 80;
const excerpt = (s: string | undefined) => {
  const flat = (s ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1)}…` : flat;
};

const VIDEO_REASONS: Record<Locale, Record<string, string>> = {
  en: { transcode_failed: 'it could not be converted', timeout: 'processing took too long', no_video_stream: 'the file has no video in it' },
  'zh-cn': { transcode_failed: '无法转码', timeout: '处理超时', no_video_stream: '文件中没有视频画面' },
};

/** The rules of the terms a sanction names (identity's RULES), as the notice states them. */
const RULE_LABELS: Record<Locale, Record<string, string>> = {
  en: {
    illegal: 'illegal content',
    personal_data: "sharing others' personal data",
    abuse: 'abuse or harassment',
    fake_review: 'fake or paid reviews',
    conflict_of_interest: 'undisclosed conflict of interest',
    spam: 'spam or advertising',
    impersonation: 'impersonation',
    other: 'other breach of the terms',
  },
  'zh-cn': {
    illegal: '违法内容',
    personal_data: '泄露他人个人信息',
    abuse: '辱骂或骚扰',
    fake_review: '虚假或付费点评',
    conflict_of_interest: '未披露的利益冲突',
    spam: '垃圾信息或广告',
    impersonation: '冒充他人',
    other: '其他违反条款的行为',
  },
};
const ruleLabel = (lang: Locale, rule: string | undefined) => RULE_LABELS[lang][rule ?? ''] ?? RULE_LABELS[lang].other!;
/** A restriction's end as both languages print it, in UTC (the notice is read anywhere). */
const utc = (iso: string | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '');

const SANCTION_EN: Record<string, (p: P) => string> = {
  warn: (p) => `You have received a warning for ${ruleLabel('en', p.rule)}. Reason: ${p.reason}. You can appeal it from your account.`,
  restrict: (p) => `You cannot post until ${utc(p.endsAt)} for ${ruleLabel('en', p.rule)}. Reason: ${p.reason}. You can appeal it from your account.`,
  freeze: (p) => `Your account has been frozen for ${ruleLabel('en', p.rule)}. Reason: ${p.reason}.`,
};
const SANCTION_ZH: Record<string, (p: P) => string> = {
  warn: (p) => `您因“${ruleLabel('zh-cn', p.rule)}”收到警告。原因：${p.reason}。您可以在账户中申诉。`,
  restrict: (p) => `您因“${ruleLabel('zh-cn', p.rule)}”被限制发布，直至 ${utc(p.endsAt)}。原因：${p.reason}。您可以在账户中申诉。`,
  freeze: (p) => `您的账户因“${ruleLabel('zh-cn', p.rule)}”被冻结。原因：${p.reason}。`,
};

/** The rules of the terms a moderator cites (the report reasons' codes). */
const RULES: Record<Locale, Record<string, string>> = {
  en: {
    spam: 'spam or advertising',
    fake_review: 'fake or paid review',
    conflict_of_interest: 'conflict of interest',
    abuse: 'abuse or harassment',
    personal_data: 'personal data',
    illegal: 'illegal content',
    other: 'other violation of the terms',
  },
  'zh-cn': {
    spam: '垃圾信息或广告',
    fake_review: '虚假或付费点评',
    conflict_of_interest: '利益冲突',
    abuse: '辱骂或骚扰',
    personal_data: '个人信息',
    illegal: '违法内容',
    other: '其他违反条款的行为',
  },
};
export const ruleOf = (lang: Locale, rule: string | undefined) => (rule ? (RULES[lang][rule] ?? rule) : '');
const KINDS: Record<Locale, Record<string, string>> = {
  en: { post: 'post', comment: 'comment', review: 'review' },
  'zh-cn': { post: '作品', comment: '评论', review: '点评' },
};

/** What an appeal was about: `your review of <company>`, `your post “<excerpt>”` (`您对 X 的点评`, `您的作品“…”`). */
export function appealedContent(lang: Locale, p: { targetKind?: string | undefined; excerpt?: string | undefined; company: string }): string {
  if (p.targetKind === 'review') return lang === 'en' ? `your review of ${p.company}` : `您对 ${p.company} 的点评`;
  const kind = KINDS[lang][p.targetKind ?? ''] ?? (lang === 'en' ? 'content' : '内容');
  return lang === 'en' ? `your ${kind} “${excerpt(p.excerpt)}”` : `您的${kind}“${excerpt(p.excerpt)}”`;
}

/** The licence register's statuses as each language says them. */
const LICENCE_STATUS: Record<Locale, Record<string, string>> = {
  en: { active: 'active', suspended: 'suspended', revoked: 'revoked', expired: 'expired' },
  'zh-cn': { active: '有效', suspended: '暂停', revoked: '已撤销', expired: '已过期' },
};
const licenceStatus = (lang: Locale, s: string | undefined) => LICENCE_STATUS[lang][s ?? ''] ?? s ?? '';

const TEMPLATES: Record<Locale, Record<Exclude<NoticeKind, 'system'>, Template>> = {
  en: {
    followed: { title: 'New follower', text: (p) => `${p.actor} followed you.` },
    post_liked: { title: 'New like', text: (p) => `${p.actor} liked your post “${p.postTitle}”.` },
    post_commented: { title: 'New comment', text: (p) => `${p.actor} commented on your post “${p.postTitle}”: ${excerpt(p.excerpt)}` },
    comment_replied: { title: 'New reply', text: (p) => `${p.actor} replied to your comment on “${p.postTitle}”: ${excerpt(p.excerpt)}` },
    post_collected: { title: 'Post collected', text: (p) => `${p.actor} collected your post “${p.postTitle}”.` },
    post_forwarded: { title: 'Post forwarded', text: (p) => `${p.actor} forwarded your post “${p.postTitle}”.` },
    review_approved: { title: 'Review approved', text: (p) => `Your review of ${p.company} has been approved and published.` },
    review_rejected: {
      title: 'Review not approved',
      // With a rule, a published review was taken down after a report.
      text: (p) =>
        p.rule
          ? `Your review of ${p.company} was removed after a report. Reason: ${p.reason} Rule: ${ruleOf('en', p.rule)}.`
          : `Your review of ${p.company} was not approved. Reason: ${p.reason}`,
    },
    content_removed: {
      title: 'Content removed',
      text: (p) => `Your ${KINDS.en[p.targetKind ?? ''] ?? 'content'} “${excerpt(p.excerpt)}” was removed. Reason: ${p.reason} Rule: ${ruleOf('en', p.rule)}.`,
    },
    content_restored: {
      title: 'Content restored',
      text: (p) => `Your appeal was accepted: your ${KINDS.en[p.targetKind ?? ''] ?? 'content'} “${excerpt(p.excerpt)}” is shown again. Reason: ${p.reason}`,
    },
    removal_upheld: {
      title: 'Removal upheld',
      text: (p) => `Another moderator reviewed your appeal: ${appealedContent('en', p)} stays removed. Reason: ${p.reason}${p.rule ? ` Rule: ${ruleOf('en', p.rule)}.` : ''}`,
    },
    broker_application_approved: {
      title: 'Broker application approved',
      text: (p) => `Your application to add ${p.brokerName} was approved — its server ${p.server} can now be bound.`,
    },
    broker_application_rejected: { title: 'Broker application not approved', text: (p) => `Your application to add ${p.brokerName} was not approved. Reason: ${p.reason}` },
    video_ready: { title: 'Video ready', text: () => 'Your video has been processed and can now be played.' },
    video_failed: {
      title: 'Video failed',
      text: (p) => `Your video could not be processed (${VIDEO_REASONS.en[p.reason ?? ''] ?? 'an unexpected error'}). Please upload it again.`,
    },
    sanction_imposed: { title: 'Account sanction', text: (p) => (SANCTION_EN[p.sanctionKind ?? ''] ?? SANCTION_EN.warn!)(p) },
    sanction_lifted: { title: 'Sanction lifted', text: (p) => `${p.appealId ? 'Your appeal was accepted: the' : 'The'} sanction on your account has been lifted. Reason: ${p.reason}` },
    appeal_rejected: { title: 'Appeal rejected', text: (p) => `Your appeal was reviewed by another moderator and the sanction stays. Reason: ${p.reason}` },
    licence_status_changed: {
      title: 'Licence status changed',
      text: (p) => `${p.company}'s ${p.regulator} licence ${p.licenceNo} is ${licenceStatus('en', p.status)} as of ${p.effectiveOn}. See the evidence on the company page.`,
    },
    company_replied: {
      title: 'Reply from the company',
      text: (p) => `${p.company} ${p.edited ? 'edited its verified reply' : 'replied'} to your review: ${excerpt(p.excerpt)}`,
    },
    complaint_published: {
      title: 'New complaint',
      text: (p) => `A complaint against ${p.company} was published (${COMPLAINT_CATEGORIES.en[p.category ?? ''] ?? 'other'}). Please answer it on the case page by ${p.due}.`,
    },
    complaint_message: {
      title: 'New message in a complaint',
      text: (p) =>
        p.fromCompany
          ? `${p.company} answered your complaint: ${excerpt(p.excerpt)}${p.due ? ` — please reply, confirm or reject the outcome by ${p.due}; after that the case closes as “no reply from the author”.` : ''}`
          : `The author of a complaint against ${p.company} wrote: ${excerpt(p.excerpt)}${p.due ? ` — please answer by ${p.due}.` : ''}`,
    },
    representative_approved: {
      title: 'Company representative approved',
      text: (p) => `You are now a verified representative of ${p.company}: you can reply to its reviews and answer its complaints, and see its dashboard.`,
    },
    representative_rejected: { title: 'Company claim not approved', text: (p) => `Your claim to represent ${p.company} was not approved. Reason: ${p.reason}` },
    representative_revoked: { title: 'Company representative revoked', text: (p) => `You no longer represent ${p.company} on Brokerwise. Reason: ${p.reason}` },
    complaint_expired: {
      title: 'Complaint unresolved',
      text: (p) =>
        p.forCompany
          ? `A complaint against ${p.company} was not answered by its deadline; it is now marked unresolved.`
          : `${p.company} did not answer your complaint ${p.days ? `within ${workingDaysEn(p.days)}` : 'by its deadline'}; it is now marked unresolved.`,
    },
    complaint_lapsed: {
      title: 'Complaint closed: no reply from the author',
      text: (p) =>
        p.forCompany
          ? `The author of a complaint against ${p.company} did not reply to the answer in time. The case is closed as “no reply from the author”: it counts neither as resolved nor as unresolved.`
          : `You did not reply to ${p.company}'s answer in time, so your complaint is closed as “no reply from the author”. It counts neither as resolved nor as unresolved.`,
    },
    complaint_reminder: {
      title: 'Complaint deadline approaching',
      text: (p) =>
        p.forCompany
          ? `${workingDaysEn(p.days)} left to answer the complaint against ${p.company} (until ${p.due}). If it is not answered by then, it is marked unresolved.`
          : `Your complaint against ${p.company}: ${workingDaysEn(p.days)} left to reply, confirm or reject (until ${p.due}). After that the case closes as “no reply from the author”.`,
    },
  },
  'zh-cn': {
    followed: { title: '新粉丝', text: (p) => `${p.actor} 关注了您。` },
    post_liked: { title: '新的点赞', text: (p) => `${p.actor} 赞了您的作品《${p.postTitle}》。` },
    post_commented: { title: '新评论', text: (p) => `${p.actor} 评论了您的作品《${p.postTitle}》：${excerpt(p.excerpt)}` },
    comment_replied: { title: '新回复', text: (p) => `${p.actor} 回复了您在《${p.postTitle}》下的评论：${excerpt(p.excerpt)}` },
    post_collected: { title: '作品被收藏', text: (p) => `${p.actor} 收藏了您的作品《${p.postTitle}》。` },
    post_forwarded: { title: '作品被转发', text: (p) => `${p.actor} 转发了您的作品《${p.postTitle}》。` },
    review_approved: { title: '点评已通过', text: (p) => `您对 ${p.company} 的点评已通过审核并发布。` },
    review_rejected: {
      title: '点评未通过',
      text: (p) =>
        p.rule ? `您对 ${p.company} 的点评因被举报已被删除。原因：${p.reason} 违反规则：${ruleOf('zh-cn', p.rule)}。` : `您对 ${p.company} 的点评未通过审核。原因：${p.reason}`,
    },
    content_removed: {
      title: '内容已被删除',
      text: (p) => `您的${KINDS['zh-cn'][p.targetKind ?? ''] ?? '内容'}“${excerpt(p.excerpt)}”已被删除。原因：${p.reason} 违反规则：${ruleOf('zh-cn', p.rule)}。`,
    },
    content_restored: {
      title: '内容已恢复',
      text: (p) => `您的申诉已成立：您的${KINDS['zh-cn'][p.targetKind ?? ''] ?? '内容'}“${excerpt(p.excerpt)}”已重新显示。原因：${p.reason}`,
    },
    removal_upheld: {
      title: '维持删除',
      text: (p) => `另一位审核员已复核您的申诉：${appealedContent('zh-cn', p)}仍维持删除。原因：${p.reason}${p.rule ? ` 违反规则：${ruleOf('zh-cn', p.rule)}。` : ''}`,
    },
    broker_application_approved: { title: '经纪商申请已通过', text: (p) => `您申请添加的 ${p.brokerName} 已通过审核，其服务器 ${p.server} 现在可以绑定了。` },
    broker_application_rejected: { title: '经纪商申请未通过', text: (p) => `您申请添加的 ${p.brokerName} 未通过审核。原因：${p.reason}` },
    video_ready: { title: '视频已就绪', text: () => '您的视频已处理完成，现在可以播放了。' },
    video_failed: { title: '视频处理失败', text: (p) => `您的视频处理失败（${VIDEO_REASONS['zh-cn'][p.reason ?? ''] ?? '发生意外错误'}），请重新上传。` },
    sanction_imposed: { title: '账户处罚', text: (p) => (SANCTION_ZH[p.sanctionKind ?? ''] ?? SANCTION_ZH.warn!)(p) },
    sanction_lifted: { title: '处罚已解除', text: (p) => `${p.appealId ? '您的申诉已成立，' : ''}您账户的处罚已解除。原因：${p.reason}` },
    appeal_rejected: { title: '申诉未通过', text: (p) => `您的申诉已由另一位审核员复核，处罚维持不变。原因：${p.reason}` },
    representative_approved: { title: '公司代表已获批准', text: (p) => `您已成为 ${p.company} 的认证代表：可以回复其点评、答复其投诉，并查看其公司后台。` },
    representative_rejected: { title: '公司认领未通过', text: (p) => `您代表 ${p.company} 的认领申请未通过。原因：${p.reason}` },
    representative_revoked: { title: '公司代表资格已撤销', text: (p) => `您已不再是 ${p.company} 在 Brokerwise 的代表。原因：${p.reason}` },
    licence_status_changed: {
      title: '牌照状态变更',
      text: (p) => `${p.company} 的 ${p.regulator} 牌照（${p.licenceNo}）自 ${p.effectiveOn} 起状态为“${licenceStatus('zh-cn', p.status)}”。证据请见公司页面。`,
    },
    company_replied: {
      title: '公司回复',
      text: (p) => `${p.company}${p.edited ? '修改了对您点评的认证回复' : '回复了您的点评'}：${excerpt(p.excerpt)}`,
    },
    complaint_published: {
      title: '新投诉',
      text: (p) => `针对 ${p.company} 的一项投诉（${COMPLAINT_CATEGORIES['zh-cn'][p.category ?? ''] ?? '其他'}）已公开，请在 ${p.due} 前在投诉页面回应。`,
    },
    complaint_message: {
      title: '投诉有新消息',
      text: (p) =>
        p.fromCompany
          ? `${p.company} 回应了您的投诉：${excerpt(p.excerpt)}${p.due ? ` —— 请在 ${p.due} 前回复、确认或拒绝处理结果，逾期该投诉将以“投诉人未回复”关闭。` : ''}`
          : `针对 ${p.company} 的投诉的投诉人写道：${excerpt(p.excerpt)}${p.due ? ` —— 请在 ${p.due} 前回应。` : ''}`,
    },
    complaint_expired: {
      title: '投诉未解决',
      text: (p) =>
        p.forCompany
          ? `针对 ${p.company} 的一项投诉未在期限内得到回应，现已标记为未解决。`
          : `${p.company} 未在${p.days ? ` ${p.days} 个工作日内` : '期限内'}回应您的投诉，该投诉现已标记为未解决。`,
    },
    complaint_lapsed: {
      title: '投诉已关闭：投诉人未回复',
      text: (p) =>
        p.forCompany
          ? `针对 ${p.company} 的投诉，投诉人未在期限内回复贵公司的回应。该投诉已以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。`
          : `您未在期限内回复 ${p.company} 的回应，该投诉已以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。`,
    },
    complaint_reminder: {
      title: '投诉期限临近',
      text: (p) =>
        p.forCompany
          ? `针对 ${p.company} 的投诉还剩 ${p.days} 个工作日可回应（截至 ${p.due}），逾期未回应将标记为未解决。`
          : `您对 ${p.company} 的投诉：还剩 ${p.days} 个工作日可回复、确认或拒绝处理结果（截至 ${p.due}），逾期该投诉将以“投诉人未回复”关闭。`,
    },
  },
};

/** “1 working day”, “3 working days”. */
export const workingDaysEn = (days: string | number | undefined) => `${days ?? ''} working day${String(days) === '1' ? '' : 's'}`;

/** Complaint categories as notices name them. */
const COMPLAINT_CATEGORIES: Record<Locale, Record<string, string>> = {
  en: { withdrawal: 'withdrawal refused or delayed', slippage: 'slippage or requotes', account_blocked: 'account blocked', fraud: 'fraud or scam', fees: 'fees', other: 'other' },
  'zh-cn': { withdrawal: '拒绝或拖延出金', slippage: '滑点或重新报价', account_blocked: '账户被冻结', fraud: '欺诈或诈骗', fees: '费用', other: '其他' },
};

const SOMEONE: Record<Locale, string> = { en: 'Someone', 'zh-cn': '有用户' };

/** Said after the text of a notice whose post is gone (its page answers 410, so the notice no longer links to it). */
const POST_GONE: Record<Locale, Record<PostRemoved, string>> = {
  en: { moderation: 'This post was removed by a moderator.', deleted: 'This post has been deleted.' },
  'zh-cn': { moderation: '该作品已被管理员移除。', deleted: '该作品已被删除。' },
};

/** Notices that link to a post (or the post a comment is on): a gone one is marked instead. */
const ABOUT_A_POST = new Set<NoticeKind>(['post_liked', 'post_commented', 'comment_replied', 'post_collected', 'post_forwarded', 'content_restored']);
const A_COMPANY: Record<Locale, string> = { en: 'a company', 'zh-cn': '某公司' };

/** The company as the pages of that language name it: its Chinese name in Chinese when it has one. */
export function companyName(company: Pick<CompanyRow, 'name' | 'name_zh'> | undefined, lang: Locale): string {
  if (!company) return A_COMPANY[lang];
  return lang === 'zh-cn' && company.name_zh ? company.name_zh : company.name;
}

/** The text of one language, or the other's when an admin wrote only one. */
const either = (wanted: string | undefined, other: string | undefined) => (wanted?.trim() ? wanted : (other ?? ''));

/** Image-text posts have their page under /blog, videos (and posts of unknown kind) under /vlog. */
const postPage = (post: PostRow | undefined) => (post?.kind === 'image_text' ? '/blog/detail' : '/vlog/detail');

function linkOf(kind: NoticeKind, p: P, company: CompanyRow | undefined, post: PostRow | undefined): string | null {
  switch (kind) {
    case 'followed':
      return p.actorId ? `/vlog/personal?uid=${encodeURIComponent(p.actorId)}` : null;
    case 'post_liked':
    case 'post_commented':
    case 'comment_replied':
    case 'post_collected':
    case 'post_forwarded':
      return p.postId ? `${postPage(post)}?id=${encodeURIComponent(p.postId)}` : null;
    case 'company_replied':
      return company && !company.removed ? `/detail?id=${encodeURIComponent(company.slug)}#review-${encodeURIComponent(p.reviewId ?? '')}` : '/user/reviews';
    case 'review_approved':
      return company && !company.removed ? `/detail?id=${encodeURIComponent(company.slug)}` : '/user/reviews';
    case 'review_rejected':
      // Removed after a report (a rule was named): the removal is appealed from the sanctions page.
      return p.rule ? '/user/sanctions' : '/user/reviews';
    case 'content_removed':
    case 'removal_upheld':
      // Where a removal is appealed, and its outcome shown.
      return '/user/sanctions';
    case 'content_restored':
      // The post itself, or the post a comment is on (its kind from the read model, else from the removal's record).
      return p.postId ? `${(post?.kind ?? p.postKind) === 'image_text' ? '/blog/detail' : '/vlog/detail'}?id=${encodeURIComponent(p.postId)}` : '/user/sanctions';
    case 'broker_application_approved':
    case 'broker_application_rejected':
      return '/trader/apply';
    case 'video_ready':
    case 'video_failed':
      return '/user/vlog';
    case 'sanction_imposed':
    case 'sanction_lifted':
    case 'appeal_rejected':
      return '/user/sanctions';
    case 'licence_status_changed': {
      const slug = company && !company.removed ? company.slug : p.companySlug;
      return slug ? `/detail?id=${encodeURIComponent(slug)}#licences` : null;
    }
    case 'complaint_published':
    case 'complaint_message':
    case 'complaint_expired':
    case 'complaint_lapsed':
    case 'complaint_reminder':
      return p.complaintId ? `/complaints/${encodeURIComponent(p.complaintId)}` : '/complaints';
    case 'representative_approved':
      return '/user/company/dashboard';
    case 'representative_rejected':
    case 'representative_revoked':
      return '/user/company';
    case 'system':
      // Only a site-relative link an admin gave; never another origin.
      return p.link && /^\/(?!\/)/.test(p.link) ? p.link : null;
  }
}

/**
 * A stored notice in the reader's language. Names come from the read models as they are now
 * (a renamed user shows the new name), falling back to what the event carried.
 */
export function renderNotice(n: { kind: string; category: NoticeCategory; params: P }, lang: Locale, lookups: RenderLookups): RenderedNotice {
  const p = n.params;
  const kind = n.kind as NoticeKind;
  if (kind === 'system' || n.category === 'system') {
    const zh = lang === 'zh-cn';
    return {
      title: zh ? either(p.titleZh, p.titleEn) : either(p.titleEn, p.titleZh),
      text: zh ? either(p.bodyZh, p.bodyEn) : either(p.bodyEn, p.bodyZh),
      link: linkOf('system', p, undefined, undefined),
      actor: null,
    };
  }
  const template = TEMPLATES[lang][kind];
  if (!template) return { title: kind, text: '', link: null, actor: null };
  const actorRow = p.actorId ? lookups.users.get(p.actorId) : undefined;
  const actorName = actorRow?.username || p.actorName || SOMEONE[lang];
  const company = p.companyId ? lookups.companies.get(p.companyId) : undefined;
  const post = p.postId ? lookups.posts.get(p.postId) : undefined;
  // A company not (yet) in the read model goes by the name the event carried, if any.
  const text = template.text({ ...p, actor: actorName, company: company || !p.companyName ? companyName(company, lang) : p.companyName });
  const gone = post?.removed && ABOUT_A_POST.has(kind) ? POST_GONE[lang][post.removed] : '';
  return {
    title: template.title,
    text: gone ? `${text}${lang === 'en' ? ' ' : ''}${gone}` : text,
    link: gone ? null : linkOf(kind, p, company, post),
    actor: p.actorId ? { id: p.actorId, username: actorName } : null,
  };
}
