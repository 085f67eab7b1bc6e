// A tiny stand-in for the gateway's public endpoints, used by selftest.mjs. It verifies the request
// signature with the project's own rule (packages/api-signature) and the `lang` header, answers
// with the /api envelope, and lists the brokersList queries it saw at GET /__queries.
// Prints its port on stdout, then serves until killed. Binds to 127.0.0.1 only.
import http from 'node:http';
import { verifySignature } from '../../../packages/api-signature/src/index.ts';

const salt = process.argv[2];
const queries = [];

const envelope = (code, msg, data) => JSON.stringify({ code, msg, time: Math.floor(Date.now() / 1000), data });

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/__queries') {
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify(queries));
  }
  if (!url.pathname.startsWith('/api/')) {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    return res.end('<!DOCTYPE html><html lang="en"><head><title>Brokerwise</title></head><body>home</body></html>');
  }
  res.setHeader('content-type', 'application/json');
  const signature = await verifySignature({ timestamp: req.headers.timestamp, sign: req.headers.sign }, salt);
  if (!signature.ok) {
    res.statusCode = 401;
    return res.end(envelope(401, signature.error, { error: signature.error }));
  }
  if (req.headers.lang !== 'en' && req.headers.lang !== 'zh-cn') {
    res.statusCode = 400;
    return res.end(envelope(400, 'bad lang', { error: 'lang' }));
  }
  switch (url.pathname) {
    case '/api/brokers/country':
      return res.end(envelope(1, 'ok', [
        { id: 'enc-gb', code: 'GB', name: '英国', Eglish: 'United Kingdom' },
        { id: 'enc-cy', code: 'CY', name: '塞浦路斯', Eglish: 'Cyprus' },
      ]));
    case '/api/brokers/categories':
      return res.end(envelope(1, 'ok', [{ id: '1', slug: 'Brokers', name: 'Brokers', companyCount: 120 }]));
    case '/api/brokers/brokersList': {
      queries.push(Object.fromEntries(url.searchParams));
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const total = 45;
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
      const list = Array.from({ length: count }, (_, i) => ({ id: `company-${(page - 1) * limit + i}` }));
      return res.end(envelope(1, 'ok', { list, total, page, limit }));
    }
    default:
      res.statusCode = 404;
      return res.end(envelope(404, 'not found', { error: 'not_found' }));
  }
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
