import type { Kysely } from 'kysely';

/**
 * A card's waiting time apart from its active time (defrosting takes hours of waiting for
 * an hour of work) and the season a seasonal task belongs to (months, inclusive, may wrap the year).
 * Additive: nullable columns, filled by the reference loader at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('maintenance_cards')
    .addColumn('wait_minutes', 'integer')
    .addColumn('season_from', 'smallint')
    .addColumn('season_to', 'smallint')
    .addColumn('season_label', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('maintenance_cards')
    .dropColumn('wait_minutes')
    .dropColumn('season_from')
    .dropColumn('season_to')
    .dropColumn('season_label')
    .execute();
}
