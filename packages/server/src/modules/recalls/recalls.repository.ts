import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { ApplianceRecallsTable } from '../../db/schema.ts';
import { openRecallListing, recallCandidates } from '../../read-models/recall-candidates.ts';
import type { RecallSheet } from './rappelconso-client.ts';

/** A sheet matched with an appliance, as recorded (appliance_recalls), before anyone handles it. */
export type NewMatch = Omit<Insertable<ApplianceRecallsTable>, 'id' | 'handled_at' | 'handled_by'>;

export class RecallsRepository {
  constructor(private readonly db: Db) {}

  /** The day's run starts (its job's attempt `attempt`): recorded for the operator, and for the next day's `since`. */
  async start(day: string, now: Date, attempt: number): Promise<void> {
    await this.db
      .insertInto('recall_runs')
      .values({ day, status: 'running', started_at: now, attempts: attempt })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet({ status: 'running', started_at: now, finished_at: null, error: null, attempts: attempt }),
      )
      .execute();
  }

  async finish(day: string, now: Date, fetched: number, lastPublication: Date | null): Promise<void> {
    await this.db
      .updateTable('recall_runs')
      .set({ status: 'done', finished_at: now, fetched, last_publication: lastPublication })
      .where('day', '=', day)
      .execute();
  }

  async fail(day: string, now: Date, error: string): Promise<void> {
    await this.db
      .updateTable('recall_runs')
      .set({ status: 'failed', finished_at: now, error: error.slice(0, 500) })
      .where('day', '=', day)
      .execute();
  }

  /** The newest publication a successful run read: the next one reads from there. */
  async lastPublication(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('recall_runs')
      .select((eb) => eb.fn.max('last_publication').as('last'))
      .where('status', '=', 'done')
      .executeTakeFirst();
    return row?.last ? new Date(row.last) : null;
  }

  /** Saves sheets, a sheet read again (a new version) replacing what was kept of it. */
  async saveSheets(sheets: RecallSheet[], now: Date): Promise<void> {
    if (sheets.length === 0) return;
    // One row per sheet: a page may list a sheet twice (one row per GTIN in some exports).
    const unique = [...new Map(sheets.map((s) => [s.sheetId, s])).values()];
    await this.db
      .insertInto('recall_sheets')
      .values(
        unique.map((s) => ({
          sheet_id: s.sheetId,
          title: s.title,
          brand: s.brand,
          models: s.models,
          gtins: s.gtins.join(' '),
          risk: s.risk,
          what_to_do: s.whatToDo,
          link: s.link,
          published_at: s.publishedAt,
          fetched_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.column('sheet_id').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          brand: eb.ref('excluded.brand'),
          models: eb.ref('excluded.models'),
          gtins: eb.ref('excluded.gtins'),
          risk: eb.ref('excluded.risk'),
          what_to_do: eb.ref('excluded.what_to_do'),
          link: eb.ref('excluded.link'),
          published_at: eb.ref('excluded.published_at'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute();
  }

  sheets() {
    return this.db.selectFrom('recall_sheets').selectAll().execute();
  }

  candidates() {
    return recallCandidates(this.db);
  }

  /** The (appliance, sheet) pairs already matched, handled or not: `appliance:sheet`. */
  async matchedPairs(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('appliance_recalls').select(['appliance_id', 'sheet_id']).execute();
    return new Set(rows.map((r) => `${r.appliance_id}:${r.sheet_id}`));
  }

  /** Records a match once (the pair is unique); undefined when it was recorded already. */
  insertMatch(match: NewMatch) {
    return this.db
      .insertInto('appliance_recalls')
      .values(match)
      .onConflict((oc) => oc.columns(['appliance_id', 'sheet_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  open(foyerId: number, applianceId?: number) {
    let query = openRecallListing(this.db, foyerId);
    if (applianceId !== undefined) query = query.where('r.appliance_id', '=', applianceId);
    return query.execute();
  }

  exists(foyerId: number, id: number) {
    return this.db.selectFrom('appliance_recalls').select('id').where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** Marks a recall handled by `memberId` (once: the first member who did it stays). */
  async markHandled(foyerId: number, id: number, memberId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('appliance_recalls')
      .set({ handled_at: now, handled_by: memberId })
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .where('handled_at', 'is', null)
      .execute();
  }
}
