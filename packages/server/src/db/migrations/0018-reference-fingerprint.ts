import type { Kysely } from 'kysely';

/** The fingerprint of the reference data last loaded (`db/reference.ts`): a start with the same data loads nothing (a faster start). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reference_data')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reference_data').execute();
}
