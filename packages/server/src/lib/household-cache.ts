import type { Db } from '../db/client.ts';
import { householdDataVersion } from '../read-models/data-version.ts';
import type { Clock } from './clock.ts';

export interface HouseholdCacheOptions {
  /** Answers kept at most (the least recently used goes first). */
  maxEntries: number;
  /** The longest an answer is served, in real milliseconds (it may hold signed file URLs). */
  maxAgeMs: number;
  /** Whether an answer depends on the clock's minute (« sous garantie » today); true unless said. */
  clockBound?: boolean;
}

interface Entry {
  version: string;
  minute: number;
  storedAt: number;
  value: unknown;
}

/**
 * Answers computed from a household's data, served again until that data changes (the
 * home page's GETs aggregate the whole inventory on every visit). Each request still reads one row,
 * the household's `data_version`, which the database moves at every committed change (migration
 * 0017): whichever replica made the change, the next read computes afresh. An answer also depends on
 * the clock (« sous garantie » today), so it is kept for the minute of the clock it was computed in,
 * (unless it is not `clockBound`), and never longer than `maxAgeMs`. The values are shared: callers
 * must not change them.
 */
export class HouseholdCache {
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, { version: string; minute: number; value: Promise<unknown> }>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: HouseholdCacheOptions = { maxEntries: 2000, maxAgeMs: 60_000 },
  ) {}

  async answer<T>(userId: number, name: string, compute: () => Promise<T>): Promise<T> {
    const version = await householdDataVersion(this.db, userId);
    if (version === undefined) return compute();
    const key = `${userId} ${name}`;
    const minute = this.options.clockBound === false ? 0 : Math.floor(this.clock.now().getTime() / 60_000);
    const now = performance.now();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && entry.minute === minute && now - entry.storedAt < this.options.maxAgeMs) {
      this.hits++;
      // Most recently used last: the oldest key of the map is the next to go.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    // Asked again while it is being computed for the same data (4 readers of a link at once): computed once.
    const running = this.computing.get(key);
    if (running && running.version === version && running.minute === minute) {
      this.hits++;
      return running.value as Promise<T>;
    }
    this.misses++;
    const computing = compute();
    this.computing.set(key, { version, minute, value: computing });
    try {
      const value = await computing;
      this.entries.delete(key);
      this.entries.set(key, { version, minute, storedAt: now, value });
      if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      return value;
    } finally {
      if (this.computing.get(key)?.value === computing) this.computing.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
