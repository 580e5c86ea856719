import type { Kysely } from 'kysely';

/**
 * Energy label and running cost (decision 020): an appliance keeps the EPREL registration
 * number read from its energy label's QR code, its barcode (EAN-13), and its consumption in kWh per
 * year (from EPREL or typed), to the tenth. All optional: an appliance added before has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('appliances')
    .addColumn('eprel_number', 'text')
    .addColumn('ean', 'text')
    .addColumn('energy_kwh_year', 'numeric(6, 1)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('appliances').dropColumn('eprel_number').dropColumn('ean').dropColumn('energy_kwh_year').execute();
}
