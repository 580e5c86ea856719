import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ref_badges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('pict', 'text', (c) => c.notNull())
    .addColumn('rule_kind', 'text', (c) => c.notNull())
    .addColumn('rule_threshold', 'integer', (c) => c.notNull())
    .addColumn('bonus_description', 'text')
    .addColumn('bonus_link', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_badges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ref_badge_id', 'integer', (c) => c.notNull().references('ref_badges.id'))
    .addColumn('public_uuid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('obtained_at', 'timestamptz', (c) => c.notNull())
    // Each badge is awarded once per user, however many requests race to award it.
    .addUniqueConstraint('user_badges_once', ['user_id', 'ref_badge_id'])
    .execute();

  // What a user did that badges count and that has no table of its own (a carbon simulation, a device given…).
  await db.schema
    .createTable('user_actions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_actions_user').on('user_actions').columns(['user_id', 'action']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['user_actions', 'user_badges', 'ref_badges']) await db.schema.dropTable(t).execute();
}
