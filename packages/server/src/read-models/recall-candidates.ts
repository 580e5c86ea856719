import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): what the recall watch compares with RappelConso's sheets —
 * every household's appliances still in its inventory (not given a second life) with a brand and a
 * model, or a barcode (EAN, migration 0025), from `appliances` (owned by `appliances`). Read only.
 */
export const recallCandidates = (db: Db) =>
  db
    .selectFrom('appliances as a')
    .select(['a.id', 'a.foyer_id', 'a.name', 'a.marque', 'a.modele', 'a.ean as gtin'])
    .where((eb) => eb.or([eb.and([eb('a.marque', 'is not', null), eb('a.modele', 'is not', null)]), eb('a.ean', 'is not', null)]))
    .where('a.second_life', 'is', null)
    .execute();

/**
 * Read model (decision 012): a household's recalls nobody has marked handled (`appliance_recalls`,
 * owned by `recalls`) with their appliance's name (`appliances`), newest publication first. Read only.
 */
export const openRecallListing = (db: Db, foyerId: number) =>
  db
    .selectFrom('appliance_recalls as r')
    .innerJoin('appliances as a', 'a.id', 'r.appliance_id')
    .select(['r.id', 'r.appliance_id', 'a.name as appliance_name', 'r.title', 'r.risk', 'r.what_to_do', 'r.link', 'r.published_at'])
    .where('r.foyer_id', '=', foyerId)
    .where('r.handled_at', 'is', null)
    .orderBy('r.published_at', 'desc')
    .orderBy('r.id', 'desc');
