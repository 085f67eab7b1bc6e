/** Thrown for a key or prefix that could escape the store or collide with its bookkeeping. */
export class InvalidKeyError extends Error {
  readonly code = 'STORAGE_INVALID_KEY';
  constructor(key: string, reason: string) {
    super(`invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

/** Sidecar holding the content type of a DiskStore object; reserved on every adapter. */
export const META_SUFFIX = '.meta.json';
/** DiskStore's directory for half-written files; reserved on every adapter. */
export const TMP_SEGMENT = '.tmp';

// Both adapters apply the same rules, so a key that works in development works in production.
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  checkChars(key);
  if (Buffer.byteLength(key) > 1024) throw new InvalidKeyError(key, 'longer than 1024 bytes');
  checkSegments(key, key.split('/'));
  if (key.endsWith(META_SUFFIX)) throw new InvalidKeyError(key, `the suffix ${META_SUFFIX} is reserved`);
}

/** A list prefix is any string prefix of a valid key: only its complete segments are checked. */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== 'string') throw new InvalidKeyError(String(prefix), 'not a string');
  if (prefix === '') return;
  checkChars(prefix);
  const segments = prefix.split('/');
  segments.pop(); // the last one may be partial ('ava' of 'avatars/'), or '' after a trailing slash
  checkSegments(prefix, segments);
}

function checkChars(key: string): void {
  if (key.startsWith('/')) throw new InvalidKeyError(key, 'absolute path');
  if (key.includes('\\')) throw new InvalidKeyError(key, 'backslash');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidKeyError(key, 'control character');
}

function checkSegments(key: string, segments: string[]): void {
  for (const segment of segments) {
    if (segment === '') throw new InvalidKeyError(key, 'empty path segment');
    if (segment === '.' || segment === '..') throw new InvalidKeyError(key, `"${segment}" segment`);
  }
  if (segments[0] === TMP_SEGMENT) throw new InvalidKeyError(key, `the top-level ${TMP_SEGMENT}/ is reserved`);
}

/** A ranged read starting past the object's last byte (HTTP 416); `size` is the object's size. */
export class RangeNotSatisfiableError extends Error {
  readonly code = 'STORAGE_RANGE_NOT_SATISFIABLE';
  readonly size: number;
  constructor(key: string, size: number) {
    super(`range not satisfiable for ${JSON.stringify(key)} (${size} bytes)`);
    this.name = 'RangeNotSatisfiableError';
    this.size = size;
  }
}

/** Checks a requested range: integers, start ≥ 0, end ≥ start when given. */
export function assertValidRange(range: { start: number; end?: number }): void {
  const ok = Number.isSafeInteger(range.start) && range.start >= 0 && (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!ok) throw new RangeError(`invalid byte range ${JSON.stringify(range)}`);
}
