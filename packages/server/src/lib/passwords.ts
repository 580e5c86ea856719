import { availableParallelism } from 'node:os';
import { type Algorithm, hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** OWASP's first choice: argon2id, 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashing is CPU-bound (≈ 50 ms on a core): at most one per core but one, so a burst of sign-ins
 * queues here instead of taking every core from the event loop (issue 8: /api/health stays fast).
 */
const MAX_PARALLEL = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
const hash = (password: string, options: typeof ARGON2_OPTIONS) => limited(() => argonHash(password, options));
const verify = (passwordHash: string, password: string) => limited(() => argonVerify(passwordHash, password));

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
