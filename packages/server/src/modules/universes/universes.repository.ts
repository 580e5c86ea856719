import type { Db } from '../../db/client.ts';
import type { UniverseRow } from '../../db/schema.ts';

export class UniversesRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): UniversesRepository {
    return new UniversesRepository(tx);
  }

  listForUser(foyerId: number): Promise<UniverseRow[]> {
    return this.db
      .selectFrom('universes')
      .selectAll()
      .where('foyer_id', '=', foyerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Scoped to its owner: another user's id is simply not found. */
  findForUser(foyerId: number, id: number): Promise<UniverseRow | undefined> {
    return this.db.selectFrom('universes').selectAll().where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  insert(row: Omit<UniverseRow, 'id'>): Promise<UniverseRow> {
    return this.db.insertInto('universes').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(foyerId: number, id: number, fields: Partial<Pick<UniverseRow, 'name' | 'description' | 'image_key' | 'updated_at'>>) {
    return this.db
      .updateTable('universes')
      .set(fields)
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** The image keys among `keys` that a row still holds. */
  async referencedFiles(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.selectFrom('universes').select('image_key').where('image_key', 'in', keys).execute();
    return rows.map((r) => r.image_key).filter((k): k is string => k !== null);
  }

  delete(foyerId: number, id: number) {
    return this.db.deleteFrom('universes').where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** Gives every universe of one household to another (a member who joins with their data). */
  moveHousehold(from: number, to: number) {
    return this.db.updateTable('universes').set({ foyer_id: to }).where('foyer_id', '=', from).executeTakeFirst();
  }
}
