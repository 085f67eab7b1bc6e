import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { AppError } from '@brokerwise/errors';

/**
 * Opaque ids for URLs (spec: /search?country=<encrypted country id>). One AES-256 block per id:
 * deterministic, so links are stable and cacheable, and unreadable without the key.
 * A value that doesn't decrypt is refused with "Failed to decrypt" (spec §8).
 */
export class OpaqueIds {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  encode(kind: string, id: string): string {
    const c = createCipheriv('aes-256-ecb', this.key, null);
    return Buffer.concat([c.update(`${kind}:${id}`, 'utf8'), c.final()]).toString('base64url');
  }

  decode(kind: string, token: string, field: string): string {
    try {
      if (!/^[A-Za-z0-9_-]{22,86}$/.test(token)) throw new Error('shape');
      const d = createDecipheriv('aes-256-ecb', this.key, null);
      const plain = Buffer.concat([d.update(Buffer.from(token, 'base64url')), d.final()]).toString('utf8');
      if (!plain.startsWith(`${kind}:`)) throw new Error('kind');
      return plain.slice(kind.length + 1);
    } catch {
      throw new AppError({ code: 'country_decrypt_failed', kind: 'validation', message: 'Failed to decrypt', fields: { [field]: 'decrypt_failed' } });
    }
  }
}
