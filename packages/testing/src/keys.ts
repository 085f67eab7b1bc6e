import { generateKeyPairSync } from 'node:crypto';

/**
 * An Ed25519 pair for service tokens (ADR 017), as PEM on one line (`\n` escapes, as env files hold
 * it): SERVICE_TOKEN_PRIVATE_KEY for a gateway, SERVICE_TOKEN_PUBLIC_KEY for services.
 */
export function serviceTokenKeys(): { SERVICE_TOKEN_PRIVATE_KEY: string; SERVICE_TOKEN_PUBLIC_KEY: string } {
  const pair = generateKeyPairSync('ed25519');
  const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
  return {
    SERVICE_TOKEN_PRIVATE_KEY: oneLine(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    SERVICE_TOKEN_PUBLIC_KEY: oneLine(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
}
