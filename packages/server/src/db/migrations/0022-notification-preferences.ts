import { type Kysely, sql } from 'kysely';

/**
 * Reminders by e-mail: each member's notification preferences (no row: everything on,
 * e-mail at each reminder), mails in HTML as well as text with their list headers (one-click
 * unsubscribe), and the weekly digests sent, one per member and week whatever the replicas.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('in_app', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('push', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_mode', 'text', (c) => c.notNull().defaultTo('immediat').check(sql`email_mode in ('immediat', 'hebdo')`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('mail_queue').addColumn('html', 'text').execute();
  // The mail's extra headers (List-Unsubscribe…), as JSON text.
  await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
  await db.schema
    .createTable('notification_digests')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The Sunday (YYYY-MM-DD, Paris) the digest is for.
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_digests_pkey', ['user_id', 'week'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_digests').execute();
  await db.schema.alterTable('mail_queue').dropColumn('headers').execute();
  await db.schema.alterTable('mail_queue').dropColumn('html').execute();
  await db.schema.dropTable('notification_preferences').execute();
}
