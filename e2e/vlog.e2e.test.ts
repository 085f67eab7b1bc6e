/**
 * Creator journeys (Trader TV and the blog) in a real browser against a running site: a creator
 * publishes a video from the creation centre (upload progress, processing with the worker's
 * progress and ready without a reload), the video plays and seeks as adaptive HLS (hls.js);
 * another user likes, comments, bookmarks, forwards and follows and the creator's figures move; in Chinese a creator publishes
 * an image-text post with an inline picture; a visitor gets server-rendered pages whose actions
 * lead to sign-in. Media files are made in the test with ffmpeg; every test registers its own
 * users (codes from /dev/mailbox). The tests of this file run in order: the visitor's test reads
 * the video the first one published.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTools, runFfmpeg } from '@brokerwise/ffmpeg';
import { BASE_URL, CJK, browserSession, hydrated } from './browser.ts';
import { register, type Lang } from './users.ts';

let tmp: string;
let videoFile: string;
let coverFile: string;
let pictureFile: string;

/** What the first test published, for the visitor's test. */
let published: { id: string; title: string; keyword: string; authorId: string } | null = null;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'bw-vlog-e2e-'));
  videoFile = path.join(tmp, 'out.mp4');
  coverFile = path.join(tmp, 'cover.png');
  pictureFile = path.join(tmp, 'picture.png');
  // The ffmpeg the site uses (a newer one on PATH, else the npm build).
  const bin = (await mediaTools()).ffmpeg.path;
  const ffmpeg = (args: string[]) => runFfmpeg(bin, ['-y', '-loglevel', 'error', ...args], { timeoutMs: 60_000 });
  // 720p (two HLS renditions: 360p and 720p), 8 s, a low bit rate so the throttled upload stays short.
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine', '-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '250k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k', '-shortest', videoFile]);
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', coverFile]);
  await ffmpeg(['-f', 'lavfi', '-i', 'smptebars=size=480x270', '-frames:v', '1', pictureFile]);
});

