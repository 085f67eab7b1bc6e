import type { LoggerOptions } from 'pino';

/**
 * pino options shared by every process: JSON in production, pretty on a terminal,
 * and secrets redacted wherever they appear in request logs or bound objects.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'req.headers.sign',
  'req.headers["x-bw-internal-secret"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.pwd',
  '*.token',
  '*.captcha',
  '*.secret',
  '*.accessKey',
  '*.secretKey',
  '*.readonlyPassword',
];

export function loggerOptions(opts: { level: string; service: string; pretty?: boolean }): LoggerOptions {
  const pretty = opts.pretty ?? Boolean(process.stdout.isTTY);
  return {
    level: opts.level,
    base: { service: opts.service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}
