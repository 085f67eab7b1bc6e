// Anonymous visitors browsing Brokerwise through the gateway (the public front door).
//
// One iteration is one visit:
//   1. home page   GET /                                   (server-rendered HTML)
//                  GET /api/brokers/categories
//                  GET /api/brokers/country
//                  GET /api/brokers/brokersList?page=1&limit=10          (popular companies)
//   2. browsing    2–4 × GET /api/brokers/brokersList with a random query (category, order, minimum
//                  rating, keyword, country, page, limit); sometimes the next page of the same query
// with 1–3 s of think time between steps. Every /api request is signed (lib/signature.js) and sent
// with a `lang` header (en, or zh-cn for ~30 % of visitors).
//
//   k6 run -e BASE_URL=https://staging.brokerwise.example.com -e SIGNATURE_SALT=... public-browse.js
//   k6 run -e PROFILE=smoke ...        profiles: smoke | load (default) | stress | soak (data/public-browse.json)
//   k6 run -e VUS=80 -e DURATION=10m ...   constant level instead of a profile (30 s ramps around it)
//
// Pass/fail: p95 of every request < 300 ms, failed requests < 1 %, checks > 99 %.
// Only point it at an environment you operate, whose rate limits allow the load (see README.md).
import http from 'k6/http';
import { check, group, sleep } from 'k6';
import { signatureHeaders } from './lib/signature.js';

const scenario = JSON.parse(open('./data/public-browse.json'));

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const SIGNATURE_SALT = __ENV.SIGNATURE_SALT;
if (!SIGNATURE_SALT) {
  throw new Error('SIGNATURE_SALT is required (-e SIGNATURE_SALT=...): the gateway refuses unsigned /api requests');
}

function stagesFromEnv() {
  if (__ENV.VUS && __ENV.DURATION) {
    const vus = Number(__ENV.VUS);
    return [
      { duration: '30s', target: vus },
      { duration: __ENV.DURATION, target: vus },
      { duration: '30s', target: 0 },
    ];
  }
  const name = __ENV.PROFILE || 'load';
  const profile = scenario.profiles[name];
  if (!profile) {
    throw new Error(`unknown PROFILE ${name}; one of: ${Object.keys(scenario.profiles).join(', ')}`);
  }
  return profile.stages;
}

export const options = {
  scenarios: {
    public_browse: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: stagesFromEnv(),
      gracefulRampDown: '30s',
    },
  },
  thresholds: {
    http_req_duration: [`p(95)<${scenario.thresholds.p95Ms}`],
    http_req_failed: [`rate<${scenario.thresholds.maxErrorRate}`],
    checks: [`rate>${scenario.thresholds.minCheckRate}`],
    // Per-endpoint lines in the summary (same limit), to see which call is slow.
    'http_req_duration{name:home}': [`p(95)<${scenario.thresholds.p95Ms}`],
    'http_req_duration{name:brokersList}': [`p(95)<${scenario.thresholds.p95Ms}`],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  userAgent: 'brokerwise-loadtest/1.0 (k6)',
};

// ------------------------------------------------------------------ helpers

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

function chance(p) {
  return Math.random() < p;
}

function between(min, max) {
  return min + Math.random() * (max - min);
}

function think() {
  sleep(between(scenario.thinkTimeSeconds.min, scenario.thinkTimeSeconds.max));
}

