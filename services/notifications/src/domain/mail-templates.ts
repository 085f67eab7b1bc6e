import type { Locale } from '../store/types.ts';
import { workingDaysEn } from './render.ts';

/** A rendered mail: subject, plain text and HTML in one language. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type CodePurpose = 'user_register' | 'retrieve_password' | 'change_password' | 'bind_email' | 'company_claim';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const htmlLang = (locale: Locale) => (locale === 'zh-cn' ? 'zh-CN' : 'en');

/** Paragraphs (plain text, escaped here) and at most one button-like link, in a minimal, inline-styled page. */
function page(locale: Locale, parts: ({ p: string; muted?: boolean } | { link: string; label: string } | { raw: string })[]): string {
  const body = parts
    .map((part) => {
      if ('raw' in part) return part.raw;
      if ('link' in part)
        return `<p><a href="${escapeHtml(part.link)}" style="display:inline-block;padding:10px 18px;background:#f5b301;color:#111;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(part.label)}</a></p>`;
      const lines = escapeHtml(part.p).replace(/\n/g, '<br>');
      return part.muted ? `<p style="color:#666;font-size:13px">${lines}</p>` : `<p>${lines}</p>`;
    })
    .join('');
  return `<!doctype html><html lang="${htmlLang(locale)}"><head><meta charset="utf-8"></head><body style="font-family:Arial,'PingFang SC','Microsoft YaHei',sans-serif;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:16px">${body}</body></html>`;
}

// ------------------------------------------------------------------ verification codes (essential)

const PURPOSE: Record<Locale, Record<CodePurpose, string>> = {
  en: {
    user_register: 'to create your account',
    retrieve_password: 'to reset your password',
    change_password: 'to change your password',
    bind_email: 'to bind this email to your account',
    company_claim: 'to confirm that this mailbox belongs to the company your account claims',
  },
  'zh-cn': {
    user_register: '用于注册账号',
    retrieve_password: '用于重置密码',
    change_password: '用于修改密码',
    bind_email: '用于绑定此邮箱',
    company_claim: '用于确认此邮箱属于您的账号认领的公司',
  },
};

const CODE_TEXT: Record<Locale, { subject: string; line: (code: string, minutes: number) => string; use: (purpose: string) => string; ignore: string }> = {
  en: {
    subject: 'Your Brokerwise verification code',
    line: (code, minutes) => `Your Brokerwise verification code is ${code}. It expires in ${minutes} minutes.`,
    use: (purpose) => `Enter it ${purpose}.`,
    ignore: 'If you did not ask for this code, you can ignore this email.',
  },
  'zh-cn': {
    subject: 'Brokerwise 验证码',
    line: (code, minutes) => `您的 Brokerwise 验证码是 ${code}，${minutes} 分钟内有效。`,
    use: (purpose) => `${purpose}。`,
    ignore: '如果这不是您本人的操作，请忽略本邮件。',
  },
};

/** The verification-code mail; the code is the first six-digit number of the text. */
export function codeMail(code: string, purpose: CodePurpose, locale: Locale, minutes: number): MailContent {
  const t = CODE_TEXT[locale];
  const line = t.line(code, minutes);
  const use = t.use(PURPOSE[locale][purpose] ?? PURPOSE[locale].user_register);
  return {
    subject: t.subject,
    text: `${line}\n${use}\n\n${t.ignore}\n`,
    html: page(locale, [
      { raw: `<p>${escapeHtml(line).replace(escapeHtml(code), `<strong style="font-size:1.4em;letter-spacing:0.1em">${escapeHtml(code)}</strong>`)}</p>` },
      { p: use },
      { p: t.ignore, muted: true },
    ]),
  };
}

// ------------------------------------------------------------------ review moderation (non-essential)

const SETTINGS_NOTE: Record<Locale, (url: string) => string> = {
  en: (url) => `You get this email because you write reviews on Brokerwise. You can turn off these emails in your settings: ${url}`,
  'zh-cn': (url) => `您收到此邮件是因为您在 Brokerwise 发表了点评。如不想再收到此类邮件，可在设置中关闭：${url}`,
};

