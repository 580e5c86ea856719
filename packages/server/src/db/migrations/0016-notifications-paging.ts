import type { Kysely } from 'kysely';

/** Notifications read a page at a time, newest first: the index follows the list's order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_user_created').execute();
}
