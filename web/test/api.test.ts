import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createApiClient, endsSession, fieldErrorsOf, isRouteNotFound, operationUrl, REQUEST_TIMEOUT_MS, settle, type ApiClientConfig } from '../app/lib/api';
import { serverApi } from '../app/lib/api.server';
import { INTERNAL_SECRET_HEADER, VISITOR_ADDRESS_HEADER } from '@brokerwise/api-contract';
import * as ops from '@brokerwise/api-contract/paths';

const SALT = 'unit-test-salt';

function envelope(code: number, data: unknown = null, msg = '') {
  return new Response(JSON.stringify({ code, msg, time: 1, data }), { status: code === 1 || code === 200 ? 200 : 400, headers: { 'content-type': 'application/json' } });
}

function clientWith(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, extra: Partial<ApiClientConfig> = {}) {
  const fetchMock = vi.fn(fetchImpl);
  const client = createApiClient({ baseUrl: 'http://gw', salt: SALT, lang: 'zh-cn', fetch: fetchMock as unknown as typeof fetch, ...extra });
  return { client, fetchMock };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('request', () => {
  it('signs the call, sends the language and request id, and builds the query', async () => {
    const { client, fetchMock } = clientWith(async () => envelope(1, { ok: true }), { requestId: 'req-42' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00.750Z'));
    try {
      await client.op(ops.brokersList, { page: 2, keyword: 'ic markets', country: '', rating: undefined });
    } finally {
      vi.useRealTimers();
    }

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://gw/api/brokers/brokersList?page=2&keyword=ic+markets');
    const headers = init.headers as Record<string, string>;
    expect(headers.lang).toBe('zh-cn');
    expect(headers['x-request-id']).toBe('req-42');
    expect(headers.timestamp).toBe(String(Date.UTC(2026, 10, 22, 8) / 1000)); // whole seconds of the clock
    expect(headers.sign).toBe(createHash('sha256').update(headers.timestamp + SALT).digest('hex'));
    expect(init.method).toBe('GET');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('posts JSON and carries the user token when there is one', async () => {
    const { client, fetchMock } = clientWith(async () => envelope(1), { token: 'tok' });
    await client.op(ops.newsletterSubscribe, { email: 'a@b.co' });
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.token).toBe('tok');
  });

  it('times out after 10 seconds by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('drops a trailing slash of the base URL', () => {
    expect(buildUrl('http://gw/', '/api/x')).toBe('http://gw/api/x');
    expect(buildUrl('', '/api/x', { a: 0, b: false })).toBe('/api/x?a=0&b=false');
  });
});

describe('operations of the contract', () => {
  it('takes method and path from the operations table: a query for a GET, a JSON body for a POST', async () => {
    const { client, fetchMock } = clientWith(async () => envelope(1));
    await client.op(ops.companyDetail, { id: 'ic-markets' });
    await client.op(ops.checkIn, { tab: 'login', email: 'a@b.co', password: 'secret1' });
    await client.op(ops.bindAccount, { server: 's', account: '123', nickname: 'nick', type: 'manual' }, { timeoutMs: 60_000 });
    const [[detailUrl, detail], [checkInUrl, checkIn]] = fetchMock.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
    expect([detail.method, detailUrl]).toEqual(['GET', 'http://gw/api/brokers/detail?id=ic-markets']);
    expect([checkIn.method, checkInUrl, checkIn.body]).toEqual(['POST', 'http://gw/api/user/checkIn', '{"tab":"login","email":"a@b.co","password":"secret1"}']);
    expect(fetchMock.mock.calls[2]![0]).toBe('http://gw/api/trader/bind');
  });

  it('adds a cache-busting `_` to a fresh GET, and the query to an upload', async () => {
    const { client, fetchMock } = clientWith(async () => envelope(1));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_700_000_000_000);
    try {
      await client.op(ops.videoStatus, { id: 'v1' }, { fresh: true });
    } finally {
      vi.useRealTimers();
    }
    await client.upload(ops.adminCompanyLogo, new FormData(), { id: 'ic-markets' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['http://gw/api/upload/video/status?id=v1&_=1700000000000', 'http://gw/api/admin/companies/logo?id=ic-markets']);
    expect(operationUrl(ops.transparencyCsv, { from: '2026-01' })).toBe('/api/transparency.csv?from=2026-01');
  });

  it('types the input and the answer by the contract (checked by the type check)', async () => {
    const { client } = clientWith(async () => envelope(1, { following: true, followers: 3 }));
    const typed = async () => {
      // @ts-expect-error: an operation the contract does not have
      await client.op(ops.noSuchOperation);
      // @ts-expect-error: a query field brokersList does not take
      await client.op(ops.brokersList, { pages: 2 });
      // @ts-expect-error: checkIn needs its body
      await client.op(ops.checkIn);
      const { data } = await client.op(ops.companyFollow, { id: 'x' });
      // @ts-expect-error: the answer has no such field
      return data.count;
    };
    expect(typeof typed).toBe('function');
  });
});

describe('envelope handling', () => {
  it.each([1, 200])('treats code %i as success and returns data and message', async (code) => {
    const { client } = clientWith(async () => envelope(code, { list: [1] }, 'done'));
    await expect(client.op(ops.categories)).resolves.toEqual({ code, msg: 'done', data: { list: [1] } });
  });

  it('turns any other code into an error carrying the server message', async () => {
    const onSessionEnded = vi.fn();
    const { client } = clientWith(async () => envelope(0, { error: 'invalid' }, '邮箱格式不正确'), { onSessionEnded });
    const error = await failureOf(client.op(ops.categories));
    expect(error.failure).toEqual({ kind: 'business', code: 0, status: 400, msg: '邮箱格式不正确' });
    expect(error.data).toEqual({ error: 'invalid' });
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it.each([402, 302, 409])('ends the session on code %i', async (code) => {
    const onSessionEnded = vi.fn();
    const { client } = clientWith(async () => envelope(code, null, 'Please sign in'), { onSessionEnded });
    const error = await failureOf(client.op(ops.categories));
    expect(error.failure.kind).toBe('business');
    expect(error.failure.code).toBe(code);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('reports a response without an envelope as a failed request ("Request timeout", spec §8)', async () => {
    const { client } = clientWith(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect((await failureOf(client.op(ops.categories))).failure).toEqual({ kind: 'timeout', code: null, status: 502, msg: '' });

    const { client: empty } = clientWith(async () => new Response(null, { status: 204 }));
    expect((await failureOf(empty.op(ops.categories))).failure.kind).toBe('timeout');

    const { client: notEnvelope } = clientWith(async () => new Response('{"hello":1}', { status: 200 }));
    expect((await failureOf(notEnvelope.op(ops.categories))).failure.kind).toBe('timeout');
  });

  it('reports no response at all as a network error ("Network error", spec §8)', async () => {
    const { client } = clientWith(async () => {
      throw new TypeError('fetch failed: ECONNREFUSED');
    });
    expect((await failureOf(client.op(ops.categories))).failure).toEqual({ kind: 'network', code: null, status: null, msg: '' });
  });

  it('gives up when the server does not answer in time', async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          // Like fetch: an already-aborted signal rejects at once, a later abort rejects then.
          if (init.signal?.aborted) reject(init.signal.reason);
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      { timeoutMs: 30 },
    );
    // The fetch above never settles unless aborted: only the client's own time limit ends the call.
    expect((await failureOf(client.op(ops.categories))).failure.kind).toBe('timeout');
  });

  it('stops when the caller aborts (visitor navigated away)', async () => {
    const controller = new AbortController();
    const { client } = clientWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          // Like fetch: an already-aborted signal rejects at once, a later abort rejects then.
          if (init.signal?.aborted) reject(init.signal.reason);
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      { signal: controller.signal },
    );
    const pending = failureOf(client.op(ops.categories));
    controller.abort();
    expect((await pending).failure.kind).toBe('timeout');
  });
});

describe('settle', () => {
  it('wraps success and API failures as data a loader can return', async () => {
    const { client } = clientWith(async () => envelope(1, [1, 2]));
    await expect(settle(client.op(ops.categories))).resolves.toEqual({ ok: true, data: [1, 2] });
    const { client: failing } = clientWith(async () => envelope(500, null, 'boom'));
    await expect(settle(failing.op(ops.categories))).resolves.toEqual({ ok: false, error: { kind: 'business', code: 500, status: 400, msg: 'boom' } });
  });

  it('lets programming errors through', async () => {
    await expect(settle(Promise.reject(new RangeError('bug')))).rejects.toThrow(RangeError);
  });
});

describe('session calls', () => {
  it('sends the CSRF token on POST only, read fresh on every call, and the loader cookie', async () => {
    let csrf = 'first';
    const { client, fetchMock } = clientWith(async () => envelope(1), { csrfToken: () => csrf, cookie: 'bw_session=t', credentials: 'same-origin' });
    await client.op(ops.logout);
    csrf = 'second';
    await client.op(ops.logout);
    await client.op(ops.noticeCount);
    const headersOf = (i: number) => fetchMock.mock.calls[i]![1].headers as Record<string, string>;
    expect(headersOf(0)['x-csrf-token']).toBe('first');
    expect(headersOf(1)['x-csrf-token']).toBe('second');
    expect(headersOf(2)['x-csrf-token']).toBeUndefined();
    expect(headersOf(2).cookie).toBe('bw_session=t');
    expect(fetchMock.mock.calls[0]![1].credentials).toBe('same-origin');
  });

  it('uploads a form as multipart, letting fetch set the boundary', async () => {
    const { client, fetchMock } = clientWith(async () => envelope(1, { key: 'k' }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2])], { type: 'image/png' }), 'a.png');
    await client.upload(ops.uploadAvatar, form);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('reads per-field messages, session-ending codes and missing API paths from failures', async () => {
    const { client } = clientWith(async () => envelope(0, { error: 'identity.validation', fields: { email: 'Please enter a mailbox.', n: 3 } }, 'x'));
    const error = await failureOf(client.op(ops.checkIn, { tab: 'login', email: '', password: '' }));
    expect(fieldErrorsOf(error)).toEqual({ email: 'Please enter a mailbox.' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(endsSession(error)).toBe(false);

    const { client: ended } = clientWith(async () => envelope(409));
    expect(endsSession(await failureOf(ended.op(ops.categories)))).toBe(true);

    const { client: missing } = clientWith(async () => new Response(JSON.stringify({ code: 0, msg: '', time: 1, data: { error: 'route_not_found' } }), { status: 404 }));
    expect(isRouteNotFound(await failureOf(missing.op(ops.noticeCount)))).toBe(true);
    expect(isRouteNotFound(error)).toBe(false);
  });
});

describe('calls made for a visitor (server side)', () => {
  it('names the visitor with the shared secret when the web tier has one, and never otherwise', async () => {
    const { client, fetchMock } = clientWith(async () => envelope(1), { visitor: { address: '198.51.100.4', secret: 's3cret' } });
    await client.op(ops.categories);
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers[VISITOR_ADDRESS_HEADER]).toBe('198.51.100.4');
    expect(headers[INTERNAL_SECRET_HEADER]).toBe('s3cret');

    const plain = clientWith(async () => envelope(1));
    await plain.client.op(ops.categories);
    const sent = plain.fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(sent[VISITOR_ADDRESS_HEADER]).toBeUndefined();
    expect(sent[INTERNAL_SECRET_HEADER]).toBeUndefined();
  });

  it('serverApi passes on the address the gateway proxied the page for', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const gateway = http.createServer((req, res) => {
      seen.push(req.headers);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ code: 1, msg: '', time: 1, data: null }));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    try {
      const context = { gatewayUrl: `http://127.0.0.1:${port}`, signatureSalt: SALT, requestId: 'r1', internalSecret: 'shared-secret', visitorAddress: '203.0.113.5' };
      await serverApi(new Request('http://site/detail'), context, 'en').op(ops.categories);
      await serverApi(new Request('http://site/detail'), { ...context, internalSecret: undefined }, 'en').op(ops.categories);
      expect(seen[0]).toMatchObject({ [VISITOR_ADDRESS_HEADER]: '203.0.113.5', [INTERNAL_SECRET_HEADER]: 'shared-secret' });
      expect(seen[1]![VISITOR_ADDRESS_HEADER]).toBeUndefined();
    } finally {
      await new Promise((resolve) => gateway.close(resolve));
    }
  });
});
