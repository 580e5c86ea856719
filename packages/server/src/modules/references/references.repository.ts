import type { Db } from '../../db/client.ts';

export class ReferencesRepository {
  constructor(private readonly db: Db) {}

  products() {
    return this.db.selectFrom('ref_products').selectAll().orderBy('position').execute();
  }

  product(id: number) {
    return this.db.selectFrom('ref_products').selectAll().where('id', '=', id).executeTakeFirst();
  }

  universes() {
    return this.db.selectFrom('ref_universes').selectAll().orderBy('position').execute();
  }

  universe(id: number) {
    return this.db.selectFrom('ref_universes').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
