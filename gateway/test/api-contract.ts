import { contractViolation } from '@brokerwise/api-contract/check';

/**
 * Fails the calling test when an /api answer breaks the published contract (@brokerwise/api-contract),
 * listing the differences. The helpers that call the gateway run every answer they receive through it.
 */
export function expectContract(method: string, path: string, body: unknown): void {
  const violation = contractViolation(method, path, body);
  if (violation) throw new Error(violation);
}
