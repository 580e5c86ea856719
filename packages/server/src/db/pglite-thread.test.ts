import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PGliteThread } from './pglite-thread.ts';

const reltuples = async (thread: PGliteThread, table: string) =>
  Number((await thread.query<{ n: number }>(`select reltuples as n from pg_class where relname = $1`, [table])).rows[0]!.n);

describe('PGlite thread upkeep (PGlite runs no autovacuum)', () => {
  it('analyses a table never analysed and one changed by more than 50 rows + 10 % once the thread is idle, like autovacuum', async () => {
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
      const analysedAt = async () =>
        (await thread.query<{ at: Date | null }>(`select last_analyze as at from pg_stat_user_tables where relname = 'sample'`, []))
          .rows[0]!.at;
      const first = await analysedAt();
      await thread.query(`insert into sample select i, 'ligne' from generate_series(1041, 1240) i`, []);
      await vi.waitFor(async () => expect(await reltuples(thread, 'sample')).toBe(1240), { timeout: 20_000, interval: 300 });
      expect((await analysedAt())!.getTime()).toBeGreaterThan(first!.getTime());
    } finally {
      await thread.close();
    }
  }, 60_000);

  it('answers a health check during its upkeep without waiting behind it (an analysis, a collection of its heap)', async () => {
    const thread = new PGliteThread(undefined, { upkeep: { idleMs: 100, everyMs: 0 } });
    try {
      await thread.waitReady;
      const worker = (thread as unknown as { worker: import('node:worker_threads').Worker }).worker;
      const sent: string[] = [];
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (message: { op: string }) => {
        sent.push(message.op);
        post(message);
      };
      const upkeep = new Promise<void>((resolve) =>
        worker.on('message', (message: { upkeep?: boolean }) => message.upkeep === true && resolve()),
      );
      await thread.query(`create table sample as select i as id from generate_series(1, 1000) i`, []);
      await upkeep;
      const before = sent.length;
      expect(await thread.ping()).toEqual({ rows: [{ one: 1 }] });
      // Answered here: the thread said it is at work, and nothing was sent to wait behind that work.
      expect(sent.slice(before)).toEqual([]);
    } finally {
      await thread.close();
    }
  }, 60_000);

  it('analyses after a restart a table filled and indexed but never analysed (PGlite forgets its counts of changes)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-upkeep-'));
    const off = { idleMs: 3_600_000, everyMs: 3_600_000 };
    try {
      const first = new PGliteThread(dir, { upkeep: off });
      await first.waitReady;
      await first.query(`create table filled as select i as id from generate_series(1, 500) i`, []);
      await first.query('create index filled_id on filled (id)', []);
      await first.close();
      const again = new PGliteThread(dir, { upkeep: { idleMs: 100, everyMs: 0 } });
      try {
        await again.waitReady;
        const statistics = async () =>
          Number(
            (await again.query<{ n: number }>(`select count(*)::int as n from pg_statistic where starelid = 'filled'::regclass`, []))
              .rows[0]!.n,
          );
        // Sized by its index (500 rows), with no statistics and no change counted since the restart.
        expect(await reltuples(again, 'filled')).toBe(500);
        await vi.waitFor(async () => expect(await statistics()).toBeGreaterThan(0), { timeout: 20_000, interval: 300 });
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