/** The first line of a decision mail, by name when there is one. */
const greeting = (username: string, en: boolean): string => (en ? `Hello ${username || 'there'},` : `${username || '您好'}，您好：`);

/** A decision mail: greeting, what was decided, one link and the settings note. */
function decisionMail(locale: Locale, d: { username: string; link: string }, m: { subject: string; lines: string[]; label: string; note: string }): MailContent {
  const en = locale === 'en';
  const hello = greeting(d.username, en);
  const sep = en ? ': ' : '：';
  return {
    subject: m.subject,
    text: `${hello}\n\n${m.lines.join('\n')}\n\n${m.label}${sep}${d.link}\n\n${m.note}\n`,
    html: page(locale, [{ p: hello }, ...m.lines.map((p) => ({ p })), { link: d.link, label: m.label }, { p: m.note, muted: true }]),
  };
}

export function reviewDecisionMail(
  d: { decision: 'approved' | 'rejected'; username: string; company: string; reason: string; link: string; settingsUrl: string },
  locale: Locale,
): MailContent {
  const en = locale === 'en';
  const approved = d.decision === 'approved';
  const subject = en
    ? `Your review of ${d.company} ${approved ? 'is published' : 'was not approved'}`
    : `您对 ${d.company} 的点评${approved ? '已发布' : '未通过审核'}`;
  const lines = approved
    ? [en ? `Your review of ${d.company} has been approved and is now published on Brokerwise.` : `您对 ${d.company} 的点评已通过审核，现已在 Brokerwise 发布。`]
    : [
        en ? `Your review of ${d.company} was not approved by our moderators.` : `您对 ${d.company} 的点评未通过审核。`,
        en ? `Reason: ${d.reason}` : `原因：${d.reason}`,
        en ? 'You can edit the review and submit it again.' : '您可以修改点评后重新提交。',
      ];
  const label = approved ? (en ? 'See your review' : '查看点评') : en ? 'My reviews' : '我的点评';
  return decisionMail(locale, d, { subject, lines, label, note: SETTINGS_NOTE[locale](d.settingsUrl) });
}

// ------------------------------------------------------------------ removal appeals (non-essential)

const APPEAL_SETTINGS_NOTE: Record<Locale, (url: string) => string> = {
  en: (url) => `You get this email because you appealed a moderator's decision on Brokerwise. You can turn off these emails in your settings: ${url}`,
  'zh-cn': (url) => `您收到此邮件是因为您在 Brokerwise 对审核决定提出了申诉。如不想再收到此类邮件，可在设置中关闭：${url}`,
};

/** A second moderator kept the author's review, post or comment removed (their appeal was not upheld). */
export function removalUpheldMail(d: { username: string; what: string; reason: string; rule: string; link: string; settingsUrl: string }, locale: Locale): MailContent {
  const en = locale === 'en';
  const subject = en ? 'Your appeal: the removal stays' : '您的申诉结果：维持删除';
  const lines = [
    en ? `Another moderator reviewed your appeal: ${d.what} stays removed.` : `另一位审核员已复核您的申诉：${d.what}仍维持删除。`,
    en ? `Reason: ${d.reason}` : `原因：${d.reason}`,
    ...(d.rule ? [en ? `Rule: ${d.rule}` : `违反规则：${d.rule}`] : []),
  ];
  return decisionMail(locale, d, { subject, lines, label: en ? 'My removals and appeals' : '我的处罚与申诉', note: APPEAL_SETTINGS_NOTE[locale](d.settingsUrl) });
}

// ------------------------------------------------------------------ broker applications (non-essential)

const APPLICATION_SETTINGS_NOTE: Record<Locale, (url: string) => string> = {
  en: (url) => `You get this email because you asked for a broker to be added on Brokerwise. You can turn off these emails in your settings: ${url}`,
  'zh-cn': (url) => `您收到此邮件是因为您在 Brokerwise 申请添加经纪商。如不想再收到此类邮件，可在设置中关闭：${url}`,
};

