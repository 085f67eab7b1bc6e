/**
 * The site on a 390 px phone, in real Chromium, in English and Chinese (issue 22 items 3 and 9):
 * every server-rendered page of web/app/routes.ts, signed out and signed in as a user with content
 * (a post, notices), is no wider than the screen; the licences of a company stack into cards; the
 * trader charts' axis labels are readable (≥ 11 px as drawn); the register page's account-type
 * switch keeps its pill inside its track; the e-mail setting is a styled switch; opening Forward
 * logs nothing; notices stop saying "New" as soon as the bell is cleared. Ids of the detail pages
 * come from the demo data through the API; the users are registered by the test.
 */
import sharp from 'sharp';
import type { BrowserContext, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyCard, Page as ListPage, PostCard, PostDetail, Promotion, RankedTrader, UploadedImage } from '@brokerwise/api-contract';
import routes from '../web/app/routes.ts';
import { browserSession, hydrated } from './browser.ts';
import { apiGet, apiPost, register, type Account, type Lang } from './users.ts';

const WIDTH = 390;
const PHONE: BrowserContextOptions = { viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** The smallest text we accept on a phone, in CSS pixels as drawn. */
const MIN_LABEL_PX = 11;
const LANGS = ['en', 'zh-CN'] as const;

const session = browserSession();
const phone = (lang: Lang, options: BrowserContextOptions = {}) => session.visitor(lang, { ...PHONE, ...options });

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Set up once: a creator with a post and notices, a fan who follows them, and real ids of the demo data. */
let creator: Account;
let creatorState: StorageState;
let fanState: StorageState;
let post: PostDetail;
const ids = { company: '', companyWithLicences: '', trader: '', promotion: '', video: '' };

async function publishPost(context: BrowserContext, lang: Lang, title: string): Promise<PostDetail> {
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).png().toBuffer();
  const image = await apiPost<UploadedImage>(context, lang, '/api/upload/image', png, 'image/png');
  return apiPost<PostDetail>(context, lang, '/api/vlog/publish', { kind: 'image_text', title, description: `${title}.`, cover: image.id, category: 'analysis', content: `<p>${title}</p>` });
}

beforeAll(async () => {
  // Signed up at desktop size (the sign-up helper looks for the header's account menu), used on the phone.
  const a = await session.visitor('en');
  creator = await register(a.context, a.page, 'en', 'ph');
  post = await publishPost(a.context, 'en', 'Phone layout check: EUR/USD weekly outlook with a rather long title');
  creatorState = await a.context.storageState();

  const b = await session.visitor('en');
  const fan = await register(b.context, b.page, 'en', 'pf');
  await apiPost(b.context, 'en', '/api/user/follow', { fuid: creator.id });
  fanState = await b.context.storageState();
  expect(fan.id).not.toBe(creator.id);

  const companies = (await apiGet<ListPage<CompanyCard>>(a.context, 'en', '/api/brokers/brokersList?page=1&limit=20&order=score')).list;
  ids.company = companies[0]!.id;
  // The first company whose page lists licences (most brokers of the demo data have some).
  for (const company of companies) {
    await a.page.goto(`/detail?id=${encodeURIComponent(company.id)}`);
    if ((await a.page.getByTestId('licences-table').count()) > 0) {
      ids.companyWithLicences = company.id;
      break;
    }
  }
  ids.trader = (await apiGet<ListPage<RankedTrader>>(a.context, 'en', '/api/trader/top?page=1')).list[0]!.account.id;
  ids.promotion = (await apiGet<ListPage<Promotion>>(a.context, 'en', '/api/promotion/list?page=1')).list[0]!.id;
  const posts = (await apiGet<ListPage<PostCard>>(a.context, 'en', '/api/vlog/list?page=1&limit=50')).list;
  ids.video = posts.find((p) => p.kind === 'video')?.id ?? '';
  for (const [name, id] of Object.entries(ids)) expect(id, name).toMatch(/.+/);
}, 180_000);

/** Routes that answer something other than an HTML page. */
const NOT_PAGES = new Set(['sitemap.xml', 'robots.txt', 'i18n/:file', '*']);

