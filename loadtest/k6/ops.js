// Operators' load scenarios against a running Brokerwise, through the gateway (the public front door).
//
// Five k6 scenarios run side by side, each with its share of the virtual users (data/ops.json):
//   pages          the public pages: home, a listing, a company, search, Top Brokers, a post (SSR HTML)
//   api_reads      the signed /api reads those pages make (lists, detail, reviews, ranking, posts)
//   sign_in        the sign-in page, checkIn, the profile call, logout
//   review_writes  a signed-in user writes (or rewrites) a review; it waits for moderation (pending)
//   uploads        an image upload and an avatar upload (a small valid PNG), then the avatar is fetched
// SCENARIO picks the load profile: smoke (default: 1 VU per scenario, 3 iterations), average,
// stress, spike, soak (ramping-vus stages in data/ops.json).
//
//   k6 run -e BASE_URL=https://staging.example -e SIGNATURE_SALT=… -e SCENARIO=average -e USERS_FILE=/abs/users.json ops.js
//   npm run load -- --scenario smoke --target http://127.0.0.1:3000 …   (the same script, run by Node: see README.md)
//
// Pass/fail per scenario: http_req_failed < 1 %, http_req_duration p(95) below the scenario's limit
// (data/ops.json); checks > 99 % overall. Only aim it at an environment you operate.
import http from 'k6/http';
import { check, group, sleep } from 'k6';
import exec from 'k6/execution';
import { signatureHeaders } from './lib/signature.js';
import { listedAccounts, registerAccount } from './lib/users.js';

const config = JSON.parse(open('./data/ops.json'));
const PNG = open('./data/avatar.png', 'b');
const USERS_FILE_TEXT = __ENV.USERS_FILE ? open(__ENV.USERS_FILE) : '';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const SIGNATURE_SALT = __ENV.SIGNATURE_SALT;
if (!SIGNATURE_SALT) {
  throw new Error('SIGNATURE_SALT is required (-e SIGNATURE_SALT=...): the gateway refuses unsigned /api requests');
}
const SCENARIO = __ENV.SCENARIO || 'smoke';
const profile = config.profiles[SCENARIO];
if (!profile) throw new Error(`unknown SCENARIO ${SCENARIO}; one of: ${Object.keys(config.profiles).join(', ')}`);
const ALL = Object.keys(config.mix);
const SELECTED = (__ENV.SCENARIOS ? __ENV.SCENARIOS.split(',') : ALL).map((s) => s.trim()).filter(Boolean);
for (const name of SELECTED) {
  if (ALL.indexOf(name) < 0) throw new Error(`unknown scenario ${name} in SCENARIOS; one of: ${ALL.join(', ')}`);
}
const THINK_SCALE = __ENV.THINK_SCALE === undefined ? 1 : Number(__ENV.THINK_SCALE);
const REVIEW_INTERVAL_S = __ENV.REVIEW_INTERVAL === undefined ? config.reviewIntervalSeconds : Number(__ENV.REVIEW_INTERVAL);
const MAILBOX_URL = __ENV.MAILBOX_URL || '';
const ACCOUNTS = listedAccounts(__ENV.USERS || '', USERS_FILE_TEXT);
const NEEDS_ACCOUNTS = ['sign_in', 'review_writes', 'uploads'];
if (SELECTED.some((s) => NEEDS_ACCOUNTS.indexOf(s) >= 0) && ACCOUNTS.length === 0 && !MAILBOX_URL) {
  throw new Error('sign_in, review_writes and uploads need accounts: USERS_FILE or USERS (k8s), or MAILBOX_URL to register fresh ones; or leave them out with SCENARIOS=pages,api_reads');
}

// k6 calls each scenario's `exec` function by name.
const EXEC = { pages: 'pages', api_reads: 'apiReads', sign_in: 'signIn', review_writes: 'reviewWrites', uploads: 'uploads' };

/** A scenario's share of a profile's VU level (at least one while the level is above zero). */
function share(target, name) {
  return target === 0 ? 0 : Math.max(1, Math.round(target * config.mix[name].share));
}