export function applicationDecisionMail(
  d: { decision: 'approved' | 'rejected'; username: string; broker: string; server: string; reason: string; link: string; settingsUrl: string },
  locale: Locale,
): MailContent {
  const en = locale === 'en';
  const approved = d.decision === 'approved';
  const subject = en
    ? `Your application to add ${d.broker} ${approved ? 'was approved' : 'was not approved'}`
    : `您申请添加的 ${d.broker} ${approved ? '已通过审核' : '未通过审核'}`;
  const lines = approved
    ? [en ? `Your application to add ${d.broker} was approved — its server ${d.server} can now be bound.` : `您申请添加的 ${d.broker} 已通过审核，其服务器 ${d.server} 现在可以绑定了。`]
    : [
        en ? `Your application to add ${d.broker} (server ${d.server}) was not approved.` : `您申请添加的 ${d.broker}（服务器 ${d.server}）未通过审核。`,
        en ? `Reason: ${d.reason}` : `原因：${d.reason}`,
      ];
  const label = en ? 'My broker applications' : '我的经纪商申请';
  return decisionMail(locale, d, { subject, lines, label, note: APPLICATION_SETTINGS_NOTE[locale](d.settingsUrl) });
}

// ------------------------------------------------------------------ company representatives (non-essential)

const REPRESENTATIVE_SETTINGS_NOTE: Record<Locale, (url: string) => string> = {
  en: (url) => `You get this email because you claimed a company on Brokerwise. You can turn off these emails in your settings: ${url}`,
  'zh-cn': (url) => `您收到此邮件是因为您在 Brokerwise 认领了公司。如不想再收到此类邮件，可在设置中关闭：${url}`,
};

/** An administrator approved or refused a company claim, or revoked a representative. */
export function representativeDecisionMail(
  d: { decision: 'approved' | 'rejected' | 'revoked'; username: string; company: string; reason: string; link: string; settingsUrl: string },
  locale: Locale,
): MailContent {
  const en = locale === 'en';
  const reason = d.reason ? [en ? `Reason: ${d.reason}` : `原因：${d.reason}`] : [];
  const { subject, lines, label } = {
    approved: {
      subject: en ? `You now represent ${d.company} on Brokerwise` : `您已成为 ${d.company} 在 Brokerwise 的认证代表`,
      lines: [en ? `Your claim was approved: you can reply to ${d.company}'s reviews as its verified representative, answer its complaints and see its dashboard.` : `您的认领已获批准：您可以作为 ${d.company} 的认证代表回复其点评、答复其投诉，并查看其公司后台。`],
      label: en ? 'Company dashboard' : '公司后台',
    },
    rejected: {
      subject: en ? `Your claim to represent ${d.company} was not approved` : `您代表 ${d.company} 的认领未通过`,
      lines: [en ? `Your claim to represent ${d.company} on Brokerwise was not approved.` : `您代表 ${d.company} 在 Brokerwise 的认领未通过审核。`, ...reason],
      label: en ? 'My company claims' : '我的公司认领',
    },
    revoked: {
      subject: en ? `You no longer represent ${d.company} on Brokerwise` : `您已不再是 ${d.company} 在 Brokerwise 的代表`,
      lines: [en ? `An administrator ended your standing as a representative of ${d.company}.` : `管理员已撤销您作为 ${d.company} 代表的资格。`, ...reason],
      label: en ? 'My company claims' : '我的公司认领',
    },
  }[d.decision];
  return decisionMail(locale, d, { subject, lines, label, note: REPRESENTATIVE_SETTINGS_NOTE[locale](d.settingsUrl) });
}

// ------------------------------------------------------------------ newsletter

export function newsletterConfirmMail(d: { email: string; confirmUrl: string; hours: number }, locale: Locale): MailContent {
  const en = locale === 'en';
  const subject = en ? 'Confirm your Brokerwise newsletter subscription' : '请确认订阅 Brokerwise 资讯';
  const ask = en
    ? `Please confirm that you want to receive the Brokerwise newsletter at ${d.email}.`
    : `请确认您希望通过 ${d.email} 接收 Brokerwise 资讯。`;
  const valid = en ? `The link is valid for ${d.hours} hours.` : `该链接 ${d.hours} 小时内有效。`;
  const ignore = en ? 'If you did not ask for this, ignore this email: you will not be subscribed.' : '如果这不是您本人的操作，请忽略本邮件，您不会被订阅。';
  const label = en ? 'Confirm subscription' : '确认订阅';
  return {
    subject,
    text: `${ask}\n\n${label}${en ? ': ' : '：'}${d.confirmUrl}\n\n${valid}\n${ignore}\n`,
    html: page(locale, [{ p: ask }, { link: d.confirmUrl, label }, { p: `${valid} ${ignore}`, muted: true }]),
  };
}

