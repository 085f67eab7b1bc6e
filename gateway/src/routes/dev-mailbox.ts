import type { FastifyInstance } from 'fastify';
import type { Mailbox } from '@brokerwise/mail';
import { SMALL_PAGE_CSP } from '../http/security-headers.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Embedded mode only (never registered in production): the emails the site "sent", newest
 * first, so a developer — or a browser test — can read verification codes like a person would.
 */
export async function devMailboxRoutes(app: FastifyInstance, deps: { mailbox: Mailbox }): Promise<void> {
  app.get<{ Querystring: { to?: string } }>('/dev/mailbox', async (request, reply) => {
    const to = typeof request.query.to === 'string' && request.query.to ? request.query.to : undefined;
    const mails = (await deps.mailbox.list(to)).slice(0, 100);
    const items = mails
      .map(
        (m) => `<article class="mail" data-to="${escape(m.to)}"><h2>${escape(m.subject)}</h2>
<p class="meta">To <span class="to">${escape(m.to)}</span> · <time>${escape(m.sentAt)}</time></p>
<pre class="body">${escape(m.text)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', SMALL_PAGE_CSP)
      .send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Dev mailbox · 开发邮箱</title>
<style>body{font-family:system-ui,'Noto Sans CJK SC',sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}.mail{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
<h1>Dev mailbox · 开发邮箱</h1><p>Emails sent by this development site (embedded mode). 本地开发站点发出的邮件。</p>
${items || '<p>No emails yet. 暂无邮件。</p>'}</html>`);
  });
}
