import { randomBytes } from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './types.ts';

/** Header carrying `MailMessage.tags` as JSON, so they survive SMTP too (tests, bounce triage). */
export const TAGS_HEADER = 'X-Brokerwise-Tags';

let lastMs = 0;
let seq = 0;

/**
 * A message id that sorts by creation time, with a per-process sequence for the same
 * millisecond, so "newest first" is exact for messages this process sent.
 */
export function newMailId(now = Date.now()): { id: string; sentAt: Date } {
  if (now <= lastMs) {
    seq++;
    now = lastMs; // a clock step backwards must not reorder
  } else {
    lastMs = now;
    seq = 0;
  }
  const id = `${now.toString(36).padStart(9, '0')}${seq.toString(36).padStart(4, '0')}${randomBytes(5).toString('hex')}`;
  return { id, sentAt: new Date(now) };
}

// One address, no display name: both adapters refuse the same input, so a message the file
// mailer accepts in development is one SMTP accepts in production.
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

export function assertMessage(msg: MailMessage): void {
  if (typeof msg.to !== 'string' || !ADDRESS.test(msg.to)) {
    throw new TypeError(`invalid recipient address: ${JSON.stringify(msg.to)}`);
  }
  if (typeof msg.subject !== 'string' || typeof msg.text !== 'string') {
    throw new TypeError('subject and text must be strings');
  }
  if (msg.tags && tagsHeader(msg.tags).length > MAX_TAGS_HEADER) {
    throw new TypeError(`tags must serialise to at most ${MAX_TAGS_HEADER} characters`);
  }
  if (msg.messageId !== undefined && !MESSAGE_ID.test(msg.messageId)) {
    throw new TypeError(`invalid message id: ${JSON.stringify(msg.messageId)}`);
  }
  for (const [name, value] of Object.entries(msg.headers ?? {})) {
    // No header injection: one line per header, and no overriding the ones the port sets.
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) throw new TypeError(`header not allowed: ${JSON.stringify(name)}`);
    if (typeof value !== 'string' || /[\r\n]/.test(value) || value.length > MAX_TAGS_HEADER) throw new TypeError(`invalid value of header ${name}`);
  }
}

const MESSAGE_ID = /^[A-Za-z0-9._%+=-]+@[A-Za-z0-9.-]+$/;
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]*$/;
const RESERVED_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'content-type', 'content-transfer-encoding', 'mime-version', TAGS_HEADER.toLowerCase()]);

/** The nodemailer message both adapters send or render, UTF-8 throughout. */
export function toNodemailer(msg: MailMessage, from: string, id: string, sentAt: Date): SendMailOptions {
  return {
    from,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    ...(msg.html !== undefined && { html: msg.html }),
    date: sentAt,
    messageId: msg.messageId ? `<${msg.messageId}>` : `<${id}@${domainOf(from)}>`,
    headers: {
      ...Object.fromEntries(Object.entries(msg.headers ?? {}).map(([name, value]) => [name, { prepared: true, value }])),
      ...(msg.tags && Object.keys(msg.tags).length > 0 && { [TAGS_HEADER]: { prepared: true, value: tagsHeader(msg.tags) } }),
    },
  };
}

const MAX_TAGS_HEADER = 900; // SMTP allows 998 octets a line, header name included

/**
 * The tags as one line of plain-ASCII JSON (non-ASCII as \u escapes). Passed to nodemailer as
 * prepared: it would otherwise turn a long unbroken value into RFC 2047 encoded words, which
 * mail parsers do not decode in custom headers.
 */
function tagsHeader(tags: Record<string, string>): string {
  return JSON.stringify(tags).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function domainOf(from: string): string {
  const match = /@([^\s>]+)/.exec(from);
  return match?.[1] ?? 'brokerwise.local';
}
