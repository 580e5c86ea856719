import { type Kysely, sql } from 'kysely';

/**
 * The calendar's lists read in index order: the planned ones oldest first, the done ones
 * by the time they were done, newest first; a month's window by either date. Without them each list
 * read every event of the household (ten years of maintenance) to keep twenty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('events_planned')
    .on('events')
    .columns(['user_id', 'dt_realisation', 'id'])
    .where(sql.ref('status'), '=', 'NEW')
    .execute();
  await db.schema
    .createIndex('events_done')
    .on('events')
    .expression(sql`user_id, coalesce(done_at, dt_realisation), id`)
    .where(sql.ref('status'), '=', 'DONE')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_done').execute();
  await db.schema.dropIndex('events_planned').execute();
}
