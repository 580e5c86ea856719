import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * The first keys of the transaction-scoped advisory locks, one per kind of work, in one place so two
 * kinds never share a key. The second key is the user or household the lock orders.
 */
export const LOCKS = {
  /** A user's refresh-token rotations and revocations (auth). */
  sessions: 0x5e55,
  /** A household's dossier requests and new read-only links. */
  dossier: 0xd055,
  /** A household's CSV imports. */
  imports: 0x1c5f,
} as const;

/**
 * Holds, until `tx`'s transaction ends, the lock of `kind` on `id`: work of that kind for that id
 * runs one transaction after the other, each seeing what the other committed (READ COMMITTED takes
 * a new snapshot per statement). Other ids are not held.
 */
export async function holdLock(tx: Db, kind: keyof typeof LOCKS, id: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCKS[kind]}::int4, ${id}::int4)`.execute(tx);
}
