import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a household's appliances as the lists and the detail page show them,
 * with the name of their universe (owned by `universes`) and of their product (reference data).
 * Read only; the appliances repository chains its filters and order on it.
 */
export const applianceListing = (db: Db, foyerId: number) =>
  db
    .selectFrom('appliances as a')
    .leftJoin('ref_products as p', 'p.id', 'a.prod_id')
    .leftJoin('universes as u', 'u.id', 'a.universe_id')
    .selectAll('a')
    .select(['p.prod_name', 'p.pict as prod_pict', 'u.name as univer_name'])
    .where('a.foyer_id', '=', foyerId);

/**
 * Read model (decision 012): what the inventory's search compares for every appliance
 * still in the household, in the list's order: its own words, its product's and its universe's
 * names (owned by `universes`). Read only.
 */
export const applianceSearchFields = (db: Db, foyerId: number) =>
  db
    .selectFrom('appliances as a')
    .leftJoin('ref_products as p', 'p.id', 'a.prod_id')
    .leftJoin('universes as u', 'u.id', 'a.universe_id')
    .select(['a.id', 'a.name', 'a.marque', 'a.modele', 'p.prod_name', 'u.name as univer_name'])
    .where('a.foyer_id', '=', foyerId)
    .where('a.second_life', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
