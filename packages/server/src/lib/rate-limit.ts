import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { tooManyRequests } from './errors.ts';

/** A 429 telling when to come back: the seconds left until the window ends, rounded up (RFC 9110 §10.2.3). */
const refusal = (message: string, until: number, now: number) => tooManyRequests(message, Math.max(1, Math.ceil((until - now) / 1000)));

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every replica on one PostgreSQL shares them
 * (an in-memory store would let N replicas allow N times the limit). One upsert per check.
 *
 * A key found over its limit is also remembered in memory until its window ends: a count only
 * grows within a window, so the refusal stays right on every replica, and a flood is turned away
 * without touching the database (1,000 sign-ins must not slow the rest of the API).
 */
export class RateLimiter {
  private readonly blocked = new Map<string, number>();
  /** Hits this process sent for a key in its current window: the shared count is at least this. */
  private readonly local = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Throws the 429 of `message` while `key` is known to be over its limit (no database access). */
  refuseIfBlocked(key: string, message: string): void {
    const until = this.blocked.get(key);
    const now = this.clock.now().getTime();
    if (until !== undefined && now < until) throw refusal(message, until, now);
  }

  /** Counts one hit on each limit; throws 429 with `message` when any is over. */
  async hit(limits: Limit[], message: string): Promise<void> {
    const now = this.clock.now().getTime();
    for (const limit of limits) {
      const until = this.blocked.get(limit.key);
      if (until !== undefined) {
        if (now < until) throw refusal(message, until, now);
        this.blocked.delete(limit.key);
      }
      // Already `max` hits from this process in this window: over the limit whatever the others did.
      const window = now - (now % limit.windowMs);
      const mine = this.local.get(limit.key);
      if (mine && mine.window === window && mine.count >= limit.max) {
        this.block(limit.key, window + limit.windowMs);
        throw refusal(message, window + limit.windowMs, now);
      }
    }
    for (const limit of limits) {
      const window = now - (now % limit.windowMs);
      const mine = this.local.get(limit.key);
      if (this.local.size > 100_000) this.local.clear();
      this.local.set(limit.key, mine && mine.window === window ? { window, count: mine.count + 1 } : { window, count: 1 });
    }
    for (const limit of limits) {
      const windowStart = new Date(now - (now % limit.windowMs));
      const row = await this.db
        .insertInto('rate_limits')
        .values({ key: limit.key, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      if (row.count > limit.max) {
        this.block(limit.key, windowStart.getTime() + limit.windowMs);
        throw refusal(message, windowStart.getTime() + limit.windowMs, now);
      }
    }
  }

  /** Remembers `key` as over its limit until `until` (its window's end). */
  private block(key: string, until: number) {
    if (this.blocked.size > 100_000) this.blocked.clear();
    this.blocked.set(key, until);
  }

  /** Drops windows that ended (called now and then; cheap thanks to the primary key). */
  async purge(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', new Date(this.clock.now().getTime() - olderThanMs))
      .execute();
  }
}
