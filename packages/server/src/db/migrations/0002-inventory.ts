import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ref_universes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ref_products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('prod_name', 'text', (c) => c.notNull())
    .addColumn('pict', 'text', (c) => c.notNull())
    .addColumn('universe_slug', 'text')
    .addColumn('carbon_slug', 'text')
    .addColumn('smartfix_category_id', 'integer')
    .addColumn('repair_bonus_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('universes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ref_universe_id', 'integer', (c) => c.references('ref_universes.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('universes_user').on('universes').column('user_id').execute();

  await db.schema
    .createTable('appliances')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A universe is deleted only when empty (API.md): no cascade from universes.
    .addColumn('universe_id', 'integer', (c) => c.references('universes.id'))
    .addColumn('prod_id', 'integer', (c) => c.references('ref_products.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('marque', 'text')
    .addColumn('modele', 'text')
    .addColumn('dt_achat', 'text')
    .addColumn('dt_fab', 'text')
    .addColumn('note', 'text')
    .addColumn('panne_note', 'text')
    .addColumn('facture_ref', 'text')
    .addColumn('classenergie', 'text')
    .addColumn('pict_key', 'text')
    .addColumn('facture_key', 'text')
    .addColumn('facture_type', 'text')
    .addColumn('notice_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appliances_user').on('appliances').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('appliances_universe').on('appliances').column('universe_id').execute();

  await db.schema
    .createTable('temp_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['temp_files', 'appliances', 'universes', 'ref_products', 'ref_universes']) {
    await db.schema.dropTable(t).execute();
  }
}
