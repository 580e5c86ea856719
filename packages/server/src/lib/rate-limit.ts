import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { tooManyRequests } from './errors.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every replica on one PostgreSQL shares them
 * (an in-memory store would let N replicas allow N times the limit). One upsert per check.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit on each limit; throws 429 with `message` when any is over. */
  async hit(limits: Limit[], message: string): Promise<void> {
    const now = this.clock.now().getTime();
    for (const limit of limits) {
      const windowStart = new Date(now - (now % limit.windowMs));
      const row = await this.db
        .insertInto('rate_limits')
        .values({ key: limit.key, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      if (row.count > limit.max) throw tooManyRequests(message);
    }
  }

  /** Drops windows that ended (called now and then; cheap thanks to the primary key). */
  async purge(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', new Date(this.clock.now().getTime() - olderThanMs))
      .execute();
  }
}
