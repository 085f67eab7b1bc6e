// Stand-in for `k6/crypto`: the hashes the scripts use, as k6 computes them.
import { createHash } from 'node:crypto';

export function sha256(input: string | ArrayBuffer, encoding: 'hex' | 'base64'): string {
  return createHash('sha256').update(typeof input === 'string' ? input : Buffer.from(input)).digest(encoding);
}

export default { sha256 };
