import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import { householdDataVersion } from '../../read-models/data-version.ts';
import { eventListing, seriesEndingBefore } from '../../read-models/event-listing.ts';
import type { EventsTable } from '../../db/schema.ts';
import type { EventsQuery } from '@ecofoyer/contracts';

type NewEvent = Insertable<EventsTable>;

export class EventsRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): EventsRepository {
    return new EventsRepository(tx);
  }

  private base(foyerId: number) {
    return eventListing(this.db, foyerId);
  }

  list(foyerId: number) {
    return this.base(foyerId).orderBy('e.dt_realisation', 'desc').orderBy('e.id', 'desc').execute();
  }

  /**
   * A window, a state, a page of the list (`EventsQuery` in contracts). A done event is
   * placed at the time it was done; pages follow the order by keyset (`after`, an event's id). Each
   * condition is written as its index reads it (migration 0019): the planned by date
   * (`events_planned`, `events_user_date`), the done by `coalesce(done_at, dt_realisation)`
   * (`events_done`), a window over both as one range on each.
   */
  page(foyerId: number, q: EventsQuery) {
    const doneAt = sql<Date>`coalesce(e.done_at, e.dt_realisation)`;
    const date = sql<Date>`e.dt_realisation`;
    const key = q.status === 'DONE' ? doneAt : date;
    const desc = q.status !== 'NEW';
    let query = this.base(foyerId);
    if (q.status) query = query.where('e.status', '=', q.status);
    if (q.assigneeId !== undefined) {
      const member = q.assigneeId;
      query = query.where((eb) => eb.or([eb('e.assignee_id', '=', member), eb('e.assignee_id', 'is', null)]));
    }
    if (q.from || q.to) {
      const { from, to } = q;
      query = query.where((eb) => {
        const within = (at: typeof date) =>
          eb.and([...(from ? [eb(at, '>=', new Date(from))] : []), ...(to ? [eb(at, '<', new Date(to))] : [])]);
        if (q.status) return within(key);
        return eb.or([eb.and([eb('e.status', '<>', 'DONE'), within(date)]), eb.and([eb('e.status', '=', 'DONE'), within(doneAt)])]);
      });
    }
    if (q.after !== undefined) {
      const after = q.after;
      const ref = this.db.selectFrom('events as e').select(key.as('k')).where('e.id', '=', after).where('e.foyer_id', '=', foyerId);
      query = query.where((eb) =>
        eb.or([eb(key, desc ? '<' : '>', ref), eb.and([eb(key, '=', ref), eb('e.id', desc ? '<' : '>', after)])]),
      );
    }
    query = query.orderBy(key, desc ? 'desc' : 'asc').orderBy('e.id', desc ? 'desc' : 'asc');
    return (q.limit ? query.limit(q.limit) : query).execute();
  }

  /** How many events are planned (NEW) and done (the calendar's list badges). */
  async counts(foyerId: number): Promise<{ upcoming: number; done: number }> {
    const row = await this.db
      .selectFrom('events')
      .select([
        sql<number>`(count(*) filter (where status = 'NEW'))::int`.as('upcoming'),
        sql<number>`(count(*) filter (where status = 'DONE'))::int`.as('done'),
      ])
      .where('foyer_id', '=', foyerId)
      .executeTakeFirstOrThrow();
    return { upcoming: Number(row.upcoming), done: Number(row.done) };
  }

  /** The household's breakdowns (PANNE), oldest first. */
  breakdowns(foyerId: number) {
    return this.base(foyerId).where('e.type', '=', 'PANNE').orderBy('e.dt_realisation', 'asc').orderBy('e.id', 'asc').execute();
  }

  listSeries(foyerId: number, seriesId: string) {
    return this.base(foyerId).where('e.series_id', '=', seriesId).orderBy('e.dt_realisation', 'desc').execute();
  }

  listForAppliance(foyerId: number, applianceId: number) {
    return this.base(foyerId)
      .where('e.appliance_id', '=', applianceId)
      .orderBy('e.dt_realisation', 'desc')
      .orderBy('e.id', 'desc')
      .execute();
  }

  find(foyerId: number, id: number) {
    return this.base(foyerId).where('e.id', '=', id).executeTakeFirst();
  }

  /** Inserts events; occurrences of a series already there are skipped (unique per series and date). */
  async insert(rows: NewEvent[]): Promise<number[]> {
    const ids: number[] = [];
    // 2,000 rows per statement keeps under PostgreSQL's 65,535 parameters.
    for (let i = 0; i < rows.length; i += 2000) {
      const inserted = await this.db
        .insertInto('events')
        .values(rows.slice(i, i + 2000))
        .onConflict((oc) => oc.columns(['series_id', 'dt_realisation']).where('series_id', 'is not', null).doNothing())
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    }
    return ids;
  }

  update(
    foyerId: number,
    id: number,
    fields: Pick<Updateable<EventsTable>, 'note' | 'status' | 'done_at' | 'updated_at' | 'assignee_id' | 'sous_garantie' | 'remplace'>,
  ) {
    return this.db.updateTable('events').set(fields).where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** The planned occurrences of a series from `from` on go to this member (or to every member: null). */
  assignSeries(foyerId: number, seriesId: string, from: Date, assigneeId: number | null, now: Date) {
    return this.db
      .updateTable('events')
      .set({ assignee_id: assigneeId, updated_at: now })
      .where('foyer_id', '=', foyerId)
      .where('series_id', '=', seriesId)
      .where('status', '=', 'NEW')
      .where('dt_realisation', '>=', from)
      .executeTakeFirst();
  }

  /** A member left the household: the tasks they saw to go back to every member. */
  unassign(foyerId: number, assigneeId: number) {
    return this.db
      .updateTable('events')
      .set({ assignee_id: null })
      .where('foyer_id', '=', foyerId)
      .where('assignee_id', '=', assigneeId)
      .executeTakeFirst();
  }

  delete(foyerId: number, id: number) {
    return this.db.deleteFrom('events').where('foyer_id', '=', foyerId).where('id', '=', id).executeTakeFirst();
  }

  /** Planned occurrences of an appliance after `after` (the device left the household). */
  deletePendingForAppliance(foyerId: number, applianceId: number, after: Date) {
    return this.db
      .deleteFrom('events')
      .where('foyer_id', '=', foyerId)
      .where('appliance_id', '=', applianceId)
      .where('status', '=', 'NEW')
      .where('dt_realisation', '>', after)
      .executeTakeFirst();
  }

  /** How many times the household's data changed (read-models/data-version.ts). */
  dataVersion(foyerId: number) {
    return householdDataVersion(this.db, foyerId);
  }

  /**
   * The user's series whose last occurrence is before `horizon`, with their first and last rows;
   * not those of a device given, sold or recycled.
   */
  seriesEndingBefore(foyerId: number, horizon: Date) {
    return seriesEndingBefore(this.db, foyerId, horizon);
  }

  /** The latest occurrence of each of these series, in one statement (not one per series). */
  lastOfSeries(seriesIds: string[]) {
    if (seriesIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('events')
      .selectAll()
      .distinctOn('series_id')
      .where('series_id', 'in', seriesIds)
      .orderBy('series_id')
      .orderBy('dt_realisation', 'desc')
      .execute();
  }

  async stats(foyerId: number) {
    const row = await this.db
      .selectFrom('events')
      .select([
        sql<number>`count(*) filter (where type = 'MAINTENANCE' and status = 'DONE')::int`.as('done'),
        sql<number>`count(*) filter (where type = 'MAINTENANCE' and status = 'NEW')::int`.as('planned'),
        sql<number>`count(*) filter (where type = 'PANNE')::int`.as('breakdowns'),
      ])
      .where('foyer_id', '=', foyerId)
      .executeTakeFirstOrThrow();
    return { done: Number(row.done), planned: Number(row.planned), breakdowns: Number(row.breakdowns) };
  }

  feedToken(memberId: number) {
    return this.db.selectFrom('calendar_feeds').select('token').where('user_id', '=', memberId).executeTakeFirst();
  }

  async createFeedToken(memberId: number, token: string, now: Date): Promise<string> {
    const row = await this.db
      .insertInto('calendar_feeds')
      .values({ user_id: memberId, token, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ user_id: memberId }))
      .returning('token')
      .executeTakeFirstOrThrow();
    return row.token;
  }

  async deleteFeedToken(memberId: number): Promise<void> {
    await this.db.deleteFrom('calendar_feeds').where('user_id', '=', memberId).execute();
  }

  userOfFeed(token: string) {
    return this.db.selectFrom('calendar_feeds').select('user_id').where('token', '=', token).executeTakeFirst();
  }

  /** Gives every event of one household to another (a member who joins with their data). */
  moveHousehold(from: number, to: number) {
    return this.db.updateTable('events').set({ foyer_id: to }).where('foyer_id', '=', from).executeTakeFirst();
  }
}

export type EventJoined = NonNullable<Awaited<ReturnType<EventsRepository['find']>>>;