/** The addresses that show each route of web/app/routes.ts with real content. */
function addressesOf(path: string): string[] {
  const map: Record<string, string[]> = {
    '': ['/'],
    search: ['/search', '/search?keyword=gold'],
    'listing/:name': ['/listing/Brokers', '/listing/Pay'],
    // No case is published in the demo data: a case address that names none (its not-found page).
    'complaints/:id': ['/complaints/00000000-0000-4000-8000-000000000000'],
    detail: [`/detail?id=${ids.companyWithLicences}`, `/detail?id=${ids.company}`],
    topbrokers: ['/topbrokers'],
    'trader/index': ['/trader/index'],
    'trader/account': ['/trader/account', `/trader/account?id=${ids.trader}`],
    'trader/bindaccount': ['/trader/bindaccount'],
    'trader/apply': ['/trader/apply'],
    promotion: ['/promotion'],
    essay: [`/essay?id=${ids.promotion}`],
    comment: [`/comment?id=${ids.company}`],
    about: ['/about'],
    'about/methodology': ['/about/methodology'],
    TraderChat: ['/TraderChat'],
    developers: ['/developers'],
    'open-data': ['/open-data'],
    transparency: ['/transparency'],
    service: ['/service'],
    privacy: ['/privacy'],
    cookie: ['/cookie'],
    newsletter: ['/newsletter?status=pending'],
    'newsletter/confirm': ['/newsletter/confirm?token=not-a-token'],
    'newsletter/unsubscribe': ['/newsletter/unsubscribe?token=not-a-token'],
    login: ['/login'],
    register: ['/register'],
    retrievePassword: ['/retrievePassword'],
    'user/set': ['/user/set'],
    'user/modifypassword': ['/user/modifypassword'],
    'user/reviews': ['/user/reviews'],
    'user/vlog': ['/user/vlog'],
    'user/creation': ['/user/creation'],
    'user/notice': ['/user/notice', '/user/notice?type=system'],
    'user/account': ['/user/account'],
    'user/apikeys': ['/user/apikeys'],
    'vlog/personal': [`/vlog/personal?uid=${creator.id}`],
    'vlog/index': ['/vlog/index'],
    'vlog/blog': ['/vlog/blog'],
    'vlog/recommend': ['/vlog/recommend'],
    'vlog/search': ['/vlog/search?keyword=EUR'],
    'vlog/detail': [`/vlog/detail?id=${ids.video}`],
    'blog/detail': [`/blog/detail?id=${post.id}`],
    'admin/reviews': ['/admin/reviews'],
    'admin/trader-applications': ['/admin/trader-applications'],
    'admin/notices': ['/admin/notices'],
    'admin/promotions': ['/admin/promotions'],
    '404': ['/404'],
  };
  const addresses = map[path];
  if (addresses) return addresses;
  // A route added since: its bare address at least (one that needs an id or a segment belongs in the map).
  if (path.includes(':')) throw new Error(`no phone address for the route "${path}" of web/app/routes.ts: add it to addressesOf()`);
  return [`/${path}`];
}

function everyAddress(): string[] {
  return routes.filter((r) => !NOT_PAGES.has(r.path ?? '')).flatMap((r) => addressesOf(r.path ?? ''));
}

