import type { MailMessage } from '@brokerwise/mail';
import type { CodePurpose } from '../store/types.ts';
import type { Locale } from './rules.ts';

const PURPOSE: Record<Locale, Record<CodePurpose, string>> = {
  en: {
    user_register: 'to create your account',
    retrieve_password: 'to reset your password',
    change_password: 'to change your password',
    bind_email: 'to bind this email to your account',
  },
  'zh-cn': {
    user_register: '用于注册账号',
    retrieve_password: '用于重置密码',
    change_password: '用于修改密码',
    bind_email: '用于绑定此邮箱',
  },
};

const TEXT: Record<Locale, { subject: string; line: (code: string, minutes: number) => string; use: (purpose: string) => string; ignore: string }> = {
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

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The verification-code mail in the reader's language, tagged with its purpose (`event`). */
export function codeMail(to: string, code: string, purpose: CodePurpose, locale: Locale, minutes: number): MailMessage {
  const t = TEXT[locale];
  const line = t.line(code, minutes);
  const use = t.use(PURPOSE[locale][purpose]);
  const htmlLang = locale === 'zh-cn' ? 'zh-CN' : 'en';
  return {
    to,
    subject: t.subject,
    text: `${line}\n${use}\n\n${t.ignore}\n`,
    html:
      `<!doctype html><html lang="${htmlLang}"><body style="font-family:sans-serif">` +
      `<p>${escapeHtml(line).replace(escapeHtml(code), `<strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong>`)}</p>` +
      `<p>${escapeHtml(use)}</p><p style="color:#666">${escapeHtml(t.ignore)}</p></body></html>`,
    tags: { event: purpose, locale },
  };
}
