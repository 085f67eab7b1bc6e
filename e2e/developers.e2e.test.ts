import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BASE_URL, browserSession, CJK, hydrated } from './browser.ts';
import { DEV_SIGNATURE_SALT } from '../gateway/src/config.ts';
import { register } from './users.ts';

const session = browserSession();
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/**
 * The open-data export of the running demo site, made with a user's key and published into the
 * site's own store (E2E_DATA_DIR), and the ranking script that recomputes every score and Top
 * Brokers from the files alone.
 */
async function openDataWith(key: string): Promise<void> {
  const out = mkdtempSync(path.join(tmpdir(), 'bw-open-data-'));
  try {
    const env = { ...process.env, BROKERWISE_API_KEY: key, ...(process.env.E2E_DATA_DIR ? { DATA_DIR: process.env.E2E_DATA_DIR } : {}) };
    const exported = await run(process.execPath, [path.join(root, 'scripts/open-data.ts'), '--target', BASE_URL, '--out', out, ...(process.env.E2E_DATA_DIR ? ['--publish'] : [])], { env });
    expect(exported.stdout).toMatch(/companies, .* ranked/);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { rows: Record<string, number> };
    expect(manifest.rows.companies).toBeGreaterThan(10);
    expect(manifest.rows['top-brokers']).toBeGreaterThan(0);
    expect(manifest.rows.reviews).toBeGreaterThan(0);
    const reproduced = await run(process.execPath, [path.join(root, 'scripts/reproduce-rankings.ts'), '--from', out]);
    expect(reproduced.stdout).toMatch(/Everything the site published is reproduced/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe('developers: the public API, its reference and self-served keys', () => {
  it('/developers documents the API in both languages', async () => {
    for (const [lang, heading] of [
      ['en', 'Brokerwise for developers'],
      ['zh-CN', 'Brokerwise 开发者文档'],
    ] as const) {
      const { page } = await session.visitor(lang);
      const scripts: Promise<string>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
      });
      const res = await page.goto('/developers');
      expect(res?.status()).toBe(200);
      await hydrated(page);
      // The page's text travels as loader data only: no script carries a document (content/*.md).
      expect(scripts.length).toBeGreaterThan(0);
      for (const code of await Promise.all(scripts)) expect(code).not.toContain('free, documented and versioned');
      await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(heading);
      await expect(page.locator('#public-api').count()).resolves.toBe(1);
      if (lang === 'zh-CN') expect(await page.locator('main').innerText()).toMatch(CJK);
      // The reference of the site's own /api: its sections, every operation, and the OpenAPI link that works.
      for (const id of ['signature', 'envelope', 'errors', 'languages', 'rate-limits', 'bodies', 'examples']) await expect(page.locator(`#${id} h2`).count(), id).resolves.toBe(1);
      const operations = page.locator('#operations [data-testid="api-operation"]');
      expect(await operations.count()).toBeGreaterThan(50);
      await expect(operations.filter({ hasText: 'POST /api/user/checkIn' }).count()).resolves.toBe(1);
      const href = await page.locator('#site-api a', { hasText: '/api/openapi.json' }).getAttribute('href');
      const described = await fetch(new URL(href!, BASE_URL));
      expect(described.status).toBe(200);
      const document = (await described.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toContain('/api/user/checkIn');
    }
  });

  it('the worked examples of /api, run as printed, answer as the page says', async () => {
    const { page } = await session.visitor('en');
    await page.goto('/developers');
    const [read, signIn] = await page.locator('#examples pre').allInnerTexts();
    const env = { ...process.env, BROKERWISE_SALT: process.env.SIGNATURE_SALT ?? DEV_SIGNATURE_SALT, PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? '' };
    const sh = async (script: string) => JSON.parse((await run('bash', ['-eo', 'pipefail', '-c', script.replaceAll('https://brokerwise.example', BASE_URL)], { env })).stdout) as { code: number; msg: string; data: unknown };

    const categories = await sh(read!);
    expect(categories.code).toBe(1);
    expect((categories.data as unknown[]).length).toBeGreaterThan(0);

    // The sign-in command, as the demo admin, signed by the read example's first two lines.
    const [command, answer] = signIn!.split('\n\n');
    expect(answer).toContain('"userInfo"');
    const signing = read!.split('\n').slice(0, 2).join('\n');
    const signedIn = await sh(`${signing}\n${command!.replace('you@example.com', process.env.E2E_ADMIN_EMAIL ?? '')}`);
    expect(signedIn.msg).toBe('Signed in successfully.');
    expect((signedIn.data as { userInfo: { token: string } }).userInfo.token).not.toBe('');
  });

  it('a user makes a key on the account page, sees it once, calls /v1 with it, and revokes it', async () => {
    const { context, page } = await session.visitor('zh-CN');
    await register(context, page, 'zh-CN', 'k');
    await page.goto('/user/apikeys');
    await hydrated(page);
    await expect(page.getByTestId('apikeys-empty').isVisible()).resolves.toBe(true);

    // A nameless key is refused at the field, in Chinese.
    await page.getByTestId('apikeys-create').click();
    const name = page.getByTestId('apikeys-name');
    await expect(page.locator('#apikeys-name-error').innerText()).resolves.toMatch(/请为密钥命名/);
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('研究笔记');
    await page.getByTestId('apikeys-create').click();
    const secret = await page.getByTestId('apikeys-secret').innerText();
    expect(secret).toMatch(/^bwk_/);
    // The list follows once the page has reloaded its data.
    await page.getByTestId('apikeys-row').first().waitFor();
    await expect(page.getByTestId('apikeys-row').count()).resolves.toBe(1);

    const call = () => fetch(`${BASE_URL}/v1/companies?limit=2`, { headers: { authorization: `Bearer ${secret}` } });
    const ok = await call();
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown[] }).data.length).toBe(2);

    await openDataWith(secret);
    await page.goto('/open-data');
    const latest = page.getByTestId('open-data-latest');
    await expect(latest.innerText()).resolves.toMatch(/最新导出/);
    // A file downloads from the listing with the checksum the listing shows.
    const href = await latest.locator('a', { hasText: 'companies.csv' }).getAttribute('href');
    const bytes = Buffer.from(await (await fetch(`${BASE_URL}${href}`)).arrayBuffer());
    await expect(latest.innerText()).resolves.toContain(createHash('sha256').update(bytes).digest('hex'));

    // Back on the page the secret is gone for good; the row shows its prefix and the call counted.
    await page.goto('/user/apikeys');
    await hydrated(page);
    await expect(page.getByTestId('apikeys-secret').count()).resolves.toBe(0);
    const row = page.getByTestId('apikeys-row');
    await expect(row.innerText()).resolves.toContain(secret.slice(0, 10));
    // The call above and the export's calls, all with this key.
    const today = /今天 (\d+) 次/.exec(await row.innerText());
    expect(Number(today?.[1])).toBeGreaterThan(2);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByTestId('apikeys-revoke').click();
    await expect(page.locator('[data-testid="apikeys-row"][data-revoked]').waitFor()).resolves.toBeUndefined();
    expect((await call()).status).toBe(401);
  });
});
