/** Password hashing: argon2id at OWASP's recommended parameters (19 MiB, 2 passes, 1 lane) or stronger. */
import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum in the package's typings, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS as never);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
