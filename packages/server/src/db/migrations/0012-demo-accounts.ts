import { type Kysely, sql } from 'kysely';

/**
 * One demo household per visitor, seen by no other: a demo account carries the moment it expires,
 * and the hourly purge deletes it then (its rows by cascade, its files by the orphan sweep).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('demo_expires_at', 'timestamptz').execute();
  await sql`create index users_demo_expires on users (demo_expires_at) where demo_expires_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_demo_expires`.execute(db);
  await db.schema.alterTable('users').dropColumn('demo_expires_at').execute();
}
