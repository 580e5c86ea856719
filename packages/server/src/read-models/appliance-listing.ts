import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a household's appliances as the lists and the detail page show them,
 * with the name of their universe (owned by `universes`) and of their product (reference data).
 * Read only; the appliances repository chains its filters and order on it.
 */
export const applianceListing = (db: Db, userId: number) =>
  db
    .selectFrom('appliances as a')
    .leftJoin('ref_products as p', 'p.id', 'a.prod_id')
    .leftJoin('universes as u', 'u.id', 'a.universe_id')
    .selectAll('a')
    .select(['p.prod_name', 'p.pict as prod_pict', 'u.name as univer_name'])
    .where('a.user_id', '=', userId);
