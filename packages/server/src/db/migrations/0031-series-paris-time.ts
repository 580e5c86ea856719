import { type Kysely, sql } from 'kysely';

/**
 * Recurring tasks keep their time of day in Paris (contracts' `addPeriods`): series were expanded in
 * UTC, so a task planned at 09:00 in winter was written at 10:00 for the summer months (and the
 * reverse). The occurrences still to come are moved to where the series now puts them — the first
 * occurrence's Paris date and time plus the occurrence's count of months —; those done or past stay
 * as they were. Both releases read the rows the same way: going down leaves them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update events e set dt_realisation = (
      (f.first at time zone 'Europe/Paris')
      + make_interval(months => (
          (extract(year from e.dt_realisation at time zone 'UTC') - extract(year from f.first at time zone 'UTC')) * 12
          + extract(month from e.dt_realisation at time zone 'UTC') - extract(month from f.first at time zone 'UTC'))::int)
    ) at time zone 'Europe/Paris'
    from (select series_id, min(dt_realisation) as first from events where series_id is not null group by series_id) f
    where e.series_id = f.series_id and e.status = 'NEW' and e.dt_realisation > now()
      and e.frequency in ('monthly', '3_months', '6_months', 'yearly')`.execute(db);
}

export async function down(): Promise<void> {}
