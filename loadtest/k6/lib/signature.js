// Request signature of the public API (spec §7), same rule as packages/api-signature:
//   timestamp = Unix seconds, sign = lowercase hex SHA-256 of (timestamp + SIGNATURE_SALT).
// The gateway accepts a timestamp within ±300 s of its clock: keep the load generator's clock in sync.
import { sha256 } from 'k6/crypto';

export function signatureHeaders(salt) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { timestamp: timestamp, sign: sha256(timestamp + salt, 'hex') };
}