afterAll(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const session = browserSession();
const visitor = session.visitor;

/** Labels of the creation centre. */
const TEXT = {
  en: { title: 'Title', description: 'Description', category: 'Category', imageText: /Image-text/ },
  'zh-CN': { title: '标题', description: '简介', category: '分类', imageText: /图文/ },
} as const;

async function toast(page: Page, kind: 'success' | 'error', text: string | RegExp): Promise<void> {
  await page.getByTestId(`toast-${kind}`).filter({ hasText: text }).last().waitFor();
}

/** The creation centre, hydrated. */
async function openCreation(page: Page): Promise<void> {
  await page.goto('/user/creation');
  await page.locator('form[data-testid="creation-form"][data-ready]').waitFor();
}

/** Title, description, the second category and a cover (its preview comes from /media/). */
async function fillCommon(page: Page, lang: Lang, title: string, description: string): Promise<void> {
  const t = TEXT[lang];
  await page.getByLabel(t.title, { exact: false }).first().fill(title);
  await page.getByLabel(t.description, { exact: false }).first().fill(description);
  await page.getByLabel(t.category, { exact: false }).first().selectOption({ index: 2 });
  await page.getByTestId('cover-input').setInputFiles(coverFile);
  await expect.poll(async () => (await page.getByTestId('cover-preview').count()) > 0 && (await page.getByTestId('cover-preview').getAttribute('src')), { timeout: 15_000 }).toMatch(/^\/media\//);
}

function count(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).innerText().then((text) => Number(text.trim()));
}

describe('Trader TV (English)', () => {
  it('publishes a video that plays and seeks; another user likes, comments, collects, forwards and follows, and the creator sees it', async () => {
    const { context, page } = await visitor('en');
    const creator = await register(context, page, 'en', 'v');
    await openCreation(page);

    // Spec §5: every rule is said under its field, in English.
    await page.getByTestId('creation-submit').click();
    for (const message of ['Please enter a title.', 'Please enter a description.', 'Please choose a category.', 'Please upload a cover.', 'Please upload a video.'])
      await page.getByText(message, { exact: true }).waitFor();
    // The client checks the file before sending it.
    await page.getByTestId('video-input').setInputFiles(coverFile);
    await page.getByText('The video must be an mp4 file.', { exact: true }).waitFor();

    const keyword = `zq${Date.now().toString(36)}`;
    const title = `Gold breakout ${keyword}`;
    await fillCommon(page, 'en', title, `How I trade the London open on XAUUSD. ${keyword}`);

    // Upload slowly enough to see the percentage, and record every status the page shows without reloading.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[]; __samePage: boolean }).__statuses = seen;
      (window as unknown as { __samePage: boolean }).__samePage = true;
      const record = () => {
        const status = document.querySelector('[data-testid="video-status"]');
        const text = status?.querySelector('span')?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
        // Once the bytes are sent, the bar runs without a percentage (an indeterminate <progress>).
        if (status?.getAttribute('data-state') === 'sent' && status.querySelector('progress:not([value])')) (window as unknown as { __indeterminate: boolean }).__indeterminate = true;
        // While the server transcodes, a bar with its percentage.
        if (status?.getAttribute('data-state') === 'processing' && status.querySelector('progress[data-testid="video-processing-progress"][value]')) (window as unknown as { __processingBar: boolean }).__processingBar = true;
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 96 * 1024 });
    await page.getByTestId('video-input').setInputFiles(videoFile);
    await page.locator('[data-testid="video-status"][data-state="processing"]').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.locator('[data-testid="video-status"][data-state="ready"]').waitFor({ timeout: 120_000 });
    const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
    // A percentage under 100 was on screen while the bytes were leaving.
    expect(statuses.some((s) => /^Uploading \d{1,2} %$/.test(s))).toBe(true);
    const processingAt = statuses.findIndex((s) => s.startsWith('Processing'));
    expect(processingAt).toBeGreaterThan(0);
    // #22 item 9: when the last byte has left, the page says at once that the video is being
    // processed (before the server's answer and its own processing status), not "Uploading 100 %".
    expect(statuses[processingAt]).toBe('Processing video… (this can take a minute)');
    expect(statuses[processingAt + 1]).toBe('Processing… This usually takes under a minute.');
    expect(statuses).not.toContain('Uploading 100 %');
    expect(await page.evaluate(() => (window as unknown as { __indeterminate?: boolean }).__indeterminate)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __processingBar?: boolean }).__processingBar)).toBe(true);
    // The worker's percentage (polled every 2 s: shown when a poll lands mid-transcode), only ever rising.
    const processing = statuses.slice(processingAt + 2, -1);
    for (const s of processing) expect(s).toMatch(/^Processing \d{1,2} % — preparing the HD and mobile versions\.$/);
    const percents = processing.map((s) => Number(/\d+/.exec(s)![0]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(statuses[statuses.length - 1]).toBe('Your video is ready (0:08).');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // The player's requests for the video's files, from the moment the detail page opens.
    const fetched: { path: string; status: number; type: string }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/media\/videos\/.+\/hls\//.test(pathname)) fetched.push({ path: pathname, status: response.status(), type: response.headers()['content-type'] ?? '' });
    });
    await page.getByTestId('creation-submit').click();
    await toast(page, 'success', 'Published.');
    await page.waitForURL((url) => url.pathname === '/vlog/detail', { timeout: 15_000 });
    const id = new URL(page.url()).searchParams.get('id')!;
    published = { id, title, keyword, authorId: creator.id };
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // The structured data names the video, its length and its file.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'VideoObject', name: title, duration: 'PT8S', contentUrl: expect.stringMatching(/\/media\/videos\/.+\/hls\/master\.m3u8$/) });

    // Adaptive HLS through hls.js (kept over Chromium's own HLS, ADR 032): the master playlist, a
    // rendition's playlist, its init segment and media segments; it plays and seeks.
    const video = page.getByTestId('post-video');
    expect(await video.getAttribute('data-src')).toMatch(/^\/media\/videos\/.+\/hls\/master\.m3u8$/);
    expect(await video.getAttribute('preload')).toBe('metadata');
    await expect.poll(() => video.getAttribute('data-hls'), { timeout: 15_000 }).toBe('manifest-parsed');
    expect(await video.getAttribute('data-player')).toBe('hls.js');
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      // Playing for real: the clock moves past 0.
      await new Promise<void>((resolve) => {
        const check = () => (v.currentTime > 0.2 ? resolve() : requestAnimationFrame(check));
        check();
      });
      const seeked = new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
      v.currentTime = 5.5;
      await seeked;
      v.pause();
      return { duration: v.duration, time: v.currentTime, src: v.currentSrc };
    });
    expect(played.duration).toBeGreaterThan(7.5);
    expect(played.time).toBeGreaterThanOrEqual(5);
    // Media Source Extensions: the element plays a blob: the player filled.
    expect(played.src).toMatch(/^blob:/);
    const ok = fetched.filter((f) => f.status === 200);
    expect(ok.filter((f) => f.path.endsWith('/master.m3u8')).map((f) => f.type)).toEqual(['application/vnd.apple.mpegurl']);
    expect(ok.some((f) => /\/(360|720)p\.m3u8$/.test(f.path) && f.type === 'application/vnd.apple.mpegurl')).toBe(true);
    expect(ok.some((f) => /_init\.mp4$/.test(f.path))).toBe(true);
    expect(ok.filter((f) => /_\d{3}\.m4s$/.test(f.path) && f.type === 'video/mp4').length).toBeGreaterThanOrEqual(2);

    // Another user: like, comment (rules first), collect, forward with a comment, follow.
    const fan = await visitor('en');
    await register(fan.context, fan.page, 'en', 'v');
    const fp = fan.page;
    await fp.goto(`/vlog/detail?id=${id}`);
    await fp.getByTestId('post-detail').waitFor();
    await hydrated(fp);
    const like = fp.getByTestId('post-like');
    await expect.poll(() => like.isEnabled()).toBe(true);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await count(fp, 'post-like-count')).toBe(1);

    await fp.getByTestId('comment-submit').click();
    await fp.getByText('Please write a comment.', { exact: true }).waitFor();
    const commentText = `Great entry on the retest ${keyword}`;
    await fp.getByTestId('comment-input').fill(commentText);
    await fp.getByTestId('comment-submit').click();
    await toast(fp, 'success', 'Comment posted.');
    await fp.getByTestId('comment-text').filter({ hasText: commentText }).waitFor();
    await fp.getByRole('heading', { name: '1 comment' }).waitFor();

    await fp.getByTestId('post-collect').click();
    await toast(fp, 'success', 'Added to your collection.');
    expect(await count(fp, 'post-collect-count')).toBe(1);

    await fp.getByTestId('post-forward').click();
    await fp.getByTestId('forward-dialog').getByLabel('Add a comment (optional)').fill('Worth watching');
    await fp.getByTestId('forward-submit').click();
    await toast(fp, 'success', 'Forwarded to your feed.');
    expect(await count(fp, 'post-forward-count')).toBe(1);

    const followers = Number(await fp.getByTestId('author-followers').getAttribute('data-count'));
    await fp.getByRole('button', { name: 'Follow', exact: true }).click();
    await fp.getByRole('button', { name: 'Followed', exact: true }).waitFor();
    expect(Number(await fp.getByTestId('author-followers').getAttribute('data-count'))).toBe(followers + 1);
    expect(await fp.getByTestId('author-followers').innerText()).toBe(followers === 0 ? '1 follower' : `${followers + 1} followers`);

    // The state comes from the server on a new load too.
    await fp.reload();
    await expect.poll(() => fp.getByTestId('post-like').getAttribute('aria-pressed')).toBe('true');
    expect(await fp.getByTestId('post-collect').getAttribute('aria-pressed')).toBe('true');

    // The fan's bookmarks list the post.
    await fp.goto('/user/vlog?tab=collections');
    await fp.getByTestId('my-collection').filter({ hasText: title }).waitFor();

    // The creator's figures moved; the creator answers the comment.
    await page.goto(`/vlog/personal?uid=${creator.id}`);
    await page.getByRole('heading', { level: 1, name: creator.username }).waitFor();
    expect(await count(page, 'followers-count')).toBe(1);
    expect(await count(page, 'likes-count')).toBe(1);
    expect(await count(page, 'collections-count')).toBe(1);
    expect(await count(page, 'posts-count')).toBe(1);
    await page.getByTestId('post-card').filter({ hasText: title }).waitFor();

    await page.goto(`/vlog/detail?id=${id}`);
    await hydrated(page);
    expect(await count(page, 'post-like-count')).toBe(1);
    const comment = page.getByTestId('comment').filter({ hasText: commentText }).first();
    await comment.getByTestId('comment-reply').click();
    await comment.getByTestId('reply-input').fill('Thanks, more next week!');
    await comment.getByTestId('reply-submit').click();
    await toast(page, 'success', 'Comment posted.');
    await comment.getByTestId('comment-text').filter({ hasText: 'Thanks, more next week!' }).waitFor();
    await page.getByRole('heading', { name: '2 comments' }).waitFor();

    // My posts: the video with its status, likes and an edit link.
    await page.goto('/user/vlog');
    const row = page.getByTestId('my-post').filter({ hasText: title });
    expect(await row.getByTestId('my-post-status').innerText()).toBe('Published');
    expect(await row.getByTestId('my-post-edit').getAttribute('href')).toBe(`/user/creation?id=${id}`);

    // Edit: the form comes filled in; the new title is saved, the video stays.
    await row.getByTestId('my-post-edit').click();
    await page.locator('form[data-testid="creation-form"][data-ready]').waitFor();
    const titleField = page.getByLabel('Title', { exact: false }).first();
    expect(await titleField.inputValue()).toBe(title);
    const edited = `${title} (updated)`;
    await titleField.fill(edited);
    await page.getByTestId('creation-submit').click();
    await toast(page, 'success', 'Your changes have been saved.');
    await page.waitForURL((url) => url.pathname === '/vlog/detail', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: edited }).waitFor();
    expect(await page.getByTestId('post-video').getAttribute('data-src')).toMatch(/^\/media\/.+\/hls\/master\.m3u8$/);

    // Without script the fan's comment form still works, and says what is wrong in the page's language.
    const noScript = await session.context({ javaScriptEnabled: false, storageState: await fan.context.storageState() });
    const np = session.watch(await noScript.newPage());
    await np.goto(`/vlog/detail?id=${id}`);
    await np.getByTestId('comment-submit').click();
    await np.getByText('Please write a comment.', { exact: true }).waitFor();
    await np.getByTestId('comment-input').fill('Posted without script');
    await np.getByTestId('comment-submit').click();
    await np.getByTestId('comment-text').filter({ hasText: 'Posted without script' }).waitFor();
    await np.getByRole('heading', { name: '3 comments' }).waitFor();

    // The fan's feed shows the forward with its comment.
    await fp.goto(`/vlog/personal?uid=${encodeURIComponent(await fp.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { id: string }).id))}&tab=feed`);
    const forward = fp.getByTestId('feed-item').filter({ hasText: title });
    await forward.waitFor();
    expect(await forward.getAttribute('data-type')).toBe('forward');
    expect(await forward.getByTestId('feed-comment').innerText()).toBe('Worth watching');
    const feedUrl = fp.url();

    // The fan takes the forward back from the detail page: the count drops, Forward returns, the feed forgets it.
    await fp.goto(`/vlog/detail?id=${id}`);
    await hydrated(fp);
    const unforward = fp.getByTestId('post-unforward');
    expect(await unforward.innerText()).toMatch(/Undo forward/);
    expect(await count(fp, 'post-forward-count')).toBe(1);
    await unforward.click();
    await toast(fp, 'success', 'Forward removed from your feed.');
    await fp.getByTestId('post-forward').waitFor();
    expect(await count(fp, 'post-forward-count')).toBe(0);
    await fp.goto(feedUrl);
    await fp.getByTestId('personal-card').waitFor();
    expect(await fp.getByTestId('feed-item').filter({ hasText: title }).count()).toBe(0);

    // Forwarded again, it can be undone from the fan's own feed too.
    await fp.goto(`/vlog/detail?id=${id}`);
    await hydrated(fp);
    await fp.getByTestId('post-forward').click();
    await fp.getByTestId('forward-submit').click();
    await toast(fp, 'success', 'Forwarded to your feed.');
    expect(await count(fp, 'post-forward-count')).toBe(1);
    // Only the fan's own view of their feed offers the undo.
    await page.goto(feedUrl);
    await page.getByTestId('feed-item').filter({ hasText: title }).waitFor();
    expect(await page.getByTestId('feed-unforward').count()).toBe(0);
    await fp.goto(feedUrl);
    const again = fp.getByTestId('feed-item').filter({ hasText: title });
    const undoInFeed = again.getByTestId('feed-unforward');
    await expect.poll(() => undoInFeed.isEnabled()).toBe(true);
    await undoInFeed.click();
    await toast(fp, 'success', 'Forward removed from your feed.');
    await expect.poll(() => fp.getByTestId('feed-item').filter({ hasText: title }).count()).toBe(0);
    await fp.getByTestId('posts-empty').waitFor();

    // Without script too: the dialog opens (invoker command), a rule is explained in the dialog,
    // the forward is made, and taken back.
    await np.goto(`/vlog/detail?id=${id}`);
    expect(await count(np, 'post-forward-count')).toBe(0);
    await np.getByTestId('post-forward').click();
    const dialog = np.getByTestId('forward-dialog');
    await dialog.getByLabel('Add a comment (optional)').fill('x'.repeat(501));
    await dialog.getByTestId('forward-submit').click();
    await np.getByTestId('forward-dialog').getByText('A comment can be at most 500 characters.', { exact: true }).waitFor();
    expect(await np.getByTestId('forward-dialog').getByLabel('Add a comment (optional)').inputValue()).toHaveLength(501);
    await np.getByTestId('forward-dialog').getByLabel('Add a comment (optional)').fill('Shared without script');
    await np.getByTestId('forward-dialog').getByTestId('forward-submit').click();
    await np.getByTestId('post-unforward').waitFor();
    expect(await count(np, 'post-forward-count')).toBe(1);
    await np.getByTestId('post-unforward').click();
    await np.getByTestId('post-forward').waitFor();
    expect(await count(np, 'post-forward-count')).toBe(0);
  }, 300_000);
});