/** How far the page reaches past the right edge of the screen, and what sticks out most. */
async function overflow(page: Page): Promise<{ width: number; culprit: string }> {
  return page.evaluate((limit) => {
    const width = document.documentElement.scrollWidth;
    if (width <= limit) return { width, culprit: '' };
    // The innermost elements reaching past the edge, leaving out what scrolls inside its own box.
    const scrolls = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const past = [...document.body.querySelectorAll('*')].filter((el) => {
      if (el.getBoundingClientRect().right + window.scrollX <= limit) return false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (scrolls(up)) return false;
      return true;
    });
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const culprit = innermost
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`)
      .join(', ');
    return { width, culprit };
  }, WIDTH);
}

/** Opens every address and lists those wider than the phone. */
async function tooWide(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const address of everyAddress()) {
    await page.goto(address);
    await hydrated(page);
    const { width, culprit } = await overflow(page);
    if (width > WIDTH) wide.push(`${address} (${page.url().replace(/^https?:\/\/[^/]+/, '')}): ${width} px, ${culprit}`);
  }
  return wide;
}

/** Console warnings and errors from now on (the session's watch catches errors only). */
function consoleNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') noise.push(`${message.type()}: ${message.text()}`);
  });
  return noise;
}

describe.each(LANGS)('at 390 px (%s)', (lang) => {
  it('every page fits the screen when signed out', { timeout: 300_000 }, async () => {
    const { page } = await phone(lang);
    expect(await tooWide(page)).toEqual([]);
  });

  it('every page fits the screen when signed in as a user with a post and notices', { timeout: 300_000 }, async () => {
    const { page } = await phone(lang, { storageState: creatorState });
    await page.goto('/user/vlog');
    await page.getByTestId('my-posts').waitFor();
    expect(await tooWide(page)).toEqual([]);
  });

  it("the register page's account-type switch keeps its pill inside the track, on the chosen option", async () => {
    const { page } = await phone(lang);
    await page.goto('/register');
    await hydrated(page);
    const control = page.locator('.mantine-SegmentedControl-root');
    const check = async () => {
      const [track, pill, active] = await Promise.all([
        control.boundingBox(),
        control.locator('.mantine-SegmentedControl-indicator').boundingBox(),
        control.locator('.mantine-SegmentedControl-label[data-active]').boundingBox(),
      ]);
      expect(track && pill && active).toBeTruthy();
      expect(pill!.y).toBeGreaterThanOrEqual(track!.y);
      expect(pill!.y + pill!.height).toBeLessThanOrEqual(track!.y + track!.height + 0.5);
      expect(Math.abs(pill!.y - active!.y)).toBeLessThan(1.5);
      expect(Math.abs(pill!.x - active!.x)).toBeLessThan(1.5);
    };
    await check();
    await control.locator('label').nth(1).click();
    await page.getByTestId('company-account-note').waitFor();
    // The pill slides over (a short transition): it ends on the second option.
    await expect.poll(async () => (await control.locator('.mantine-SegmentedControl-indicator').boundingBox())!.x).toBeGreaterThan(WIDTH / 3);
    await expect.poll(async () => check().then(() => true, () => false)).toBe(true);
  });

  it('a company\'s licences stack into cards: no sideways scrolling, every number and "Verify" link on screen', async () => {
    const { page } = await phone(lang);
    await page.goto(`/detail?id=${encodeURIComponent(ids.companyWithLicences)}`);
    const table = page.getByTestId('licences-table');
    await table.waitFor();
    const wrap = table.locator('xpath=..');
    const { scrollWidth, clientWidth } = await wrap.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const cell of await table.locator('tbody td, tbody th').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    }
    // Each value is named by its column (the header row is out of sight in this layout).
    const label = await table.locator('tbody td').nth(1).evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe(JSON.stringify(await table.locator('thead th').nth(2).textContent()));
  });

  it("a trader's chart labels are at least 11 px as drawn", async () => {
    const { page } = await phone(lang);
    await page.goto(`/trader/account?id=${ids.trader}`);
    await page.getByTestId('trader-chart-balance').waitFor();
    const sizes = await page.locator('figure[data-testid^="trader-chart-"]').evaluateAll((figures) =>
      figures.flatMap((figure) =>
        [...figure.querySelectorAll('text, [data-testid="trader-chart-label"]')].map((el) => {
          // Text inside an SVG is scaled with its viewBox; anything else is drawn at its CSS size.
          const svg = el.closest('svg');
          const scale = svg?.getScreenCTM()?.a ?? 1;
          const box = el.getBoundingClientRect();
          return { text: el.textContent ?? '', px: Number.parseFloat(getComputedStyle(el).fontSize) * scale, left: box.left, right: box.right };
        }),
      ),
    );
    expect(sizes.length).toBeGreaterThan(6);
    for (const s of sizes) {
      expect(s.px, s.text).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      expect(s.left, s.text).toBeGreaterThanOrEqual(0);
      expect(s.right, s.text).toBeLessThanOrEqual(WIDTH);
    }
  });

  it('the e-mail notifications setting is a styled switch like the other controls', async () => {
    const { page } = await phone(lang, { storageState: creatorState });
    await page.goto('/user/set');
    await hydrated(page);
    const input = page.getByTestId('mail-non-essential');
    await input.waitFor({ state: 'attached' });
    const look = await input.evaluate((el) => {
      const track = el.closest('.mantine-Switch-root')?.querySelector('.mantine-Switch-track');
      const box = track?.getBoundingClientRect();
      return { inputOpacity: getComputedStyle(el).opacity, trackWidth: box?.width ?? 0, trackRadius: track ? getComputedStyle(track).borderRadius : '' };
    });
    // The native box is hidden under the drawn track (Mantine's Switch styles loaded).
    expect(look.inputOpacity).toBe('0');
    expect(look.trackWidth).toBeGreaterThanOrEqual(28);
    expect(look.trackRadius).not.toBe('0px');
  });

  it('Forward opens its dialog without a console warning', async () => {
    const { page } = await phone(lang, { storageState: fanState });
    await page.goto(`/blog/detail?id=${post.id}`);
    await page.getByTestId('post-detail').waitFor();
    await hydrated(page);
    const noise = consoleNoise(page);
    await page.getByTestId('post-forward').click();
    const dialog = page.getByTestId('forward-dialog');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
    // Closing by its own button leaves it closed, again without a word in the console.
    await dialog.getByRole('button', { name: lang === 'en' ? 'Cancel' : '取消' }).click();
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.getByTestId('post-forward').click();
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(noise).toEqual([]);
  });
});

describe('notices', () => {
  it('lose their "New" badge as soon as the bell is cleared', async () => {
    const { context, page } = await phone('en', { storageState: creatorState });
    // Something new for the creator: the fan comments on the post.
    const fan = await phone('en', { storageState: fanState });
    await apiPost(fan.context, 'en', '/api/vlog/comment', { id: post.id, content: 'Useful, thanks for sharing.' });
    await expect.poll(() => apiGet<number>(context, 'en', '/api/user/noticecont'), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goto('/');
    await hydrated(page);
    await page.getByTestId('notice-dot').first().waitFor({ state: 'attached' });
    await Promise.all([page.waitForURL('**/user/notice'), page.getByTestId('notice-bell').first().click()]);
    await page.getByTestId('notice-item').first().waitFor();
    await expect.poll(() => page.getByTestId('notice-dot').count(), { timeout: 10_000 }).toBe(0);
    // The bell is clear: no item still claims to be new, without a reload.
    await expect.poll(() => page.locator('[data-testid="notice-item"][data-new]').count(), { timeout: 5_000 }).toBe(0);
    expect(await page.getByTestId('notice-item').getByText('New', { exact: true }).count()).toBe(0);
  });
});
