import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';
import { activeTraceIds } from '@brokerwise/telemetry';

/**
 * pino options shared by every process: JSON in production, one readable line per entry in
 * development, and secrets redacted wherever they appear in request logs or bound objects.
 */
/** Fields that hold a secret or personal data, redacted at the top level and two levels down. */
const SENSITIVE_FIELDS = [
  'password',
  'pwd',
  'oldpwd',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'captcha',
  'secret',
  'accessKey',
  'secretKey',
  'readonlyPassword',
  'investorPassword',
  'email',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'req.headers.sign',
  'req.headers["x-bw-internal-secret"]',
  'res.headers["set-cookie"]',
  ...SENSITIVE_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Every log line's leading fields that the readable format shows in its own way or drops. */
const READABLE_IGNORE = 'pid,hostname,service,reqId,spanId';

/**
 * `HH:MM:ss WARN  media: transcode failed {"videoId":…}` on stdout. One stream for the whole
 * process and written synchronously: `npm start` runs a dozen loggers in one process, and
 * pino's `transport` would start a worker thread for each.
 */
let readable: DestinationStream | undefined;
export function readableStream(): DestinationStream {
  readable ??= pinoPretty({
    sync: true,
    singleLine: true,
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: READABLE_IGNORE,
    messageFormat: '{if service}{service}: {end}{msg}',
  });
  return readable;
}

export interface LoggerSettings {
  level: string;
  service: string;
  /** One readable line per entry; default: everywhere but production (`APP_MODE=production` keeps JSON). */
  pretty?: boolean;
  appMode?: 'embedded' | 'production';
}

export function loggerOptions(opts: LoggerSettings): LoggerOptions & { stream?: DestinationStream } {
  const pretty = opts.pretty ?? opts.appMode !== 'production';
  return {
    level: opts.level,
    base: { service: opts.service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Every line written while a span is active names its trace, so one request's or one event's
    // lines can be found in every process's log (ADR 018).
    mixin: () => activeTraceIds() ?? {},
    ...(pretty ? { stream: readableStream() } : {}),
  };
}

/** A logger for a process that has no Fastify instance to give it one (the web tier, scripts). */
export function createLogger(opts: LoggerSettings): Logger {
  const { stream, ...options } = loggerOptions(opts);
  return stream ? pino(options, stream) : pino(options);
}

export type { Logger };