function scenarioOf(name) {
  if (profile.executor === 'per-vu-iterations') {
    // A fresh account may write a review only every 120 s: one write each is enough for a smoke
    // test, unless older listed accounts are used (REVIEW_INTERVAL=0).
    const iterations = name === 'review_writes' && REVIEW_INTERVAL_S > 0 ? 1 : Number(__ENV.ITERATIONS || profile.iterations);
    return { executor: 'per-vu-iterations', exec: EXEC[name], vus: profile.vus, iterations: iterations, maxDuration: profile.maxDuration };
  }
  return {
    executor: 'ramping-vus',
    exec: EXEC[name],
    startVUs: 0,
    stages: profile.stages.map((s) => ({ duration: s.duration, target: share(s.target, name) })),
    gracefulRampDown: '30s',
  };
}

const scenarios = {};
const thresholds = {
  http_req_failed: [`rate<${config.thresholds.maxErrorRate}`],
  checks: [`rate>${config.thresholds.minCheckRate}`],
};
for (const name of SELECTED) {
  scenarios[name] = scenarioOf(name);
  thresholds[`http_req_failed{scenario:${name}}`] = [`rate<${config.thresholds.maxErrorRate}`];
  // The p95 of the scenario's own calls (phase:load), not of registering its accounts.
  thresholds[`http_req_duration{scenario:${name},phase:load}`] = [`p(95)<${config.mix[name].p95Ms}`];
}

export const options = {
  scenarios: scenarios,
  thresholds: thresholds,
  setupTimeout: '2m',
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  userAgent: 'brokerwise-loadtest/1.0 (k6 ops)',
};

// ------------------------------------------------------------------ helpers

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function think() {
  const t = config.thinkTimeSeconds;
  if (THINK_SCALE > 0) sleep((t.min + Math.random() * (t.max - t.min)) * THINK_SCALE);
}

function lang() {
  return Math.random() < 0.3 ? 'zh-cn' : 'en';
}

