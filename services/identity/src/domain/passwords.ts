import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS: Options = {
  // Algorithm is a const enum in the typings; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification without any account (unknown user), so "no such
   * user" and "wrong password" can't be told apart by how long the answer takes.
   */
  verifyNothing(password: string): Promise<void>;
}

export function createPasswordHasher(options: Options = ARGON2_OPTIONS): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const verifyHash = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false; // a malformed stored hash never lets anyone in
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: verifyHash,
    verifyNothing: async (password) => {
      dummy ??= hash(randomBytes(16).toString('hex'), options);
      await verifyHash(await dummy, password);
    },
  };
}
