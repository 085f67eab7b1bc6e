import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMailer, createMailer } from '@brokerwise/mail';
import { uniqueName } from '@brokerwise/testing';
import { BILINGUAL, describeMailerConformance, parseMail } from './conformance.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), `${uniqueName('outbox')}-`));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function emlFiles(dir: string): Promise<Buffer[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map((n) => readFile(join(dir, n))));
}

describeMailerConformance('file', async () => {
  const dir = join(root, uniqueName('box'));
  return { mailer: new FileMailer({ dir, from: 'Brokerwise <no-reply@brokerwise.test>' }), delivered: () => emlFiles(dir) };
});

describe('FileMailer', () => {
  it('writes <time>-<id>.json as a SentMail beside the .eml', async () => {
    const dir = join(root, uniqueName('box'));
    const mailer = new FileMailer({ dir, from: 'Brokerwise <no-reply@brokerwise.test>' });
    const { id } = await mailer.send(BILINGUAL);
    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-${id}\\.eml$`));
    expect(names[1]).toBe(names[0]!.replace(/\.eml$/, '.json'));
    const sent = JSON.parse(await readFile(join(dir, names[1]!), 'utf8'));
    expect(sent).toEqual({ id, ...BILINGUAL, sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) });
    const eml = await parseMail(await readFile(join(dir, names[0]!)));
    expect(eml.from).toEqual(['no-reply@brokerwise.test']);
  });

  it('lists newest first and filters by recipient, case-insensitively', async () => {
    const mailer = new FileMailer({ dir: join(root, uniqueName('box')) });
    expect(await mailer.list()).toEqual([]);
    const first = await mailer.send({ to: 'li.na@example.com', subject: '第一封', text: '1' });
    const second = await mailer.send({ to: 'wang.fang@example.com', subject: '第二封', text: '2' });
    const third = await mailer.send({ to: 'li.na@example.com', subject: '第三封', text: '3', tags: { event: 'x' } });

    const all = await mailer.list();
    expect(all.map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    expect(all[0]).toMatchObject({ subject: '第三封', tags: { event: 'x' } });
    expect((await mailer.list('LI.NA@example.com')).map((m) => m.subject)).toEqual(['第三封', '第一封']);
    expect(await mailer.list('nobody@example.com')).toEqual([]);
  });

  it('is what createMailer returns without an SMTP URL, writing to <dataDir>/outbox', async () => {
    const dataDir = join(root, uniqueName('data'));
    const mailer = createMailer({ dataDir, from: 'Brokerwise <no-reply@brokerwise.test>' });
    expect(mailer.kind).toBe('file');
    await mailer.send({ to: 'x@example.com', subject: '你好', text: 'hi' });
    expect(await mailer.list?.('x@example.com')).toHaveLength(1);
    expect((await readdir(join(dataDir, 'outbox'))).length).toBe(2);
  });
});