describe('博客（中文）', () => {
  it('publishes an image-text post with an inline picture; the blog page shows the text and the picture', async () => {
    const { context, page } = await visitor('zh-CN');
    await register(context, page, 'zh-CN', 'v');
    await openCreation(page);
    await page.getByRole('radio', { name: TEXT['zh-CN'].imageText }).check();
    await page.getByTestId('rich-editor').waitFor();

    // Spec §5 in Chinese: image-text posts need their content.
    await page.getByTestId('creation-submit').click();
    for (const message of ['请输入标题。', '请输入简介。', '请选择分类。', '请上传封面。', '请输入内容。']) await page.getByText(message, { exact: true }).waitFor();

    const title = `黄金交易心得 ${Date.now().toString(36)}`;
    await fillCommon(page, 'zh-CN', title, '伦敦开盘时段的黄金突破策略。');
    const editor = page.getByTestId('rich-editor');
    await editor.click();
    await page.keyboard.type('这是一篇关于黄金交易的文章。');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-image-input').setInputFiles(pictureFile);
    await expect.poll(async () => (await editor.locator('img').count()) > 0 && (await editor.locator('img').first().getAttribute('src')), { timeout: 15_000 }).toMatch(/^\/media\//);
    await expect(page.getByText('请输入内容。', { exact: true }).count()).resolves.toBe(0);

    await page.getByTestId('creation-submit').click();
    await toast(page, 'success', '发布成功。');
    await page.waitForURL((url) => url.pathname === '/blog/detail', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const content = page.getByTestId('post-content');
    await content.getByText('这是一篇关于黄金交易的文章。').waitFor();
    const picture = content.locator('img').first();
    expect(await picture.getAttribute('src')).toMatch(/^\/media\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByTestId('post-like').innerText()).toMatch(/点赞/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: title, inLanguage: 'zh-CN' });

    // The blog list has it, with its Chinese labels.
    await page.goto('/vlog/blog');
    await page.getByTestId('post-card').filter({ hasText: title }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(CJK);

    // 我的博客: delete it after a confirmation.
    await page.goto('/user/vlog');
    const row = page.getByTestId('my-post').filter({ hasText: title });
    expect(await row.getByTestId('my-post-status').innerText()).toBe('已发布');
    await row.getByTestId('my-post-delete').click();
    await row.getByTestId('my-post-delete-confirm').click();
    await toast(page, 'success', '作品已删除。');
    await page.getByTestId('my-posts-empty').waitFor();
  }, 180_000);
});

describe('visitors', () => {
  it('get server-rendered pages; the like button leads to sign-in and back', async () => {
    expect(published).not.toBeNull();
    const post = published!;

    // Without script: everything is in the HTML.
    const { page: bare } = await visitor('en', { javaScriptEnabled: false });
    await bare.goto('/vlog/index');
    await bare.getByRole('heading', { level: 1, name: 'Trader TV' }).waitFor();
    await bare.getByTestId('post-card').filter({ hasText: post.title }).waitFor();
    await bare.goto(`/vlog/detail?id=${post.id}`);
    await bare.getByRole('heading', { level: 1, name: post.title }).waitFor();
    // The playlist is named in the HTML; the poster shows, as a <picture> under the player in the sizes a screen needs (ADR 033).
    expect(await bare.getByTestId('post-video').getAttribute('data-src')).toMatch(/^\/media\/.+\.m3u8$/);
    expect(await bare.getByTestId('post-poster').getAttribute('src')).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\/poster\.jpg$/);
    const posterSrcset = await bare.getByTestId('post-detail').locator('article picture source[type="image/avif"]').getAttribute('srcset');
    expect(posterSrcset).toMatch(/poster\.jpg\.320w\.avif 320w/);
    expect(await bare.locator('head link[rel="preload"][as="image"]').getAttribute('imagesrcset')).toBe(posterSrcset);
    expect(await bare.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${BASE_URL}/vlog/detail?id=${post.id}`);
    expect(await bare.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/\/media\//);
    expect(await bare.getByTestId('post-like').getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/vlog/detail?id=${post.id}`)}`);
    await bare.getByTestId('comment-sign-in').waitFor();
    await bare.goto(`/vlog/search?keyword=${post.keyword}`);
    await bare.getByTestId('post-card').filter({ hasText: post.title }).waitFor();
    await bare.goto('/vlog/search');
    await bare.getByTestId('post-search-prompt').waitFor();
    await bare.goto(`/vlog/search?keyword=nothingmatches${Date.now()}`);
    await bare.getByTestId('posts-empty').waitFor();
    await bare.goto(`/vlog/personal?uid=${post.authorId}`);
    await bare.getByTestId('post-card').filter({ hasText: post.title }).waitFor();

    // With script: Like → sign-in, keeping the way back.
    const { page } = await visitor('en');
    await page.goto(`/vlog/detail?id=${post.id}`);
    await Promise.all([page.waitForURL((url) => url.pathname === '/login'), page.getByTestId('post-like').click()]);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/vlog/detail?id=${post.id}`);
    // Signed-in pages are guarded.
    await page.goto('/user/creation');
    await page.waitForURL((url) => url.pathname === '/login');
  }, 90_000);
});