function queryString(params) {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== '')
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(params[k]))}`)
    .join('&');
}

function parseEnvelope(res) {
  try {
    return res.json();
  } catch (e) {
    return null;
  }
}

function isSuccess(body) {
  return body !== null && typeof body === 'object' && (body.code === 1 || body.code === 200);
}

// A signed GET of a public /api path. `name` groups URLs with different queries in the metrics.
function api(path, params, name, lang) {
  const qs = params ? queryString(params) : '';
  const url = `${BASE_URL}${path}${qs ? `?${qs}` : ''}`;
  const headers = Object.assign({ Accept: 'application/json', lang: lang }, signatureHeaders(SIGNATURE_SALT));
  const res = http.get(url, { headers: headers, tags: { name: name, kind: 'api' } });
  const body = parseEnvelope(res);
  check(res, {
    [`${name}: status 200`]: (r) => r.status === 200,
    [`${name}: envelope code is success`]: () => isSuccess(body),
  });
  return { res: res, body: body };
}

function page(path, name, lang) {
  const res = http.get(`${BASE_URL}${path}`, {
    headers: { Accept: 'text/html', 'Accept-Language': lang === 'zh-cn' ? 'zh-CN,zh;q=0.9' : 'en' },
    tags: { name: name, kind: 'page' },
  });
  check(res, {
    [`${name}: status 200`]: (r) => r.status === 200,
    [`${name}: is an HTML document`]: (r) => typeof r.body === 'string' && /<html[\s>]/i.test(r.body),
  });
  return res;
}

function listItems(body) {
  return body && body.data && Array.isArray(body.data.list) ? body.data.list : null;
}

function randomListQuery(countryIds) {
  const p = scenario.probabilities;
  return {
    page: pick(scenario.pages),
    limit: pick(scenario.limits),
    categories: chance(p.category) ? pick(scenario.categories) : undefined,
    order: chance(p.order) ? pick(scenario.orders) : undefined,
    rating: chance(p.rating) ? pick(scenario.ratings) : undefined,
    keyword: chance(p.keyword) ? pick(scenario.keywords) : undefined,
    country: countryIds.length > 0 && chance(p.country) ? pick(countryIds) : undefined,
  };
}

// ------------------------------------------------------------------ lifecycle

// Fails fast (before any load) when the gateway is unreachable or refuses the signature.
export function setup() {
  const headers = Object.assign({ Accept: 'application/json', lang: 'en' }, signatureHeaders(SIGNATURE_SALT));
  const res = http.get(`${BASE_URL}/api/brokers/country`, { headers: headers, tags: { name: 'setup', kind: 'setup' } });
  const body = parseEnvelope(res);
  if (res.status !== 200 || !isSuccess(body)) {
    throw new Error(
      `setup: GET ${BASE_URL}/api/brokers/country answered ${res.status} ${res.body ? String(res.body).slice(0, 200) : ''}` +
        ' — check BASE_URL, SIGNATURE_SALT and the load generator clock',
    );
  }
  const countries = Array.isArray(body.data) ? body.data : [];
  return { countryIds: countries.map((c) => c.id).filter((id) => typeof id === 'string' && id !== '') };
}

export default function (data) {
  const lang = chance(scenario.probabilities.zhCn) ? 'zh-cn' : 'en';
  const countryIds = data && data.countryIds ? data.countryIds : [];

  group('home', () => {
    page('/', 'home', lang);
    api('/api/brokers/categories', null, 'categories', lang);
    api('/api/brokers/country', null, 'country', lang);
    const popular = api('/api/brokers/brokersList', { page: 1, limit: 10 }, 'brokersList', lang);
    check(popular.body, { 'brokersList: data.list is an array': (b) => listItems(b) !== null });
  });
  think();

  group('browse', () => {
    const n = Math.floor(between(scenario.browseQueries.min, scenario.browseQueries.max + 1));
    let query = randomListQuery(countryIds);
    for (let i = 0; i < n; i++) {
      const result = api('/api/brokers/brokersList', query, 'brokersList', lang);
      const items = listItems(result.body);
      check(result.body, { 'brokersList: data.list is an array': () => items !== null });
      // Like a visitor: page on while the current page was full, otherwise start a new search.
      const full = items !== null && items.length >= query.limit;
      query = full && chance(scenario.probabilities.nextPage)
        ? Object.assign({}, query, { page: query.page + 1 })
        : randomListQuery(countryIds);
      think();
    }
  });
}
