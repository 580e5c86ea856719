import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { workerDb } from '../../test/test-db.ts';
import { pingDatabase } from './client.ts';

describe('database health ping (GET /api/health)', () => {
  it('answers while another session holds a transaction open', async () => {
    const { db } = await workerDb();
    // On PGlite (one session) a plain `select 1` would wait for this transaction, which waits
    // for the ping: the ping must answer between statements instead of queueing.
    const answered = await db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      return Promise.race([pingDatabase(db), new Promise<string>((r) => setTimeout(() => r('timeout'), 5000))]);
    });
    expect(answered).toBe(true);
  });

  it('answers before the statements already queued', async () => {
    const { db } = await workerDb();
    const order: string[] = [];
    const heavy = Array.from({ length: 40 }, () =>
      sql`select count(*) from generate_series(1, 300000)`.execute(db).then(() => order.push('statement')),
    );
    const ping = pingDatabase(db).then((ok) => order.push(`ping ${ok}`));
    await Promise.all([...heavy, ping]);
    expect(order.indexOf('ping true')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('ping true')).toBeLessThan(order.length - 1);
  });

  it('answers with a real statement when the database is idle', async () => {
    const { db } = await workerDb();
    expect(await pingDatabase(db)).toBe(true);
  });
});
