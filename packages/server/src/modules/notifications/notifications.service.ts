import {
  API_MSG,
  DEFAULT_NOTIFICATION_PREFERENCES,
  MSG,
  type Notification,
  type NotificationPreferences,
  type NotificationsQuery,
  type PushPayload,
  REMINDER,
} from '@ecofoyer/contracts';
import type { Mailer } from '../../lib/mailer.ts';
import { digestMail, digestWeek, groupedReminderMail, notificationUrl, reminderMail, validUnsubscribe } from './reminder-mail.ts';
import type { FastifyBaseLogger } from 'fastify';
import { lazyModule } from '../../lib/lazy-module.ts';

const webPushModule = lazyModule(async () => (await import('web-push')).default);
import type { Config } from '../../config.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isIP } from 'node:net';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pushHost, sendPush } from './push-sender.ts';
import type { NotificationJoined, NotificationsRepository } from './notifications.repository.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';

/** Reminders mailed at once, and product recalls; a badge earned (CHALLENGE) is not. */
const MAILED_TYPES = new Set(['MAINTENANCE', 'GARANTIE', 'RAPPEL', 'DEMARCHE']);
const DAY_MS = 86_400_000;
/** The digest also lists the tasks left late this past month. */
const DIGEST_LATE_DAYS = 30;

/** The rows of each member, in their order. */
function byMember<R extends { user_id: number }>(rows: R[]): Map<number, R[]> {
  const members = new Map<number, R[]>();
  for (const row of rows) members.set(row.user_id, [...(members.get(row.user_id) ?? []), row]);
  return members;
}

/**
 * A member's notifications made at once, as they reach them: the maintenance reminders together (an
 * import's tasks falling due the same day: one mail, one push, not twenty), every other one alone.
 */
function grouped<R extends { type: string }>(rows: R[]): R[][] {
  const maintenance = rows.filter((r) => r.type === 'MAINTENANCE');
  const others = rows.filter((r) => r.type !== 'MAINTENANCE').map((r) => [r]);
  return maintenance.length > 0 ? [maintenance, ...others] : others;
}

