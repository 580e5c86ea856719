import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's first choice: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('pas-de-compte-avec-cet-identifiant');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
