import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '@brokerwise/mail';

/** A message as the receiving side sees it, parsed from the raw MIME bytes. */
export interface DeliveredMail {
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string | undefined;
  messageId: string | undefined;
  tagsHeader: string | undefined;
}

export interface MailerHarness {
  mailer: Mailer;
  /** Every raw message that reached the other side since `make`, oldest first. */
  delivered(): Promise<Buffer[]>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

export async function parseMail(raw: Buffer): Promise<DeliveredMail> {
  const parsed = await simpleParser(raw);
  const tags = parsed.headers.get('x-brokerwise-tags');
  return {
    to: addresses(parsed.to),
    from: addresses(parsed.from),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : undefined,
    messageId: parsed.messageId,
    tagsHeader: typeof tags === 'string' ? tags : undefined,
  };
}

export const BILINGUAL = {
  to: 'zhang.wei@example.com',
  subject: '欢迎加入 Brokerwise｜Welcome to Brokerwise — 请验证您的邮箱',
  text: '张伟，您好！\n\n您的验证码是 428913，10 分钟内有效。\nYour verification code is 428913 (valid for 10 minutes).\n',
  html: '<p>张伟，您好！</p><p>验证码 / Code: <b>428913</b></p>',
  tags: { event: 'identity.email_code.requested', locale: 'zh-CN', broker: '嘉盛 "FOREX.com"' },
};

/**
 * One behaviour for every Mailer adapter: what `send` accepts arrives intact on the other side
 * (the outbox files, or an SMTP server), UTF-8 Chinese included.
 */
export function describeMailerConformance(name: string, make: () => Promise<MailerHarness>): void {
  describe(`Mailer conformance: ${name}`, () => {
    let harness: MailerHarness;

    beforeEach(async () => {
      harness = await make();
    });

    afterEach(async () => {
      await harness.mailer.close();
    });

    it('answers ping', async () => {
      await expect(harness.mailer.ping()).resolves.toBeUndefined();
    });

    it('delivers a bilingual message with recipient, subject, text, html and tags intact', async () => {
      const { id } = await harness.mailer.send(BILINGUAL);
      expect(id).toMatch(/^[0-9a-z]+$/);

      const raw = await harness.delivered();
      expect(raw).toHaveLength(1);
      // Headers must be MIME-encoded: raw 8-bit Chinese in a header breaks many relays.
      const headerBlock = raw[0]!.toString('latin1').split(/\r?\n\r?\n/)[0]!;
      expect(headerBlock).toMatch(/^Subject: =\?UTF-8\?/im);

      const mail = await parseMail(raw[0]!);
      expect(mail.to).toEqual(['zhang.wei@example.com']);
      expect(mail.subject).toBe(BILINGUAL.subject);
      expect(mail.text.trimEnd()).toBe(BILINGUAL.text.trimEnd());
      expect(mail.html).toContain('张伟，您好！');
      expect(mail.html).toContain('<b>428913</b>');
      expect(JSON.parse(mail.tagsHeader ?? 'null')).toEqual(BILINGUAL.tags);
      expect(mail.messageId).toContain(id);
    });

    it('keeps a long Chinese subject whole across folded header lines', async () => {
      const subject = `${'外汇经纪商评测：监管、点差、出入金与客户服务的全面比较。'.repeat(4)} End`;
      await harness.mailer.send({ to: 'reader@example.com', subject, text: '正文' });
      const [raw] = await harness.delivered();
      const mail = await parseMail(raw!);
      expect(mail.subject).toBe(subject);
      expect(mail.text.trim()).toBe('正文');
    });

    it('gives every message its own id and delivers them all', async () => {
      const ids: string[] = [];
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
        ids.push((await harness.mailer.send({ to, subject: `主题 ${to}`, text: to })).id);
      }
      expect(new Set(ids).size).toBe(3);
      const mails = await Promise.all((await harness.delivered()).map(parseMail));
      expect(mails.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
      for (const m of mails) expect(m.subject).toBe(`主题 ${m.to[0]}`);
    });

    it('carries a given Message-ID and extra headers (List-Unsubscribe) unchanged', async () => {
      const url = 'https://brokerwise.example/newsletter/unsubscribe?token=eyJwIjoidSJ9.c2lnbmF0dXJlLW9mLWZvcnR5LXRocmVlLWNoYXJhY3RlcnMtbG9uZw';
      await harness.mailer.send({
        to: 'reader@example.com',
        subject: '周报',
        text: 'x',
        messageId: 'n.3f9a2c1e8b7d@brokerwise.example',
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const [raw] = await harness.delivered();
      const mail = await parseMail(raw!);
      expect(mail.messageId).toBe('<n.3f9a2c1e8b7d@brokerwise.example>');
      const head = raw!.toString('latin1').split(/\r?\n\r?\n/)[0]!;
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(head).toContain(`List-Unsubscribe: <${url}>`);
    });

    it('refuses header injection, reserved headers and a malformed message id', async () => {
      const cases: Partial<MailMessage>[] = [
        { headers: { 'List-Unsubscribe': '<https://x.example>\r\nBcc: victim@example.com' } },
        { headers: { Bcc: 'victim@example.com' } },
        { headers: { 'Bad Name': 'x' } },
        { messageId: '<already-bracketed@example.com>' },
        { messageId: 'no-domain' },
      ];
      for (const bad of cases) {
        await expect(harness.mailer.send({ to: 'a@example.com', subject: 's', text: 't', ...bad }), JSON.stringify(bad)).rejects.toThrow(TypeError);
      }
      expect(await harness.delivered()).toEqual([]);
    });

    it('refuses a recipient that is not a single address', async () => {
      for (const to of ['not-an-address', 'a@example.com, b@example.com', 'Name <a@example.com>', '']) {
        await expect(harness.mailer.send({ to, subject: 's', text: 't' }), to).rejects.toThrow(/recipient/);
      }
      expect(await harness.delivered()).toEqual([]);
    });
  });
}
