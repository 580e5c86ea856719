import { type Kysely, sql } from 'kysely';

/**
 * The insurer's « Dossier d'inventaire » built in the background (its progress, then the
 * PDF's key in the file store, for any replica to report and serve), the read-only links that show
 * it to someone without an account, and the QR label of each appliance (a short code; a revoked one
 * stays, so its page can say it was revoked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dossier_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The foyer (its founder's id, decision 016) and the member who asked.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('en-cours', 'pret', 'echec')`))
    .addColumn('with_invoices', 'boolean', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_key', 'text')
    .addColumn('size', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dossier_jobs_user_idx').on('dossier_jobs').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('dossier_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('days', 'integer', (c) => c.notNull().check(sql`days in (7, 30)`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('dossier_shares_user_idx').on('dossier_shares').column('user_id').execute();
  await db.schema
    .createTable('appliance_labels')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('appliance_id', 'integer', (c) => c.notNull().references('appliances.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // One label in use per appliance; the revoked ones are kept.
  await db.schema
    .createIndex('appliance_labels_active_idx')
    .on('appliance_labels')
    .column('appliance_id')
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('appliance_labels').execute();
  await db.schema.dropTable('dossier_shares').execute();
  await db.schema.dropTable('dossier_jobs').execute();
}
