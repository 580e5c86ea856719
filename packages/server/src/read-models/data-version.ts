import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): how many times the household's data changed (`users.data_version`,
 * moved by the database itself at each committed change to the tables of migration 0017's
 * `VERSIONED_TABLES`), as text; undefined for an unknown user. Read only.
 */
export const householdDataVersion = async (db: Db, userId: number): Promise<string | undefined> => {
  const row = await db.selectFrom('users').select('data_version').where('id', '=', userId).executeTakeFirst();
  return row === undefined ? undefined : String(row.data_version);
};
