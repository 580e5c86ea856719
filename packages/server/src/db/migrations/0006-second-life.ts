import type { Kysely } from 'kysely';

/** A device given, sold or recycled leaves the inventory but stays in the household's history. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appliances').addColumn('second_life', 'text').execute();
  await db.schema.alterTable('appliances').addColumn('second_life_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appliances').dropColumn('second_life_at').execute();
  await db.schema.alterTable('appliances').dropColumn('second_life').execute();
}
