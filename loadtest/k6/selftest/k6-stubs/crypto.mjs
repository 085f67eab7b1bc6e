// Stand-in for `k6/crypto`: sha256(input, 'hex') as k6 computes it.
import { createHash } from 'node:crypto';

export function sha256(input, encoding) {
  return createHash('sha256').update(input).digest(encoding);
}