/** Browsers a user receives push messages on (bounded: each message is one outbound request per subscription). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export class NotificationsService {
  /** Other reminders made at each tick (the guarantees' ends), by the modules that know them. */
  private readonly steps: (() => Promise<NotificationRow[]>)[] = [];

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly deps: { db: Db; clock: Clock; config: Config; log: FastifyBaseLogger; mailer: Mailer },
  ) {}

  private toDto(row: NotificationJoined): Notification {
    return {
      id: row.id,
      type: row.type as Notification['type'],
      status: row.status as Notification['status'],
      title: row.title,
      message: row.message,
      dt_creation: row.created_at.toISOString(),
      applianceId: row.appliance_id,
      claimId: row.claim_id,
      event:
        row.event_id && row.event_title && row.event_date
          ? {
              id: row.event_id,
              title: row.event_title,
              dt_realisation: new Date(row.event_date).toISOString(),
              status: row.event_status === 'DONE' ? 'DONE' : 'NEW',
              note: row.event_note,
              applianceId: row.event_appliance_id,
              applianceName: row.appliance_name,
              maintenanceCardId: row.event_card_id,
              productId: row.card_prod_id,
            }
          : null,
    };
  }

  /**
   * One scheduler step: the notifications now due, each created once, then delivered as each member
   * chose; on Sunday evening, French time, the weekly digests not sent yet.
   */
  async tick(): Promise<NotificationRow[]> {
    const now = this.deps.clock.now();
    const created = await this.delivered((repo) => repo.createMaintenanceDue(now));
    // A step that fails (the recall watch, the guarantees) is logged and leaves the others their turn:
    // a maintenance reminder is never held back by another source. A step's reminders are made by its
    // module through `remindOnce`, each with its mail in its own transaction.
    for (const step of this.steps) {
      try {
        created.push(...(await step()));
      } catch (err) {
        this.deps.log.error({ err }, 'a notification step failed');
      }
    }
    await this.sendDigests(now);
    return created;
  }

  /**
   * Notifications made by `make` reach their members the ways each chose: in the app (else they are
   * hidden from the list and the count), by e-mail at once for reminders when they chose « à chaque
   * rappel » (a badge earned is not mailed), both in the transaction that makes them (a
   * transactional outbox: a reminder exists with its mail or not at all, whatever stops the process
   * between the two); then by push, once committed (a push service is no part of a transaction).
   */
  private async delivered(make: (repo: NotificationsRepository) => Promise<NotificationRow[]>): Promise<NotificationRow[]> {
    const { rows, pushes } = await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const made = await make(repo);
      if (made.length === 0) return { rows: made, pushes: [] };
      const recipients = new Map((await repo.recipients([...new Set(made.map((r) => r.user_id))])).map((r) => [r.user_id, r]));
      await repo.silence(made.filter((r) => recipients.get(r.user_id)?.in_app === false).map((r) => r.id));
      for (const [userId, own] of byMember(made)) {
        const to = recipients.get(userId);
        if (!to?.email || to.email_mode !== 'immediat') continue;
        for (const group of grouped(own.filter((r) => MAILED_TYPES.has(r.type)))) {
          const mail =
            group.length > 1
              ? groupedReminderMail(to.email_address, group, this.mailLinks(userId))
              : reminderMail(to.email_address, group[0]!, this.mailLinks(userId));
          await this.deps.mailer.send(mail, unit);
        }
      }
      return { rows: made, pushes: made.filter((r) => recipients.get(r.user_id)?.push !== false) };
    });
    await Promise.all(
      [...byMember(pushes).values()].flatMap((own) =>
        grouped(own).map((group) => {
          if (group.length === 1) return this.push(group[0]!);
          const { title, message } = REMINDER.grouped(
            group.length,
            group.map((r) => r.title),
          );
          return this.push({ user_id: group[0]!.user_id, title, message, url: '/notification' });
        }),
      ),
    );
    return rows;
  }

  private mailLinks(userId: number) {
    return { appUrl: this.deps.config.appUrl, secret: this.deps.config.jwtSecret, userId, contact: this.deps.config.editor.contact };
  }

  /**
   * The Sunday-evening digests: each member who chose it, once a week, with the week's
   * tasks and the guarantee reminders of the week past; none for a quiet week.
   */
  private async sendDigests(now: Date): Promise<void> {
    const week = digestWeek(now);
    if (!week) return;
    for (const member of await this.repo.digestRecipients(week)) {
      // The week claimed and its mail queued in one transaction: a digest is sent once, or not claimed.
      await inTransaction(this.deps.db, async (unit) => {
        const repo = this.repo.in(unit.tx);
        if (!(await repo.claimDigest(member.user_id, week, now))) return;
        const tasks = await repo.tasks(
          member.user_id,
          new Date(now.getTime() - DIGEST_LATE_DAYS * DAY_MS),
          new Date(now.getTime() + 8 * DAY_MS),
        );
        const guarantees = await repo.guaranteeReminders(member.user_id, new Date(now.getTime() - 7 * DAY_MS));
        if (tasks.length === 0 && guarantees.length === 0) return;
        const list = tasks.map((t) => ({
          ...t,
          dt_realisation: new Date(t.dt_realisation),
          overdue: new Date(t.dt_realisation).getTime() < now.getTime(),
        }));
        await this.deps.mailer.send(digestMail(member.email, member.firstname, list, guarantees, this.mailLinks(member.user_id)), unit);
      });
    }
  }

  /** GET …/preferences/notifications (every default until the member chooses). */
  async preferences(userId: number): Promise<NotificationPreferences> {
    const row = await this.repo.preferences(userId);
    return row ? { app: row.in_app, push: row.push, email: row.email, emailMode: row.email_mode } : DEFAULT_NOTIFICATION_PREFERENCES;
  }

  async setPreferences(userId: number, p: NotificationPreferences): Promise<NotificationPreferences> {
    await this.repo.savePreferences(
      userId,
      { in_app: p.app, push: p.push, email: p.email, email_mode: p.emailMode },
      this.deps.clock.now(),
    );
    return this.preferences(userId);
  }

  /** The one-click unsubscribe of every reminder mail (RFC 8058): e-mail off for that member. */
  async unsubscribe(userId: number, sig: string): Promise<void> {
    if (!validUnsubscribe(this.deps.config.jwtSecret, userId, sig)) throw badRequest(MSG.unsubscribeInvalid, 'UNSUBSCRIBE_INVALID');
    // An account deleted since the mail: nothing left to send to.
    if (await this.repo.accountExists(userId)) await this.repo.emailOff(userId, this.deps.clock.now());
  }

  /** Adds a reminder step to every tick; it returns the notifications it created (each delivered by `remindOnce`). */
  onTick(step: () => Promise<NotificationRow[]>): void {
    this.steps.push(step);
  }

  /**
   * A reminder of `type`, created once for `key` and delivered as its member chose — its mail queued in
   * the transaction that creates it; `applianceId`: the appliance it is about, whose page it opens (a recall);
   * `claimId`: the claim it is about (« Ma démarche »), which its mail and push open.
   */
  async remindOnce(
    userId: number,
    type: 'GARANTIE' | 'RAPPEL' | 'DEMARCHE',
    key: string,
    title: string,
    message: string,
    applianceId?: number,
    claimId?: number,
  ): Promise<NotificationRow | undefined> {
    const [row] = await this.delivered(async (repo) => {
      const made = await repo.insertOnce({
        user_id: userId,
        type,
        title,
        message,
        dedupe_key: key,
        created_at: this.deps.clock.now(),
        appliance_id: applianceId ?? null,
        claim_id: claimId ?? null,
      });
      return made ? [made] : [];
    });
    return row;
  }

  /** CHALLENGE notification (a badge earned); `key` names what it is about, so it is created once. */
  async challenge(userId: number, key: string, title: string, message: string): Promise<void> {
    await this.delivered(async (repo) => {
      const row = await repo.insertOnce({
        user_id: userId,
        type: 'CHALLENGE',
        title,
        message,
        dedupe_key: key,
        created_at: this.deps.clock.now(),
      });
      return row ? [row] : [];
    });
  }

  count(userId: number) {
    return this.repo.countUnread(userId);
  }

  async list(userId: number, page: NotificationsQuery = {}): Promise<Notification[]> {
    return (await this.repo.list(userId, page)).map((r) => this.toDto(r));
  }

  /** product §4: ACTIF → READ. */
  async markRead(userId: number, id: number): Promise<Notification> {
    if (!(await this.repo.exists(userId, id))) throw notFound(API_MSG.notFound);
    await this.repo.markRead(userId, id, this.deps.clock.now());
    const [row] = await this.repo.list(userId, { id });
    if (!row) throw notFound(API_MSG.notFound);
    return this.toDto(row);
  }

  publicKey(): string {
    return this.deps.config.vapid.publicKey;
  }

  /**
   * Push services are public https hosts on port 443 (PUSH_PORTS); anything else (another scheme or
   * port, an IP address, localhost, an internal name) would let a client make the server call
   * internal addresses. The name is checked again when a message is sent (`push-sender.ts`). An
   * endpoint belongs to the user who registered it: another user gets 409, not the row.
   * A user keeps at most MAX_PUSH_SUBSCRIPTIONS: the oldest goes when a new browser subscribes.
   */
  async subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
    const url = new URL(sub.endpoint);
    const host = pushHost(url);
    const testing = this.deps.config.pushAllowHttp;
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const internal =
      isIP(host.replace(/^\[|\]$/g, '')) !== 0 ||
      host.startsWith('[') ||
      !host.includes('.') ||
      /(^|\.)(local|internal|lan|localhost|home\.arpa)$/i.test(host);
    if (!testing && (url.protocol !== 'https:' || internal || !this.deps.config.pushPorts.includes(port) || url.username || url.password))
      throw badRequest(API_MSG.pushEndpointInvalid, 'PUSH_ENDPOINT_INVALID');
    if (testing && url.protocol !== 'https:' && url.protocol !== 'http:')
      throw badRequest(API_MSG.pushEndpointInvalid, 'PUSH_ENDPOINT_INVALID');
    const saved = await this.repo.saveSubscription(
      userId,
      { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
      this.deps.clock.now(),
      MAX_PUSH_SUBSCRIPTIONS,
    );
    if (!saved) throw conflict(API_MSG.pushEndpointTaken, 'PUSH_ENDPOINT_TAKEN');
  }

  /** A web-push message per subscription of the user; gone subscriptions (404/410) are dropped. */
  private async push(notification: NotificationRow | { user_id: number; title: string; message: string; url: string }): Promise<void> {
    const subs = await this.repo.subscriptions(notification.user_id);
    if (subs.length === 0) return;
    const { vapid } = this.deps.config;
    const webPush = await webPushModule();
    const payload: PushPayload = {
      title: notification.title,
      body: notification.message,
      url: 'url' in notification ? notification.url : notificationUrl(notification),
      unread: await this.repo.countUnread(notification.user_id),
    };
    await Promise.all(
      subs.map(async (s) => {
        try {
          // web-push signs (VAPID) and encrypts (aes128gcm); fetch sends it.
          const request = webPush.generateRequestDetails(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            JSON.stringify(payload),
            {
              TTL: 24 * 3600,
              vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            },
          );
          const status = await sendPush(
            {
              endpoint: request.endpoint,
              method: request.method,
              headers: request.headers as Record<string, string>,
              body: request.body ? new Uint8Array(request.body) : undefined,
            },
            { allowPrivate: this.deps.config.pushAllowHttp },
          );
          if (status === 404 || status === 410) await this.repo.deleteSubscription(s.endpoint);
          else if (status < 200 || status >= 300) this.deps.log.warn({ status, endpoint: s.endpoint }, 'push refused');
        } catch (error) {
          this.deps.log.warn({ err: error, endpoint: s.endpoint }, 'push failed');
        }
      }),
    );
  }
}
