import { describe, expect, it, vi } from 'vitest';
import { PGliteThread } from './pglite-thread.ts';

const reltuples = async (thread: PGliteThread, table: string) =>
  Number((await thread.query<{ n: number }>(`select reltuples as n from pg_class where relname = $1`, [table])).rows[0]!.n);

describe('PGlite thread upkeep (issue 23: PGlite runs no autovacuum)', () => {
  it('analyses the whole database once idle, then a table never sized or changed by more than 50 rows + 10 % once the thread is idle, like autovacuum', async () => {
    const thread = new PGliteThread(undefined, { upkeep: { idleMs: 100, everyMs: 0 } });
    try {
      await thread.waitReady;
      await thread.query('create table sample (id int primary key, label text)', []);
      await thread.query(`insert into sample select i, 'ligne ' || i from generate_series(1, 1000) i`, []);
      await thread.query('create table small (id int)', []);
      // Never analysed, PostgreSQL knows neither size (reltuples -1) until the upkeep runs.
      await vi.waitFor(async () => expect(await reltuples(thread, 'sample')).toBe(1000), { timeout: 20_000, interval: 300 });
      await vi.waitFor(async () => expect(await reltuples(thread, 'small')).toBe(0), { timeout: 20_000, interval: 300 });
      // 240 more rows, over the threshold (50 + 10 % of 1,000): analysed again.
      await thread.query(`insert into sample select i, 'ligne' from generate_series(1001, 1040) i`, []);
      const analysedAt = async () => (await thread.query<{ at: Date | null }>(`select last_analyze as at from pg_stat_user_tables where relname = 'sample'`, [])).rows[0]!.at;
      const first = await analysedAt();
      await thread.query(`insert into sample select i, 'ligne' from generate_series(1041, 1240) i`, []);
      await vi.waitFor(async () => expect(await reltuples(thread, 'sample')).toBe(1240), { timeout: 20_000, interval: 300 });
      expect((await analysedAt())!.getTime()).toBeGreaterThan(first!.getTime());
    } finally {
      await thread.close();
    }
  }, 60_000);
});