function query(params) {
  const keys = Object.keys(params).filter((k) => params[k] !== undefined && params[k] !== '');
  return keys.length === 0 ? '' : `?${keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]))}`).join('&')}`;
}

function envelope(res) {
  try {
    return res.json();
  } catch (e) {
    return null;
  }
}

function apiHeaders(l, token, json) {
  const h = Object.assign({ Accept: 'application/json', lang: l || 'en' }, signatureHeaders(SIGNATURE_SALT));
  if (token) h.token = token;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

/** A signed /api call; checks status 200 and envelope code 1. Returns {res, body}. */
function api(method, path, name, opts) {
  const o = opts || {};
  const params = { headers: apiHeaders(o.lang, o.token, o.json !== undefined), tags: { name: name, phase: 'load' } };
  const body = o.json !== undefined ? JSON.stringify(o.json) : o.body;
  const res = method === 'GET' ? http.get(`${BASE_URL}${path}`, params) : http.post(`${BASE_URL}${path}`, body, params);
  const parsed = envelope(res);
  check(res, {
    [`${name}: status 200`]: (r) => r.status === 200,
    [`${name}: envelope code 1`]: () => parsed !== null && parsed.code === 1,
  });
  return { res: res, body: parsed };
}

function page(path, name, l) {
  const res = http.get(`${BASE_URL}${path}`, {
    headers: { Accept: 'text/html', 'Accept-Language': l === 'zh-cn' ? 'zh-CN,zh;q=0.9' : 'en' },
    tags: { name: name, phase: 'load' },
  });
  check(res, {
    [`${name}: status 200`]: (r) => r.status === 200,
    [`${name}: HTML page`]: (r) => typeof r.body === 'string' && /<html[\s>]/i.test(r.body),
  });
  return res;
}

function postPath(post) {
  return post.kind === 'video' ? `/vlog/detail?id=${encodeURIComponent(post.id)}` : `/blog/detail?id=${encodeURIComponent(post.id)}`;
}

// ------------------------------------------------------------------ accounts (one per VU)

let account = null;
let lastReviewAt = 0;
let reviewsWritten = 0;

function accountTags() {
  return { name: 'checkIn', phase: 'account' };
}

/** This VU's account, signed in (token); listed accounts are shared out by VU number. */
function signedIn() {
  if (account && account.token) return account;
  if (ACCOUNTS.length > 0) {
    const listed = ACCOUNTS[(exec.vu.idInTest - 1) % ACCOUNTS.length];
    const res = http.post(`${BASE_URL}/api/user/checkIn`, JSON.stringify({ tab: 'login', email: listed.email, password: listed.password }), { headers: apiHeaders('en', null, true), tags: accountTags() });
    const body = envelope(res);
    if (!check(body, { 'account: signed in': (b) => b !== null && b.code === 1 })) throw new Error(`sign-in of ${listed.email} failed: ${res.status}`);
    account = { email: listed.email, password: listed.password, token: body.data.userInfo.token };
  } else {
    account = registerAccount({ baseUrl: BASE_URL, salt: SIGNATURE_SALT, mailboxUrl: MAILBOX_URL });
  }
  return account;
}

// ------------------------------------------------------------------ lifecycle

// Fails fast when the gateway is unreachable or refuses the signature; collects ids to visit.
export function setup() {
  const list = http.get(`${BASE_URL}/api/brokers/brokersList${query({ page: 1, limit: 50, order: 'reviews' })}`, { headers: apiHeaders('en'), tags: { name: 'setup', phase: 'setup' } });
  const body = envelope(list);
  if (list.status !== 200 || !body || body.code !== 1) {
    throw new Error(`setup: GET ${BASE_URL}/api/brokers/brokersList answered ${list.status} ${String(list.body || '').slice(0, 200)} — check BASE_URL, SIGNATURE_SALT and the clock`);
  }
  const companies = body.data.list.map((c) => c.id).filter((id) => typeof id === 'string' && id !== '');
  if (companies.length === 0) throw new Error('setup: the catalogue has no companies to visit');
  const posts = [];
  const feed = envelope(http.get(`${BASE_URL}/api/vlog/list${query({ page: 1, limit: 20 })}`, { headers: apiHeaders('en'), tags: { name: 'setup', phase: 'setup' } }));
  if (feed && feed.code === 1 && feed.data && Array.isArray(feed.data.list)) {
    for (const p of feed.data.list) posts.push({ id: p.id, kind: p.kind });
  }
  return { companies: companies, posts: posts };
}

// ------------------------------------------------------------------ scenarios

export function pages(data) {
  const l = lang();
  group('pages', () => {
    page('/', 'page_home', l);
    think();
    page(`/listing/${pick(config.categories)}${query({ order: pick(config.orders) })}`, 'page_listing', l);
    think();
    page(`/detail?id=${encodeURIComponent(pick(data.companies))}`, 'page_detail', l);
    think();
    page(`/search${query({ keyword: pick(config.keywords) })}`, 'page_search', l);
    think();
    page('/topbrokers', 'page_topbrokers', l);
    if (data.posts.length > 0) {
      think();
      page(postPath(pick(data.posts)), 'page_post', l);
    }
  });
  think();
}

export function apiReads(data) {
  const l = lang();
  group('api_reads', () => {
    // What the home page asks for.
    api('GET', `/api/brokers/getBannerList${query({ page: 1, limit: 5 })}`, 'api_banners', { lang: l });
    api('GET', `/api/brokers/brokersList${query({ page: 1, limit: 12, order: 'score' })}`, 'api_brokersList', { lang: l });
    api('GET', '/api/brokers/categories', 'api_categories', { lang: l });
    api('GET', `/api/reviews/recent${query({ limit: 6 })}`, 'api_reviews_recent', { lang: l });
    think();
    // A listing or a search.
    api('GET', `/api/brokers/brokersList${query({ page: 1 + Math.floor(Math.random() * 3), limit: 10, categories: pick(config.categories), order: pick(config.orders), keyword: Math.random() < 0.3 ? pick(config.keywords) : undefined })}`, 'api_brokersList', { lang: l });
    think();
    // A company page.
    const id = pick(data.companies);
    api('GET', `/api/brokers/detail${query({ id: id })}`, 'api_detail', { lang: l });
    api('GET', `/api/reviews/list${query({ id: id, page: 1 })}`, 'api_reviews_list', { lang: l });
    think();
    api('GET', `/api/brokers/topBrokersList${query({ page: 1 })}`, 'api_topBrokers', { lang: l });
    api('GET', '/api/brokers/country', 'api_country', { lang: l });
    const feed = api('GET', `/api/vlog/list${query({ page: 1, limit: 12 })}`, 'api_posts', { lang: l });
    if (data.posts.length > 0) {
      const post = pick(data.posts);
      api('GET', `/api/vlog/detail${query({ id: post.id })}`, 'api_post_detail', { lang: l });
      api('GET', `/api/vlog/comments${query({ id: post.id, page: 1 })}`, 'api_post_comments', { lang: l });
    }
    check(feed.body, { 'api_posts: data.list is an array': (b) => b !== null && b.data && Array.isArray(b.data.list) });
  });
  think();
}

export function signIn() {
  const me = signedIn();
  group('sign_in', () => {
    page('/login', 'page_login', 'en');
    const res = api('POST', '/api/user/checkIn', 'api_checkIn', { json: { tab: 'login', email: me.email, password: me.password } });
    const token = res.body && res.body.code === 1 ? res.body.data.userInfo.token : null;
    check(token, { 'api_checkIn: token issued': (t) => typeof t === 'string' && t.length > 0 });
    if (!token) return;
    api('POST', '/api/user/index', 'api_profile', { token: token });
    api('POST', '/api/user/logout', 'api_logout', { token: token });
  });
  think();
}

export function reviewWrites(data) {
  const me = signedIn();
  // Accounts under a day old may write a review every 120 s (reviews service rule); listed, older
  // accounts can set REVIEW_INTERVAL=0.
  const wait = lastReviewAt + REVIEW_INTERVAL_S * 1000 - Date.now();
  if (lastReviewAt > 0 && wait > 0) sleep(wait / 1000);
  group('review_writes', () => {
    // Up to three companies per account (the new-account limit), then rewrites of those reviews.
    const companyIndex = ((exec.vu.idInTest * 7) + (reviewsWritten % 3)) % data.companies.length;
    const id = data.companies[companyIndex];
    api('GET', `/api/reviews/list${query({ id: id, page: 1 })}`, 'api_reviews_list', { token: me.token });
    const text = `${pick(config.reviewTexts)} (load test ${exec.vu.idInTest}-${reviewsWritten}-${Date.now()})`;
    const sent = api('POST', '/api/reviews/submit', 'api_review_submit', { token: me.token, json: { id: id, score: 1 + Math.floor(Math.random() * 5), content: text, check: true } });
    lastReviewAt = Date.now();
    reviewsWritten += 1;
    check(sent.body, { 'api_review_submit: pending moderation': (b) => b !== null && b.data && b.data.status === 'pending' });
    const mine = api('GET', `/api/user/reviews${query({ page: 1 })}`, 'api_user_reviews', { token: me.token });
    check(mine.body, { 'api_user_reviews: lists the review': (b) => b !== null && b.data && Array.isArray(b.data.list) && b.data.list.length > 0 });
  });
  think();
}

export function uploads() {
  const me = signedIn();
  group('uploads', () => {
    const image = api('POST', '/api/upload/image', 'api_upload_image', { token: me.token, body: { file: http.file(PNG, 'load.png', 'image/png') } });
    check(image.body, { 'api_upload_image: thumbnail url': (b) => b !== null && b.data && typeof b.data.thumb === 'string' && b.data.thumb !== '' });
    think();
    const avatar = api('POST', '/api/user/avatar', 'api_avatar', { token: me.token, body: { file: http.file(PNG, 'avatar.png', 'image/png') } });
    const url = avatar.body && avatar.body.data && avatar.body.data.avatar ? avatar.body.data.avatar.avatar : '';
    if (url) {
      const served = http.get(`${BASE_URL}${url}`, { tags: { name: 'media_avatar', phase: 'load' } });
      check(served, { 'media_avatar: image served': (r) => r.status === 200 && /^image\//.test(String(r.headers['Content-Type'] || '')) });
    }
  });
  think();
}
