import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): how many times the household's data changed (`foyers.data_version`,
 * moved by the database itself at each committed change to the tables of migration 0017's
 * `VERSIONED_TABLES`, on the foyer since migration 0026), as text; undefined for an unknown foyer.
 * Read only.
 */
export const householdDataVersion = async (db: Db, foyerId: number): Promise<string | undefined> => {
  const row = await db.selectFrom('foyers').select('data_version').where('id', '=', foyerId).executeTakeFirst();
  return row === undefined ? undefined : String(row.data_version);
};
