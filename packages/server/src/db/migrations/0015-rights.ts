import type { Kysely } from 'kysely';

/**
 * « Mes droits »: the paperwork of an appliance — seller, price, serial number, delivery
 * date, bought second-hand, end of a commercial guarantee — and, on a breakdown, whether the seller
 * repaired it under the legal guarantee (with the days it could not be used) or replaced it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('appliances')
    .addColumn('vendeur', 'text')
    .addColumn('prix_achat', 'numeric(10, 2)')
    .addColumn('numero_serie', 'text')
    .addColumn('dt_livraison', 'text')
    .addColumn('occasion', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('garantie_commerciale_fin', 'text')
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('sous_garantie', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('immobilisation_jours', 'integer')
    .addColumn('remplace', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('sous_garantie').dropColumn('immobilisation_jours').dropColumn('remplace').execute();
  await db.schema
    .alterTable('appliances')
    .dropColumn('vendeur')
    .dropColumn('prix_achat')
    .dropColumn('numero_serie')
    .dropColumn('dt_livraison')
    .dropColumn('occasion')
    .dropColumn('garantie_commerciale_fin')
    .execute();
}
