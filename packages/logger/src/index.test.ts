import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './index.ts';

const SECRETS = ['hunter2-password', 'tok.en.jwt', 'investor-ro-pass', 'alice@example.com', 'cookie-session-value', 'AKIA-SECRET-KEY'];

function captured(): { text: () => string; stream: Writable } {
  let all = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      all += chunk.toString();
      done();
    },
  });
  return { text: () => all, stream };
}

describe('log redaction', () => {
  it('never writes a password, token, investor password, email or session cookie, wherever it sits', async () => {
    const { text, stream } = captured();
    const { stream: _pretty, ...options } = loggerOptions({ level: 'debug', service: 't', pretty: false });
    const log = pino(options, stream);
    log.info({ password: SECRETS[0], token: SECRETS[1], email: SECRETS[3] }, 'top level');
    log.info({ input: { pwd: SECRETS[0], readonlyPassword: SECRETS[2], email: SECRETS[3] } }, 'one down');
    log.info({ body: { account: { investorPassword: SECRETS[2], secretKey: SECRETS[5], accessToken: SECRETS[1] } } }, 'two down');
    log.child({ email: SECRETS[3] }).warn('child binding');

    // Request logging as Fastify does it, with the credentials a browser sends.
    const app = Fastify({ loggerInstance: log });
    app.post('/sign-in', async (request) => {
      request.log.info({ body: request.body }, 'sign-in attempt');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { authorization: `Bearer ${SECRETS[1]}`, cookie: `sid=${SECRETS[4]}`, token: SECRETS[1] },
      payload: { email: SECRETS[3], pwd: SECRETS[0] },
    });
    await app.close();

    const written = text();
    expect(written).toContain('sign-in attempt');
    expect(written).toContain('[redacted]');
    for (const secret of SECRETS) expect(written).not.toContain(secret);
  });
});
