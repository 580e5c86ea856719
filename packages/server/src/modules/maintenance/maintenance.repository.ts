import type { Db } from '../../db/client.ts';

export class MaintenanceRepository {
  constructor(private readonly db: Db) {}

  cardsOfProduct(prodId: number) {
    return this.db
      .selectFrom('maintenance_cards as c')
      .innerJoin('ref_products as p', 'p.id', 'c.prod_id')
      .select([
        'c.id',
        'c.prod_id',
        'c.title',
        'c.duration',
        'c.frequency',
        'c.level',
        'c.wait_minutes',
        'c.season_from',
        'c.season_to',
        'c.season_label',
        'p.pict',
      ])
      .where('c.prod_id', '=', prodId)
      .orderBy('c.position')
      .execute();
  }

  card(id: number) {
    return this.db
      .selectFrom('maintenance_cards as c')
      .innerJoin('ref_products as p', 'p.id', 'c.prod_id')
      .select([
        'c.id',
        'c.prod_id',
        'c.title',
        'c.duration',
        'c.frequency',
        'c.level',
        'c.wait_minutes',
        'c.season_from',
        'c.season_to',
        'c.season_label',
        'p.pict',
      ])
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  steps(cardIds: number[]) {
    if (cardIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('maintenance_steps')
      .selectAll()
      .where('card_id', 'in', cardIds)
      .orderBy('card_id')
      .orderBy('steporder')
      .execute();
  }

  agents(cardIds: number[]) {
    if (cardIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('maintenance_agents')
      .selectAll()
      .where('card_id', 'in', cardIds)
      .orderBy('card_id')
      .orderBy('position')
      .execute();
  }
}
