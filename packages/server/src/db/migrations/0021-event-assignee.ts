import { type Kysely, sql } from 'kysely';

/**
 * « Qui s'en occupe ? »: a planned maintenance may be assigned to one member of the
 * foyer; its reminders then go to that member alone. An account that goes unassigns its tasks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // Unassigning a departed member and the « mes tâches » filter read by assignee.
  await db.schema.createIndex('events_assignee').on('events').column('assignee_id').where(sql.ref('assignee_id'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_assignee').execute();
  await db.schema.alterTable('events').dropColumn('assignee_id').execute();
}
