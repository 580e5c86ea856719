import type { InventoryImportProgress } from '@ecofoyer/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { InventoryImportsTable } from '../../db/schema.ts';

/** The imports that write (migration 0032): their file, where they are, their outcome. */
export class InventoryCsvRepository {
  constructor(private readonly db: Db) {}

  in(tx: Db): InventoryCsvRepository {
    return new InventoryCsvRepository(tx);
  }

  /**
   * A new import of the household, its file kept for the job. Those it had before go (only the last is
   * kept), but one running or whose answer a request has still to take.
   */
  async insert(row: { id: string; foyerId: number; requestedBy: number; file: Uint8Array; at: Date }): Promise<void> {
    await this.db
      .deleteFrom('inventory_imports')
      .where('foyer_id', '=', row.foyerId)
      .where('status', '<>', 'en_cours')
      .where('answer', 'is', null)
      .execute();
    await this.db
      .insertInto('inventory_imports')
      .values({
        id: row.id,
        foyer_id: row.foyerId,
        requested_by: row.requestedBy,
        status: 'en_cours',
        file: row.file,
        created_at: row.at,
        updated_at: row.at,
      })
      .execute();
  }

  /** What the job needs to run the import. */
  toRun(id: string) {
    return this.db
      .selectFrom('inventory_imports')
      .select(['foyer_id', 'requested_by', 'status', 'file'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * In the import's transaction, under the household's import lock (which any worker writing it holds
   * too): whether it still waits to be written. Its row is not locked, so that its progress is still
   * written meanwhile for a request or a page served by another replica.
   */
  async stillToWrite(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('inventory_imports').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status === 'en_cours';
  }

  /** Where an import running is (a write that comes after its end changes nothing). */
  async progress(id: string, { etape, fait, total }: InventoryImportProgress, at: Date): Promise<void> {
    await this.db
      .updateTable('inventory_imports')
      .set({ step: etape, done: fait, total, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'en_cours')
      .execute();
  }

  /** Done (in the transaction that wrote its rows): its counts and answer kept. */
  finish(id: string, outcome: { answer: Uint8Array; created: number; updated: number }, at: Date): Promise<void> {
    return this.end(id, { status: 'fait', answer: outcome.answer, created: outcome.created, updated: outcome.updated }, at);
  }

  /** Failed, nothing written: why. */
  fail(id: string, error: { status: number; code: string; message: string }, at: Date): Promise<void> {
    return this.end(id, { status: 'echec', error_status: error.status, error_code: error.code, error_message: error.message }, at);
  }

  /** An import running ends: its file is deleted. */
  private async end(id: string, outcome: Updateable<InventoryImportsTable>, at: Date): Promise<void> {
    await this.db
      .updateTable('inventory_imports')
      .set({ ...outcome, file: null, updated_at: at, finished_at: at })
      .where('id', '=', id)
      .where('status', '=', 'en_cours')
      .execute();
  }

  /** Where an import is, for the request waiting for it (its answer apart: read once, at the end). */
  state(id: string) {
    return this.db
      .selectFrom('inventory_imports')
      .select(['status', 'step', 'done', 'total', 'error_status', 'error_code', 'error_message'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The answer of an import done, given once: the request that waited for it takes it. */
  async takeAnswer(id: string): Promise<Uint8Array | null> {
    const row = await this.db.selectFrom('inventory_imports').select('answer').where('id', '=', id).executeTakeFirst();
    if (row?.answer) await this.db.updateTable('inventory_imports').set({ answer: null }).where('id', '=', id).execute();
    return row?.answer ?? null;
  }

  /** The household's last import. */
  last(foyerId: number) {
    return this.db
      .selectFrom('inventory_imports')
      .select(['status', 'step', 'done', 'total', 'created', 'updated', 'error_message', 'created_at', 'finished_at'])
      .where('foyer_id', '=', foyerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** Answers no request took (it was gone) are not kept past `before`. */
  async forgetAnswers(before: Date): Promise<number> {
    const rows = await this.db
      .updateTable('inventory_imports')
      .set({ answer: null })
      .where('finished_at', '<', before)
      .where('answer', 'is not', null)
      .executeTakeFirst();
    return Number(rows.numUpdatedRows);
  }
}
