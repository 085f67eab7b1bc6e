import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintEvidenceDeleted } from '@brokerwise/metrics';
import type { ObjectStore } from '@brokerwise/storage';
import { collectLooseEvidence } from '../src/domain/complaints.ts';
import { errorOf, newCompany, startHarness, type Harness } from './harness.ts';

const HOUR = 3_600_000;
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('loose complaint evidence is deleted once old enough (real SQL, object store)', () => {
  let h: Harness;
  beforeAll(async () => {
    // The timer stays out of the way: the test sweeps when it has moved the clock.
    h = await startHarness({ LOG_LEVEL: 'error', COMPLAINT_SWEEP_INTERVAL_MS: '3600000' });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A file as the gateway stores and registers it. */
  const upload = async (userId: string) => {
    const key = `complaint-evidence/${randomUUID()}.pdf`;
    await h.objects.put(key, PDF, 'application/pdf');
    const r = await h.call('POST', `/v1/users/${userId}/complaint-evidence`, {
      key,
      contentType: 'application/pdf',
      size: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      name: 'statement.pdf',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { id: r.body.id as string, key };
  };
  const open = (userId: string, evidenceIds: string[]) =>
    h.call('POST', `/v1/users/${userId}/complaints`, {
      username: `u_${userId.slice(0, 8)}`,
      companyId: newCompany(),
      category: 'fees',
      amount: '10',
      currency: 'USD',
      text: 'An inactivity fee was charged although I traded every week of the quarter.',
      evidenceIds,
    });
  const sweep = async () => (await h.call('POST', '/v1/moderation/complaints/sweep')).body as { expired: number; lapsed: number; evidence: number };
  const stored = async (key: string) => (await h.objects.head(key)) !== null;
  const deleted = async () => (await complaintEvidenceDeleted.get()).values[0]?.value ?? 0;

  it('deletes the object and the row of a file never attached to a case after 24 hours; attached and newer files stay', async () => {
    const user = randomUUID();
    const old = await upload(user);
    const attached = await upload(user);
    expect((await open(user, [attached.id])).status).toBe(200);
    h.advance(23 * HOUR);
    const fresh = await upload(user);
    const before = await deleted();

    // 23 hours: nothing is old enough yet.
    expect((await sweep()).evidence).toBe(0);
    expect(await stored(old.key)).toBe(true);

    h.advance(2 * HOUR);
    expect((await sweep()).evidence).toBe(1);
    expect(await stored(old.key)).toBe(false);
    expect(await stored(attached.key)).toBe(true);
    expect(await stored(fresh.key)).toBe(true);
    expect((await deleted()) - before).toBe(1);
    // Its row went too: a case can no longer be opened with it; the fresh one still attaches.
    expect(errorOf(await open(user, [old.id])).fields).toEqual({ evidence: 'complaint_evidence_missing' });
    expect((await open(user, [fresh.id])).status).toBe(200);
    expect((await sweep()).evidence).toBe(0);
  });

  it('replicas sweep together: each takes other rows (skip locked), every file goes exactly once', async () => {
    const user = randomUUID();
    const files = await Promise.all(Array.from({ length: 25 }, () => upload(user)));
    h.advance(25 * HOUR);
    const ctx = { db: h.db, now: h.now, objects: h.objects };
    const [a, b] = await Promise.all([collectLooseEvidence(ctx, 24 * HOUR, 4), collectLooseEvidence(ctx, 24 * HOUR, 4)]);
    expect(a + b).toBe(25);
    for (const f of files) expect(await stored(f.key)).toBe(false);
  });

  it('a file whose object could not be deleted keeps its row and goes at the next sweep', async () => {
    const user = randomUUID();
    const file = await upload(user);
    h.advance(25 * HOUR);
    let failures = 1;
    const flaky: ObjectStore = Object.assign(Object.create(h.objects) as ObjectStore, {
      delete: async (key: string) => {
        if (failures-- > 0) throw new Error('S3 is down');
        return h.objects.delete(key);
      },
    });
    await expect(collectLooseEvidence({ db: h.db, now: h.now, objects: flaky }, 24 * HOUR)).rejects.toThrow('S3 is down');
    expect(await stored(file.key)).toBe(true);
    expect(await collectLooseEvidence({ db: h.db, now: h.now, objects: flaky }, 24 * HOUR)).toBe(1);
    expect(await stored(file.key)).toBe(false);
  });
});
