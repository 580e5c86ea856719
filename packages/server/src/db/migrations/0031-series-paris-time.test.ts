import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTest } from '../../../test/migration-test.ts';
import { signedInUser } from '../../../test/test-app.ts';

const m = migrationTest();

describe('migration 0031: the occurrences to come of a series move to their time of day in Paris', () => {
  it('moves a 09:00 series written in UTC to 09:00 in Paris in summer, leaves what is done or past, and stays at the last day of short months', async () => {
    const { t } = m;
    const me = await signedInUser(t, 'serie-heure@exemple.fr');
    await m.migrateTo('0030-mail-jobs');
    // As the release before wrote them: the first occurrence's UTC time kept all year (09:00 in winter, 10:00 in summer).
    const row = (series: string, frequency: string, at: string, status = 'NEW') =>
      sql`insert into events (user_id, foyer_id, title, type, status, dt_realisation, series_id, frequency, created_at, updated_at)
        values (${me.id}, ${me.id}, 'Purger', 'MAINTENANCE', ${status}, ${at}::timestamptz, ${series}, ${frequency}, now(), now())`.execute(
        t.db,
      );
    const a = '00000000-0000-4000-8000-000000000031';
    const b = '00000000-0000-4000-8000-000000000032';
    await row(a, '3_months', '2025-01-15T08:00:00Z', 'DONE');
    await row(a, '3_months', '2025-04-15T08:00:00Z', 'DONE');
    await row(a, '3_months', '2031-04-15T08:00:00Z');
    await row(a, '3_months', '2031-07-15T08:00:00Z', 'DONE');
    await row(a, '3_months', '2031-10-15T08:00:00Z');
    await row(a, '3_months', '2032-01-15T08:00:00Z');
    await row(b, 'monthly', '2030-01-31T08:00:00Z');
    await row(b, 'monthly', '2030-02-28T08:00:00Z');
    await row(b, 'monthly', '2031-06-30T08:00:00Z');
    await m.latest();
    const after = async (series: string) =>
      (
        await sql<{
          at: Date;
          status: string;
        }>`select dt_realisation as at, status from events where series_id = ${series} order by dt_realisation`.execute(t.db)
      ).rows.map((r) => `${new Date(r.at).toISOString()} ${r.status}`);
    expect(await after(a)).toEqual([
      '2025-01-15T08:00:00.000Z DONE',
      // Past: left as it was.
      '2025-04-15T08:00:00.000Z DONE',
      // To come, in summer time: 09:00 in Paris.
      '2031-04-15T07:00:00.000Z NEW',
      // Done already (ahead of its day): left as it was.
      '2031-07-15T08:00:00.000Z DONE',
      '2031-10-15T07:00:00.000Z NEW',
      '2032-01-15T08:00:00.000Z NEW',
    ]);
    expect(await after(b)).toEqual([
      // 31 January 09:00 in Paris, then the month's last day: 30 June (summer) at 09:00.
      '2030-01-31T08:00:00.000Z NEW',
      '2030-02-28T08:00:00.000Z NEW',
      '2031-06-30T07:00:00.000Z NEW',
    ]);
  });
});
