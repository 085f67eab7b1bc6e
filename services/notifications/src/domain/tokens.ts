import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed newsletter links: `<payload>.<signature>`, both base64url; the signature is an
 * HMAC-SHA256 of the payload under NEWSLETTER_SECRET, so a link can't be forged or altered.
 *   confirm: { p: 'c', s: subscription id, n: confirmation number, e: expiry (Unix seconds) }
 *   unsubscribe: { p: 'u', s: subscription id } — no expiry: it is in every newsletter sent.
 */
export type TokenPayload = { p: 'c'; s: string; n: number; e: number } | { p: 'u'; s: string };

const CONTEXT = 'brokerwise.newsletter.v1.';

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(CONTEXT + body).digest('base64url');

export function signToken(secret: string, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The payload of a genuine token of the wanted kind, or null (malformed, forged, other kind). */
export function verifyToken<K extends TokenPayload['p']>(secret: string, token: string, kind: K): Extract<TokenPayload, { p: K }> | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0 || token.length > 1000) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const p = payload as Partial<{ p: string; s: string; n: number; e: number }>;
  if (p.p !== kind || typeof p.s !== 'string') return null;
  if (kind === 'c' && (typeof p.n !== 'number' || typeof p.e !== 'number')) return null;
  return payload as Extract<TokenPayload, { p: K }>;
}
