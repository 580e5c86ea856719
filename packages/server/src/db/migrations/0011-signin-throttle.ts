import type { Kysely } from 'kysely';

/**
 * Sign-in slow-down instead of lock-out (none locks another out): failed attempts per login (successes do not
 * count, a success clears them), and the devices that signed in before, which a slow-down spares.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signin_failures')
    .addColumn('login', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('known_devices_user').on('known_devices').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('signin_failures').execute();
}
