import { type Kysely, sql } from 'kysely';

/**
 * The CSV imports that write (`appliquer`), run by the job runner (decision 028): the file as it was
 * sent, for whichever replica takes the job — after a restart too — deleted once the import is done
 * or failed; where it is (its phase, rows done out of its total), for the request waiting for it on
 * any replica and for the household's page after a reload; and its outcome: what it created and
 * updated, with the answer the waiting request gives, or why it failed. Only the household's last
 * one is kept (a new import replaces those before it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inventory_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('foyer_id', 'integer', (c) => c.notNull().references('foyers.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('en_cours', 'fait', 'echec')`))
    .addColumn('step', 'text', (c) => c.check(sql`step in ('lecture', 'verification', 'ecriture')`))
    .addColumn('done', 'integer')
    .addColumn('total', 'integer')
    .addColumn('file', 'bytea')
    .addColumn('answer', 'bytea')
    .addColumn('created', 'integer')
    .addColumn('updated', 'integer')
    .addColumn('error_status', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('inventory_imports_foyer_idx').on('inventory_imports').columns(['foyer_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inventory_imports').execute();
}