export function newsletterIssueMail(d: { subject: string; body: string; unsubscribeUrl: string }, locale: Locale): MailContent {
  const en = locale === 'en';
  const why = en ? 'You receive this newsletter because you subscribed on Brokerwise.' : '您收到本资讯是因为您在 Brokerwise 订阅了它。';
  const unsub = en ? 'Unsubscribe' : '退订';
  const paragraphs = d.body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    subject: d.subject,
    text: `${paragraphs.join('\n\n')}\n\n--\n${why}\n${unsub}${en ? ': ' : '：'}${d.unsubscribeUrl}\n`,
    html: page(locale, [
      ...paragraphs.map((p) => ({ p })),
      { raw: '<hr style="border:none;border-top:1px solid #ddd">' },
      { raw: `<p style="color:#666;font-size:13px">${escapeHtml(why)} <a href="${escapeHtml(d.unsubscribeUrl)}">${escapeHtml(unsub)}</a></p>` },
    ]),
  };
}

// ------------------------------------------------------------------ company replies (non-essential)

/** A verified representative's reply to the reader's review was published. */
export function companyReplyMail(d: { username: string; company: string; excerpt: string; edited: boolean; link: string; settingsUrl: string }, locale: Locale): MailContent {
  const en = locale === 'en';
  const subject = en ? `${d.company} ${d.edited ? 'edited its reply' : 'replied'} to your review` : `${d.company}${d.edited ? '修改了对您点评的回复' : '回复了您的点评'}`;
  const lines = [
    en ? `${d.company} ${d.edited ? 'edited its verified reply to' : 'replied publicly to'} your review on Brokerwise:` : `${d.company}${d.edited ? '修改了对您在 Brokerwise 上点评的认证回复' : '公开回复了您在 Brokerwise 上的点评'}：`,
    `“${d.excerpt}”`,
  ];
  return decisionMail(locale, d, { subject, lines, label: en ? 'Read the reply' : '查看回复', note: SETTINGS_NOTE[locale](d.settingsUrl) });
}

// ------------------------------------------------------------------ complaint cases (non-essential)

const COMPLAINT_SETTINGS_NOTE: Record<Locale, (url: string) => string> = {
  en: (url) => `You get this email because you take part in a complaint on Brokerwise. You can turn off these emails in your settings: ${url}`,
  'zh-cn': (url) => `您收到此邮件是因为您参与了 Brokerwise 上的一项投诉。如不想再收到此类邮件，可在设置中关闭：${url}`,
};

/** The company answered the reader's complaint: what it wrote, and the reader's deadline to reply, confirm or reject. */
export function complaintAnsweredMail(d: { username: string; company: string; excerpt: string; due: string; link: string; settingsUrl: string }, locale: Locale): MailContent {
  const en = locale === 'en';
  const subject = en ? `${d.company} answered your complaint` : `${d.company} 回应了您的投诉`;
  const lines = [
    en ? `${d.company} answered your complaint on Brokerwise:` : `${d.company} 在 Brokerwise 上回应了您的投诉：`,
    `“${d.excerpt}”`,
    en
      ? `Please write back, confirm that it is resolved or say that it is not by ${d.due}. After that the case closes as “no reply from the author”, which counts neither as resolved nor as unresolved.`
      : `请在 ${d.due} 前回复、确认已解决或表示未解决。逾期该投诉将以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。`,
  ];
  return decisionMail(locale, d, { subject, lines, label: en ? 'Open the case' : '查看投诉', note: COMPLAINT_SETTINGS_NOTE[locale](d.settingsUrl) });
}

