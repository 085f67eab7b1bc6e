import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Read-only passwords at rest: AES-256-GCM with a random 96-bit nonce, the row's id as
 * additional authenticated data (a ciphertext copied to another row does not decrypt), and the
 * id of the key that encrypted it stored beside it. The key ring decrypts with any key it holds
 * and encrypts with the first (current) one, so keys rotate without downtime.
 * Stored bytes: nonce (12) ‖ tag (16) ‖ ciphertext.
 */
export interface Sealed {
  keyId: string;
  bytes: Uint8Array;
}

export class KeyRing {
  readonly currentId: string;
  private readonly keys: Map<string, Buffer>;

  constructor(spec: string) {
    this.keys = new Map();
    for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
      const i = part.indexOf(':');
      const id = part.slice(0, i);
      const key = Buffer.from(part.slice(i + 1), 'base64');
      if (i < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error('Key ring entries are id:base64key');
      if (key.length !== 32) throw new Error(`Key ${id} must be 32 bytes (base64 of 32 random bytes)`);
      if (this.keys.has(id)) throw new Error(`Key id ${id} appears twice`);
      this.keys.set(id, key);
    }
    const first = this.keys.keys().next();
    if (first.done) throw new Error('The key ring is empty');
    this.currentId = first.value;
  }

  seal(plaintext: string, aad: string): Sealed {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, nonce);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: this.currentId, bytes: new Uint8Array(Buffer.concat([nonce, cipher.getAuthTag(), ct])) };
  }

  open(sealed: Sealed, aad: string): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new Error(`Unknown credentials key ${sealed.keyId}`);
    const b = Buffer.from(sealed.bytes);
    const decipher = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(b.subarray(12, 28));
    return Buffer.concat([decipher.update(b.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Whether a ciphertext should be re-encrypted with the current key. */
  isStale(keyId: string): boolean {
    return keyId !== this.currentId;
  }
}
