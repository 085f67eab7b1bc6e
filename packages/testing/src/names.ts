import { randomBytes } from 'node:crypto';

/** A name no other test run uses: for databases, streams, key prefixes and buckets. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}
