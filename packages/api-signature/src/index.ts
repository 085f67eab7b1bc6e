/**
 * Request signature of the public API (spec §7): headers `timestamp` (Unix seconds) and
 * `sign` = lowercase hex SHA-256 of `timestamp + salt`. Uses Web Crypto so the same code
 * runs in the browser (web client) and in Node (gateway, tests, load scripts).
 *
 * The salt ships in the web bundle, so this is a speed bump against casual scripted abuse,
 * not authentication: sessions and rate limits do the real work.
 */
export const SIGNATURE_WINDOW_SECONDS = 300;

/**
 * The timestamp changes once a second, and a server signs (web) or checks (gateway) hundreds of
 * calls in that second: the last few signatures are kept, so each is hashed once.
 */
const recentSigns = new Map<string, Promise<string>>();
const RECENT_SIGNS = 16;

export function computeSign(timestamp: string, salt: string): Promise<string> {
  const key = timestamp + salt; // the hash depends on nothing else
  let sign = recentSigns.get(key);
  if (!sign) {
    if (recentSigns.size >= RECENT_SIGNS) recentSigns.delete(recentSigns.keys().next().value!);
    sign = hashSign(timestamp, salt);
    recentSigns.set(key, sign);
    // A failed digest is not remembered.
    sign.catch(() => recentSigns.delete(key));
  }
  return sign;
}

async function hashSign(timestamp: string, salt: string): Promise<string> {
  const bytes = new TextEncoder().encode(timestamp + salt);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function signatureHeaders(salt: string, now: number = Date.now()): Promise<{ timestamp: string; sign: string }> {
  const timestamp = String(Math.floor(now / 1000));
  return { timestamp, sign: await computeSign(timestamp, salt) };
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; error: 'signature_missing' | 'signature_expired' | 'signature_invalid' };

/** Constant-time comparison; the timestamp must be within ±SIGNATURE_WINDOW_SECONDS of now. */
export async function verifySignature(
  headers: { timestamp?: string | undefined; sign?: string | undefined },
  salt: string,
  now: number = Date.now(),
): Promise<SignatureCheck> {
  const { timestamp, sign } = headers;
  if (!timestamp || !sign) return { ok: false, error: 'signature_missing' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, error: 'signature_invalid' };
  if (Math.abs(Number(timestamp) - Math.floor(now / 1000)) > SIGNATURE_WINDOW_SECONDS) {
    return { ok: false, error: 'signature_expired' };
  }
  const expected = await computeSign(timestamp, salt);
  const given = sign.toLowerCase();
  if (given.length !== expected.length) return { ok: false, error: 'signature_invalid' };
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0 ? { ok: true } : { ok: false, error: 'signature_invalid' };
}
