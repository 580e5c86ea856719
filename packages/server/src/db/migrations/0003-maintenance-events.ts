import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_cards')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('prod_id', 'integer', (c) => c.notNull().references('ref_products.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenance_cards_product').on('maintenance_cards').column('prod_id').execute();

  await db.schema
    .createTable('maintenance_steps')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('maintenance_cards.id').onDelete('cascade'))
    .addColumn('steporder', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('video', 'text')
    .addUniqueConstraint('maintenance_steps_order', ['card_id', 'steporder'])
    .execute();

  await db.schema
    .createTable('maintenance_agents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('maintenance_cards.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pict', 'text', (c) => c.notNull())
    .addColumn('volume', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maintenance_agents_card').on('maintenance_agents').column('card_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // API.md: deleting an appliance deletes its events.
    .addColumn('appliance_id', 'integer', (c) => c.references('appliances.id').onDelete('cascade'))
    .addColumn('maintenance_card_id', 'integer', (c) => c.references('maintenance_cards.id').onDelete('set null'))
    .addColumn('series_id', 'uuid')
    .addColumn('frequency', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dt_realisation', 'timestamptz', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_user_date').on('events').columns(['user_id', 'dt_realisation']).execute();
  await db.schema.createIndex('events_appliance').on('events').column('appliance_id').execute();
  // One row per occurrence of a series: extending a series twice never duplicates it.
  await sql`create unique index events_series_occurrence on events (series_id, dt_realisation) where series_id is not null`.execute(db);

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['calendar_feeds', 'events', 'maintenance_agents', 'maintenance_steps', 'maintenance_cards']) {
    await db.schema.dropTable(t).execute();
  }
}
