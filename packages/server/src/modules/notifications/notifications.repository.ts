import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { maintenanceDue, notificationListing } from '../../read-models/notification-listing.ts';
import type { NotificationRow } from '../../db/schema.ts';
import { reminderText } from './reminder-text.ts';
import { accountExists, digestRecipients, memberTasks, reminderRecipients } from '../../read-models/reminder-recipients.ts';

const DAY_MS = 86_400_000;

export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): NotificationsRepository {
    return new NotificationsRepository(tx);
  }

  /**
   * MAINTENANCE notifications for events falling due (and the day before), worded by `reminderText`.
   * The dedupe key makes each one exist once, even when several processes run this at the same moment.
   */
  async createMaintenanceDue(now: Date): Promise<NotificationRow[]> {
    const eve = await this.insertForEvents('eve', new Date(now.getTime()), new Date(now.getTime() + DAY_MS), now);
    const due = await this.insertForEvents('due', new Date(now.getTime() - 7 * DAY_MS), now, now);
    return [...eve, ...due];
  }

  /** One notification per NEW maintenance event dated in (after, until]; "eve" for tomorrow, "due" for today or late. */
  private async insertForEvents(kind: 'eve' | 'due', after: Date, until: Date, now: Date): Promise<NotificationRow[]> {
    const events = await maintenanceDue(this.db, kind, after, until);
    if (events.length === 0) return [];
    return this.db
      .insertInto('notifications')
      .values(
        events.map((e) => ({
          user_id: e.recipient,
          type: 'MAINTENANCE',
          status: 'ACTIF',
          ...reminderText(kind, { title: e.title, dt_realisation: new Date(e.dt_realisation), appliance_name: e.appliance_name }, now),
          event_id: e.id,
          dedupe_key: e.dedupe_key,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returningAll()
      .execute();
  }

  async insertOnce(row: {
    user_id: number;
    type: string;
    title: string;
    message: string;
    dedupe_key: string;
    created_at: Date;
    appliance_id?: number | null;
    claim_id?: number | null;
  }): Promise<NotificationRow | undefined> {
    return this.db
      .insertInto('notifications')
      .values({ ...row, status: 'ACTIF', event_id: null })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async countUnread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'ACTIF')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Newest first; `before` (a notification's id) starts after it, in the same order (keyset paging). */
  list(userId: number, { id, limit, before }: { id?: number; limit?: number; before?: number } = {}) {
    let query = notificationListing(this.db, userId).where('n.status', '<>', SILENT);
    if (id !== undefined) query = query.where('n.id', '=', id);
    if (before !== undefined) {
      const at = this.db.selectFrom('notifications').select('created_at').where('id', '=', before).where('user_id', '=', userId);
      query = query.where((eb) => eb.or([eb('n.created_at', '<', at), eb.and([eb('n.created_at', '=', at), eb('n.id', '<', before)])]));
    }
    if (limit !== undefined) query = query.limit(limit);
    return query.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').execute();
  }

  markRead(userId: number, id: number, now: Date) {
    return this.db
      .updateTable('notifications')
      .set({ status: 'READ', read_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', 'ACTIF')
      .executeTakeFirst();
  }

  exists(userId: number, id: number) {
    return this.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '<>', SILENT)
      .executeTakeFirst();
  }

  /**
   * Saves a subscription of the user, or renews its keys when the user registered it before; false
   * when another user holds the endpoint (left untouched). Keeps the user's `keep` newest ones.
   */
  async saveSubscription(
    userId: number,
    sub: { endpoint: string; p256dh: string; auth: string },
    now: Date,
    keep: number,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const saved = await trx
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...sub, created_at: now })
        .onConflict((oc) =>
          oc
            .column('endpoint')
            .doUpdateSet({ p256dh: sub.p256dh, auth: sub.auth, created_at: now })
            .where('push_subscriptions.user_id', '=', userId),
        )
        .returning('id')
        .executeTakeFirst();
      if (!saved) return false;
      const kept = trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep);
      await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'not in', kept).execute();
      return true;
    });
  }

  subscriptions(userId: number) {
    return this.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
  }

  async deleteSubscription(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** A member's preferences, or undefined for every default. */
  preferences(userId: number) {
    return this.db
      .selectFrom('notification_preferences')
      .select(['in_app', 'push', 'email', 'email_mode'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async savePreferences(
    userId: number,
    p: { in_app: boolean; push: boolean; email: boolean; email_mode: 'immediat' | 'hebdo' },
    now: Date,
  ): Promise<void> {
    await this.db
      .insertInto('notification_preferences')
      .values({ user_id: userId, ...p, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...p, updated_at: now }))
      .execute();
  }

  /** The one-click unsubscribe: e-mail off, the other choices kept. */
  async emailOff(userId: number, now: Date): Promise<void> {
    await this.db
      .insertInto('notification_preferences')
      .values({ user_id: userId, email: false, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: false, updated_at: now }))
      .execute();
  }

  accountExists(userId: number) {
    return accountExists(this.db, userId);
  }

  /** Hides notifications from the list and the count (their member turned « dans l'application » off); they still dedupe. */
  async silence(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.updateTable('notifications').set({ status: SILENT }).where('id', 'in', ids).execute();
  }

  recipients(userIds: number[]) {
    return reminderRecipients(this.db, userIds);
  }

  digestRecipients(week: string) {
    return digestRecipients(this.db, week);
  }

  tasks(userId: number, since: Date, until: Date) {
    return memberTasks(this.db, userId, since, until);
  }

  /** A member's guarantee and claim reminders since `since` (the digest tells them too). */
  guaranteeReminders(userId: number, since: Date) {
    return this.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('user_id', '=', userId)
      .where('type', 'in', ['GARANTIE', 'DEMARCHE'])
      .where('created_at', '>', since)
      .orderBy('created_at')
      .execute();
  }

  /** Claims this week's digest for a member: true once, whatever the replicas ticking at the same time. */
  async claimDigest(userId: number, week: string, now: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('notification_digests')
      .values({ user_id: userId, week, sent_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** The status of a notification its member chose not to see in the app: never listed nor counted. */
export const SILENT = 'SILENCIEUSE';

export type NotificationJoined = Awaited<ReturnType<NotificationsRepository['list']>>[number];
