import { type Kysely, sql } from 'kysely';

/**
 * One row per signed-in device (a refresh-token family): when it started, for the absolute
 * lifetime of a session, and what the user needs to recognise it in « Mes appareils connectés ».
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  // Sessions opened before this migration start when their first refresh token was issued.
  await sql`
    insert into sessions (id, user_id, created_at, last_seen_at)
    select family_id, user_id, min(created_at), max(created_at) from refresh_tokens group by family_id, user_id
    on conflict (id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
