import { type Kysely, sql } from 'kysely';

/**
 * Product recall watch (decision 019): the day's run of the RappelConso job, claimed by
 * one replica; the recall sheets read (household-appliance and electrical categories); each sheet
 * matched with an appliance, once, until a member marks it handled; and the appliance a
 * notification is about when it is no event's (a recall opens the appliance's page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recall_runs')
    // The day (YYYY-MM-DD, Paris): its primary key is the claim, inserted with `on conflict do nothing`.
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('fetched', 'integer', (c) => c.notNull().defaultTo(0))
    // The newest publication read by this run: the next run reads from there.
    .addColumn('last_publication', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createTable('recall_sheets')
    // RappelConso's numero_fiche (e.g. 2026-11-0123).
    .addColumn('sheet_id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    // modeles_ou_references as published: the matcher splits it.
    .addColumn('models', 'text', (c) => c.notNull())
    // The GTINs of identification_produits, space-separated.
    .addColumn('gtins', 'text', (c) => c.notNull())
    .addColumn('risk', 'text', (c) => c.notNull())
    .addColumn('what_to_do', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('fetched_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('appliance_recalls')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The foyer (its founder's id, decision 016).
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('appliance_id', 'integer', (c) => c.notNull().references('appliances.id').onDelete('cascade'))
    // No foreign key to recall_sheets: a household restored elsewhere keeps what it was told.
    .addColumn('sheet_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('risk', 'text', (c) => c.notNull())
    .addColumn('what_to_do', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('matched_at', 'timestamptz', (c) => c.notNull())
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The same sheet never alerts twice for an appliance.
    .addUniqueConstraint('appliance_recalls_appliance_sheet', ['appliance_id', 'sheet_id'])
    .execute();
  await db.schema
    .createIndex('appliance_recalls_open_idx')
    .on('appliance_recalls')
    .column('user_id')
    .where(sql.ref('handled_at'), 'is', null)
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('appliance_id', 'integer', (c) => c.references('appliances.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('appliance_id').execute();
  await db.schema.dropTable('appliance_recalls').execute();
  await db.schema.dropTable('recall_sheets').execute();
  await db.schema.dropTable('recall_runs').execute();
}