/**
 * A clock closed a complaint the reader takes part in: the company's (`expired`: unresolved) or
 * the author's (`lapsed`: no reply from the author); to the author, or to a representative.
 */
export function complaintClosedMail(
  d: { why: 'expired' | 'lapsed'; forCompany: boolean; username: string; company: string; link: string; settingsUrl: string },
  locale: Locale,
): MailContent {
  const en = locale === 'en';
  const lapsed = d.why === 'lapsed';
  const subject = lapsed
    ? en
      ? `Complaint closed: no reply from the author (${d.company})`
      : `投诉已关闭：投诉人未回复（${d.company}）`
    : en
      ? `Complaint unresolved: ${d.company} did not answer in time`
      : `投诉未解决：${d.company} 未在期限内回应`;
  const line = lapsed
    ? d.forCompany
      ? en
        ? `The author of a complaint against ${d.company} did not reply to the answer in time. The case is closed as “no reply from the author”: it counts neither as resolved nor as unresolved in ${d.company}'s figures.`
        : `针对 ${d.company} 的投诉，投诉人未在期限内回复贵公司的回应。该投诉已以“投诉人未回复”关闭，在 ${d.company} 的统计中既不计为已解决，也不计为未解决。`
      : en
        ? `You did not reply to ${d.company}'s answer in time, so your complaint is closed as “no reply from the author”. It counts neither as resolved nor as unresolved.`
        : `您未在期限内回复 ${d.company} 的回应，该投诉已以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。`
    : d.forCompany
      ? en
        ? `A complaint against ${d.company} was not answered by its deadline; it is now marked unresolved.`
        : `针对 ${d.company} 的一项投诉未在期限内得到回应，现已标记为未解决。`
      : en
        ? `${d.company} did not answer your complaint by its deadline; it is now marked unresolved.`
        : `${d.company} 未在期限内回应您的投诉，该投诉现已标记为未解决。`;
  return decisionMail(locale, d, { subject, lines: [line], label: en ? 'Open the case' : '查看投诉', note: COMPLAINT_SETTINGS_NOTE[locale](d.settingsUrl) });
}

/**
 * A clock of a complaint the reader takes part in has a few working days left (sent once per
 * clock): to the author (reply, confirm or reject) or to a representative (answer).
 */
export function complaintReminderMail(
  d: { forCompany: boolean; username: string; company: string; days: number; due: string; link: string; settingsUrl: string },
  locale: Locale,
): MailContent {
  const en = locale === 'en';
  const left = workingDaysEn(d.days);
  const subject = d.forCompany
    ? en
      ? `${left} left to answer the complaint against ${d.company}`
      : `还剩 ${d.days} 个工作日回应针对 ${d.company} 的投诉`
    : en
      ? `Your complaint against ${d.company}: ${left} left to reply, confirm or reject`
      : `您对 ${d.company} 的投诉：还剩 ${d.days} 个工作日可回复、确认或拒绝`;
  const line = d.forCompany
    ? en
      ? `A complaint against ${d.company} on Brokerwise is waiting for its answer: ${left} left, until ${d.due}. If it is not answered by then, it is marked unresolved in ${d.company}'s figures.`
      : `Brokerwise 上针对 ${d.company} 的一项投诉正在等待回应：还剩 ${d.days} 个工作日，截至 ${d.due}。逾期未回应，该投诉将在 ${d.company} 的统计中标记为未解决。`
    : en
      ? `${d.company} answered your complaint on Brokerwise. You have ${left} left, until ${d.due}, to write back, confirm that it is resolved or say that it is not. After that the case closes as “no reply from the author”, which counts neither as resolved nor as unresolved.`
      : `${d.company} 已在 Brokerwise 上回应您的投诉。您还有 ${d.days} 个工作日（截至 ${d.due}）可回复、确认已解决或表示未解决。逾期该投诉将以“投诉人未回复”关闭，既不计为已解决，也不计为未解决。`;
  return decisionMail(locale, d, { subject, lines: [line], label: en ? 'Open the case' : '查看投诉', note: COMPLAINT_SETTINGS_NOTE[locale](d.settingsUrl) });
}
