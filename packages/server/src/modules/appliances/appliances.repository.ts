import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import { applianceListing, applianceSearchFields } from '../../read-models/appliance-listing.ts';
import type { AppliancesTable } from '../../db/schema.ts';
import { INVENTORY_JSON, type InventoryJsonField } from './inventory-json.ts';

export type ApplianceFields = Omit<Updateable<AppliancesTable>, 'id' | 'foyer_id' | 'created_at'>;

export class AppliancesRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): AppliancesRepository {
    return new AppliancesRepository(tx);
  }

  private base(foyerId: number) {
    return applianceListing(this.db, foyerId).where('a.second_life', 'is', null);
  }

  /** The household's history: devices given, sold or recycled, newest first (or the one `id`). */
  history(foyerId: number, id?: number) {
    let query = this.db
      .selectFrom('appliances as a')
      .leftJoin('ref_products as p', 'p.id', 'a.prod_id')
      .select(['a.id', 'a.name', 'a.marque', 'a.pict_key', 'a.second_life', 'a.second_life_at', 'p.prod_name'])
      .where('a.foyer_id', '=', foyerId)
      .where('a.second_life', 'is not', null);
    if (id !== undefined) query = query.where('a.id', '=', id);
    return query.orderBy('a.second_life_at', 'desc').orderBy('a.id', 'desc').execute();
  }

  async countSecondLife(foyerId: number): Promise<number> {
    const row = await this.db
      .selectFrom('appliances')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('foyer_id', '=', foyerId)
      .where('second_life', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Moves an appliance of the inventory to the history (once: a device already there is not found). */
  markSecondLife(foyerId: number, id: number, outcome: string, at: Date) {
    return this.db
      .updateTable('appliances')
      .set({ second_life: outcome, second_life_at: at, universe_id: null, updated_at: at })
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .where('second_life', 'is', null)
      .executeTakeFirst();
  }

  list(foyerId: number) {
    return this.base(foyerId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
  }

  /**
   * The appliances of the inventory after `afterId` (by id, `limit` of them), each with `fields`
   * only, as one JSON text the database builds: a whole inventory crosses the event loop as a few
   * strings for a job's thread (a CSV import's plan, a share link's first read), not as rows to
   * convert and serialise again. Read in pages so that, on PGlite's one connection, other
   * households' statements pass between them.
   */
  async jsonPage(foyerId: number, afterId: number, limit: number, fields: readonly InventoryJsonField[]) {
    const object = sql.raw(fields.map((f) => `'${f}', ${INVENTORY_JSON[f]}`).join(', '));
    const { rows } = await sql<{ items: string; last: number | null }>`
      select coalesce(json_agg(json_build_object(${object}) order by f.id), '[]')::text as items, max(f.id) as last
      from (
        select a.*, u.name as univer_name, p.prod_name from appliances a
        left join universes u on u.id = a.universe_id
        left join ref_products p on p.id = a.prod_id
        where a.foyer_id = ${foyerId} and a.second_life is null and a.id > ${afterId}
        order by a.id limit ${limit}
      ) f`.execute(this.db);
    return rows[0] ?? { items: '[]', last: null };
  }

  /** A page of the list in its order (newest first), after the appliance `after` (keyset: a deep page costs no more). */
  page(foyerId: number, limit: number, after?: number) {
    let query = this.base(foyerId);
    if (after !== undefined) {
      const at = this.db.selectFrom('appliances').select('created_at').where('id', '=', after).where('foyer_id', '=', foyerId);
      query = query.where((eb) => eb.or([eb('a.created_at', '<', at), eb.and([eb('a.created_at', '=', at), eb('a.id', '<', after)])]));
    }
    return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
  }

  /** What the search compares, for every appliance of the inventory, in the list's order. */
  searchable(foyerId: number) {
    return applianceSearchFields(this.db, foyerId);
  }

  /** These appliances, in no particular order. */
  findMany(foyerId: number, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.base(foyerId).where('a.id', 'in', ids).execute();
  }

  listInUniverse(foyerId: number, universeId: number) {
    return this.base(foyerId).where('a.universe_id', '=', universeId).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
  }

  /**
   * Appliances of every household whose guarantees may end soon (the reminders): still in the inventory,
   * delivered or bought in the last 5 years, or with a commercial guarantee not over a week ago.
   */
  withGuaranteeDates(since: string, commercialFrom: string) {
    return this.db
      .selectFrom('appliances')
      .select(['id', 'foyer_id'])
      .where('second_life', 'is', null)
      .where((eb) =>
        eb.or([eb('dt_livraison', '>=', since), eb('dt_achat', '>=', since), eb('garantie_commerciale_fin', '>=', commercialFrom)]),
      )
      .execute();
  }

  /** What the guarantees need of every appliance still in the inventory (the home's summary, read without files or joins). */
  guaranteeFacts(foyerId: number) {
    return this.db
      .selectFrom('appliances')
      .select(['id', 'name', 'prod_id', 'dt_achat', 'dt_livraison', 'occasion', 'garantie_commerciale_fin'])
      .where('foyer_id', '=', foyerId)
      .where('second_life', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** The household an appliance still in an inventory belongs to (a QR label names only the appliance). */
  async householdOf(id: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('appliances')
      .select('foyer_id')
      .where('id', '=', id)
      .where('second_life', 'is', null)
      .executeTakeFirst();
    return row?.foyer_id ?? null;
  }

  /** Scoped to its owner: another user's id is simply not found. */
  find(foyerId: number, id: number) {
    return this.base(foyerId).where('a.id', '=', id).executeTakeFirst();
  }

  insert(row: Insertable<AppliancesTable>) {
    return this.db.insertInto('appliances').values(row).returning('id').executeTakeFirstOrThrow();
  }

  update(foyerId: number, id: number, fields: ApplianceFields) {
    return this.db.updateTable('appliances').set(fields).where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** The picture, invoice and manual keys among `keys` that a row still holds. */
  async referencedFiles(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('appliances')
      .select(['pict_key', 'facture_key', 'notice_key'])
      .where((eb) => eb.or([eb('pict_key', 'in', keys), eb('facture_key', 'in', keys), eb('notice_key', 'in', keys)]))
      .execute();
    return rows.flatMap((r) => [r.pict_key, r.facture_key, r.notice_key]).filter((k): k is string => k !== null);
  }

  delete(foyerId: number, id: number) {
    return this.db.deleteFrom('appliances').where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  async countByUniverse(foyerId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('appliances')
      .select(['universe_id', sql<number>`count(*)::int`.as('n')])
      .where('foyer_id', '=', foyerId)
      .where('second_life', 'is', null)
      .where('universe_id', 'is not', null)
      .groupBy('universe_id')
      .execute();
    return new Map(rows.map((r) => [r.universe_id as number, Number(r.n)]));
  }

  /**
   * What the badges count of the inventory, in one statement, whatever its size: the appliances in it, those
   * given a second life, and the most appliances in one universe.
   */
  async badgeCounts(foyerId: number): Promise<{ inInventory: number; secondLife: number; mostInOneUniverse: number }> {
    const row = await this.db
      .selectFrom(
        this.db
          .selectFrom('appliances')
          .select([
            'universe_id',
            sql<number>`count(*) filter (where second_life is null)::int`.as('kept'),
            sql<number>`count(*) filter (where second_life is not null)::int`.as('given'),
          ])
          .where('foyer_id', '=', foyerId)
          .groupBy('universe_id')
          .as('u'),
      )
      .select([
        sql<number>`coalesce(sum(kept), 0)::int`.as('inInventory'),
        sql<number>`coalesce(sum(given), 0)::int`.as('secondLife'),
        sql<number>`coalesce(max(kept) filter (where universe_id is not null), 0)::int`.as('mostInOneUniverse'),
      ])
      .executeTakeFirstOrThrow();
    return { inInventory: Number(row.inInventory), secondLife: Number(row.secondLife), mostInOneUniverse: Number(row.mostInOneUniverse) };
  }

  countByProduct(foyerId: number) {
    return this.db
      .selectFrom('appliances as a')
      .leftJoin('ref_products as p', 'p.id', 'a.prod_id')
      .select([
        'p.prod_name',
        sql<number>`count(*)::int`.as('n'),
        sql<number[] | null>`array_agg(a.energy_kwh_year::float8 order by a.id) filter (where a.energy_kwh_year is not null)`.as('kwh'),
      ])
      .where('a.foyer_id', '=', foyerId)
      .where('a.second_life', 'is', null)
      .groupBy('p.prod_name')
      .execute();
  }

  /** Gives every appliance of one household to another (a member who joins with their data). */
  moveHousehold(from: number, to: number) {
    return this.db.updateTable('appliances').set({ foyer_id: to }).where('foyer_id', '=', from).executeTakeFirst();
  }
}

export type ApplianceJoined = NonNullable<Awaited<ReturnType<AppliancesRepository['find']>>>;
