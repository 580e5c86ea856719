import { type Kysely, sql } from 'kysely';

const ROUTES = ['garantie-legale', 'garantie-commerciale', 'reparation-fabricant', 'vices-caches', 'reparateur-bonus', 'seconde-vie'];
const STEPS = ['envoyee', 'reponse', 'relance', 'appareil-recupere', 'mediation', 'signalconso', 'conciliateur', 'issue'];
const OUTCOMES = ['reparee', 'remplacee', 'remboursee', 'refusee'];
const among = (column: string, values: string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;

/**
 * « Ma démarche »: a claim about a breakdown (a PANNE event), its steps with their days and its
 * documents. Keyed by `foyer_id` from the start (decision 026), the steps and documents too, bound
 * to their claim's household by a foreign key on (claim_id, foyer_id): the export, the backup and an
 * account's deletion find every row of a household by that one column, and a step can never sit in
 * another household than its claim. A claim goes with its appliance, its breakdown or its household;
 * its steps and documents with it. The reminder of a claim left unanswered names it
 * (`notifications.claim_id`), so that it opens the claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claims')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('foyer_id', 'integer', (c) => c.notNull().references('foyers.id').onDelete('cascade'))
    .addColumn('appliance_id', 'integer', (c) => c.notNull().references('appliances.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('voie', 'text', (c) => c.notNull().check(among('voie', ROUTES)))
    .addColumn('destinataire', 'text')
    .addColumn('defaut', 'text', (c) => c.notNull())
    .addColumn('statut', 'text', (c) => c.notNull().defaultTo('preparee').check(sql`statut in ('preparee', 'envoyee', 'terminee')`))
    .addColumn('issue', 'text', (c) => c.check(among('issue', OUTCOMES)))
    // The member who opened it; null once they are gone.
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // A claim is over exactly when it has its outcome.
    .addCheckConstraint('claims_issue_when_over', sql`(statut = 'terminee') = (issue is not null)`)
    .addUniqueConstraint('claims_id_foyer', ['id', 'foyer_id'])
    .execute();
  await db.schema.createIndex('claims_foyer_created_idx').on('claims').columns(['foyer_id', 'created_at']).execute();
  await db.schema.createIndex('claims_appliance_idx').on('claims').column('appliance_id').execute();
  await db.schema.createIndex('claims_event_idx').on('claims').column('event_id').execute();
  // The reminders' pass reads only the claims waiting for an answer.
  await db.schema.createIndex('claims_waiting_idx').on('claims').column('id').where(sql.ref('statut'), '=', 'envoyee').execute();

  await db.schema
    .createTable('claim_steps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('claim_id', 'integer', (c) => c.notNull())
    .addColumn('foyer_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(among('type', STEPS)))
    // The day it happened, YYYY-MM-DD (a day of Paris, as the form gives it).
    .addColumn('date', 'text', (c) => c.notNull().check(sql`date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('note', 'text')
    .addColumn('issue', 'text', (c) => c.check(among('issue', OUTCOMES)))
    // Who wrote it: a person, not the household's key (hence not `user_id`); null once they are gone.
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('claim_steps_issue_of_issue', sql`(type = 'issue') = (issue is not null)`)
    .addForeignKeyConstraint('claim_steps_claim', ['claim_id', 'foyer_id'], 'claims', ['id', 'foyer_id'], (fk) =>
      fk.onDelete('cascade').onUpdate('cascade'),
    )
    .execute();
  await db.schema.createIndex('claim_steps_claim_idx').on('claim_steps').columns(['claim_id', 'date']).execute();
  await db.schema.createIndex('claim_steps_foyer_idx').on('claim_steps').column('foyer_id').execute();

  await db.schema
    .createTable('claim_attachments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('claim_id', 'integer', (c) => c.notNull())
    .addColumn('foyer_id', 'integer', (c) => c.notNull())
    // The FileStore's key (users/<foyer>/<uuid>.<ext>), the name the file had when it was sent, its checked type and size.
    .addColumn('file_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addForeignKeyConstraint('claim_attachments_claim', ['claim_id', 'foyer_id'], 'claims', ['id', 'foyer_id'], (fk) =>
      fk.onDelete('cascade').onUpdate('cascade'),
    )
    .execute();
  await db.schema.createIndex('claim_attachments_claim_idx').on('claim_attachments').column('claim_id').execute();
  await db.schema.createIndex('claim_attachments_foyer_idx').on('claim_attachments').column('foyer_id').execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('claim_id', 'integer', (c) => c.references('claims.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('claim_id').execute();
  await db.schema.dropTable('claim_attachments').execute();
  await db.schema.dropTable('claim_steps').execute();
  await db.schema.dropTable('claims').execute();
}
