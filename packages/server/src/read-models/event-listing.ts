import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/**
 * Read model (decision 012): a household's events as the calendar, the lists and the ICS feed show
 * them, with the name of their appliance (owned by `appliances`), the title and duration of their
 * maintenance card (owned by `maintenance`) and its product's picture (reference data). Read only.
 */
export const eventListing = (db: Db, foyerId: number) =>
  db
    .selectFrom('events as e')
    .leftJoin('appliances as a', 'a.id', 'e.appliance_id')
    .leftJoin('maintenance_cards as c', 'c.id', 'e.maintenance_card_id')
    .leftJoin('ref_products as p', 'p.id', 'c.prod_id')
    .selectAll('e')
    .select(['a.name as appliance_name', 'c.title as card_title', 'c.duration as card_duration', 'p.pict as card_pict'])
    .where('e.foyer_id', '=', foyerId);

/**
 * Read model (decision 012): the household's recurring series whose last occurrence is before
 * `horizon`, with their first and last dates, except those of a device that left the household
 * (`appliances.second_life`, owned by `appliances`).
 */
export const seriesEndingBefore = (db: Db, foyerId: number, horizon: Date) =>
  db
    .selectFrom('events')
    .leftJoin('appliances as a', 'a.id', 'events.appliance_id')
    .select(['series_id', 'frequency', sql<Date>`min(dt_realisation)`.as('first'), sql<Date>`max(dt_realisation)`.as('last')])
    .where('events.foyer_id', '=', foyerId)
    .where('series_id', 'is not', null)
    .where('a.second_life', 'is', null)
    .groupBy(['series_id', 'frequency'])
    .having(sql`max(dt_realisation)`, '<', horizon)
    .execute();
