import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { publicBadge } from '../../read-models/public-badge.ts';

export class BadgesRepository {
  constructor(private readonly db: Db) {}

  private refsRead?: ReturnType<BadgesRepository['readRefs']>;

  /**
   * The badge catalogue, read once (reference data is served from memory). It is loaded from
   * `db/reference/` at every start, before the server listens, and never changes while it runs.
   */
  refs() {
    this.refsRead ??= this.readRefs().catch((error: unknown) => {
      this.refsRead = undefined;
      throw error;
    });
    return this.refsRead;
  }

  private readRefs() {
    return this.db.selectFrom('ref_badges').selectAll().orderBy('position').execute();
  }

  private owned() {
    return this.db
      .selectFrom('user_badges as b')
      .innerJoin('ref_badges as r', 'r.id', 'b.ref_badge_id')
      .select([
        'b.id',
        'b.user_id',
        'b.public_uuid',
        'b.obtained_at',
        'r.slug',
        'r.name',
        'r.description',
        'r.pict',
        'r.bonus_description',
        'r.bonus_link',
      ]);
  }

  list(userId: number) {
    return this.owned().where('b.user_id', '=', userId).orderBy('b.obtained_at', 'desc').orderBy('b.id', 'desc').execute();
  }

  find(userId: number, id: number) {
    return this.owned().where('b.user_id', '=', userId).where('b.id', '=', id).executeTakeFirst();
  }

  byPublicUuid(uuid: string) {
    return publicBadge(this.db, uuid);
  }

  /** Awards once: of concurrent awards of one badge, a single insert returns a row. */
  award(userId: number, refBadgeId: number, now: Date) {
    return this.db
      .insertInto('user_badges')
      .values({ user_id: userId, ref_badge_id: refBadgeId, obtained_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'ref_badge_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  async recordAction(userId: number, action: string, now: Date): Promise<void> {
    await this.db.insertInto('user_actions').values({ user_id: userId, action, created_at: now }).execute();
  }

  async actionCounts(userId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('user_actions')
      .select(['action', sql<number>`count(*)::int`.as('n')])
      .where('user_id', '=', userId)
      .groupBy('action')
      .execute();
    return new Map(rows.map((r) => [r.action, Number(r.n)]));
  }
}

export type BadgeJoined = NonNullable<Awaited<ReturnType<BadgesRepository['find']>>>;
