import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies", ADR 013): a
 * token `<userId>.<nonce>.<mac>` handed to a browser after a successful sign-in. It names one
 * account and is unforgeable (HMAC with a key derived from CODE_SECRET); the nonce identifies the
 * cookie, so its failures can be counted and the cookie refused on its own.
 */
export class DeviceTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the service secret, so a code hash never doubles as a token MAC.
    this.#key = createHmac('sha256', secret).update('brokerwise device cookie v1').digest();
  }

  issue(userId: string): string {
    const body = `${userId}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${this.#mac(body)}`;
  }

  /** The cookie's nonce when `token` is a valid device cookie of `userId`, else undefined. */
  nonceFor(token: string | undefined, userId: string): string | undefined {
    if (!token || token.length > 200) return undefined;
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [user, nonce, mac] = parts as [string, string, string];
    if (user !== userId || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return undefined;
    const expected = Buffer.from(this.#mac(`${user}.${nonce}`));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
  }

  #mac(body: string): string {
    return createHmac('sha256', this.#key).update(body).digest('base64url');
  }
}
