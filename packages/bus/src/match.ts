import { BusError } from './errors.ts';

// Event types are NATS subject suffixes, so both adapters accept exactly what a subject accepts.
const TOKEN = /^[^\s.*>]+$/;

/** True when `type` (e.g. `reviews.review.approved`) matches `pattern` (`reviews.*.approved`, `reviews.>`). */
export function matchesType(pattern: string, type: string): boolean {
  const p = pattern.split('.');
  const t = type.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    // `>` swallows one or more remaining tokens, so it needs at least one left.
    if (token === '>') return i === p.length - 1 && t.length > i;
    if (i >= t.length) return false;
    if (token !== '*' && token !== t[i]) return false;
  }
  return p.length === t.length;
}

export function assertEventType(type: string): void {
  if (typeof type !== 'string' || type === '' || !type.split('.').every((t) => TOKEN.test(t))) {
    throw new BusError('BUS_INVALID_ARGUMENT', `invalid event type ${JSON.stringify(type)}: dot-separated tokens without spaces or wildcards`);
  }
}

export function assertTypePattern(pattern: string): void {
  const tokens = typeof pattern === 'string' && pattern !== '' ? pattern.split('.') : [];
  const ok =
    tokens.length > 0 &&
    tokens.every((t, i) => TOKEN.test(t) || t === '*' || (t === '>' && i === tokens.length - 1));
  if (!ok) {
    throw new BusError('BUS_INVALID_ARGUMENT', `invalid type pattern ${JSON.stringify(pattern)}: tokens, \`*\`, or a final \`>\``);
  }
}
