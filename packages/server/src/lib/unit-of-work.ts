import type { Db } from '../db/client.ts';
import { requestTransaction } from './idempotency.ts';

/**
 * One transaction shared by the writes of several modules: each module's service
 * takes the unit, and its repository runs on `tx`. What must happen only once the change is
 * committed (the domain events the badges react to) waits in `afterCommit`.
 */
export class UnitOfWork {
  private readonly committed: (() => Promise<unknown> | unknown)[] = [];

  constructor(readonly tx: Db) {}

  afterCommit(run: () => Promise<unknown> | unknown): void {
    this.committed.push(run);
  }

  /** @internal run by `inTransaction` once the transaction has committed. */
  async flush(): Promise<void> {
    for (const run of this.committed) await run();
  }
}

/**
 * Runs `work` in one transaction: all its writes are kept, or none (an error rolls them all back).
 * Inside an idempotent write (lib/idempotency.ts) the unit is the request's transaction, and what it
 * keeps for after the commit waits for that transaction's commit.
 */
export async function inTransaction<T>(db: Db, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  const request = requestTransaction();
  if (request) {
    const joined = new UnitOfWork(request.tx);
    const result = await work(joined);
    request.committed.push(() => joined.flush());
    return result;
  }
  let unit: UnitOfWork | undefined;
  const result = await db.transaction().execute(async (tx) => {
    unit = new UnitOfWork(tx);
    return work(unit);
  });
  await unit?.flush();
  return result;
}
