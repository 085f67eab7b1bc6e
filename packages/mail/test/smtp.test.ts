import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer, createMailer } from '@brokerwise/mail';
import { describeMailerConformance, parseMail } from './conformance.ts';

interface Received {
  user: string | undefined;
  mailFrom: string | undefined;
  rcptTo: string[];
  raw: Buffer;
}

const USER = 'brokerwise';
const PASS = 'p@ss:wörd';
const received: Received[] = [];
let server: SMTPServer;
let port: number;

const url = (user = USER, pass = PASS) => `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true, // plain-text AUTH on loopback, no TLS certificate in tests
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Each harness sees only what reached the server after it was made.
describeMailerConformance('smtp', async () => {
  const start = received.length;
  const mailer = new SmtpMailer({ url: url(), from: 'Brokerwise <no-reply@brokerwise.test>' });
  return { mailer, delivered: async () => received.slice(start).map((r) => r.raw) };
});

describe('SmtpMailer', () => {
  it('authenticates and sets the envelope from the message', async () => {
    const start = received.length;
    const mailer = createMailer({ dataDir: '/nonexistent', smtpUrl: url(), from: 'Brokerwise <no-reply@brokerwise.test>' });
    try {
      expect(mailer.kind).toBe('smtp');
      expect(mailer.list).toBeUndefined();
      await mailer.send({ to: 'li.na@example.com', subject: '你好', text: '你好' });
      const [got] = received.slice(start);
      expect(got).toMatchObject({ user: USER, mailFrom: 'no-reply@brokerwise.test', rcptTo: ['li.na@example.com'] });
      expect((await parseMail(got!.raw)).subject).toBe('你好');
    } finally {
      await mailer.close();
    }
  });

  it('fails ping and send with the wrong password', async () => {
    const mailer = new SmtpMailer({ url: url(USER, 'wrong'), from: 'no-reply@brokerwise.test' });
    try {
      await expect(mailer.ping()).rejects.toThrow(/Invalid username or password/);
      await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      await mailer.close();
    }
  });

  it('rejects ping when nothing listens', { timeout: 10_000 }, async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const mailer = new SmtpMailer({ url: `smtp://127.0.0.1:${closed}`, from: 'no-reply@brokerwise.test' });
    try {
      await expect(mailer.ping()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await mailer.close();
    }
  });
});
