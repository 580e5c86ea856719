import { MSG, type Notification, type NotificationsQuery, type PushPayload } from '@ecofoyer/contracts';
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

/** Browsers a user receives push messages on (issue 15: each message is one outbound request per subscription). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export class NotificationsService {
  /** Other reminders made at each tick (the guarantees' ends, issue 20), by the modules that know them. */
  private readonly steps: (() => Promise<NotificationRow[]>)[] = [];

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly deps: { clock: Clock; config: Config; log: FastifyBaseLogger },
  ) {}

  private toDto(row: NotificationJoined): Notification {
    return {
      id: row.id,
      type: row.type as Notification['type'],
      status: row.status as Notification['status'],
      title: row.title,
      message: row.message,
      dt_creation: row.created_at.toISOString(),
      event:
        row.event_id && row.event_title && row.event_date
          ? {
              id: row.event_id,
              title: row.event_title,
              dt_realisation: new Date(row.event_date).toISOString(),
              note: row.event_note,
              applianceId: row.event_appliance_id,
              applianceName: row.appliance_name,
              maintenanceCardId: row.event_card_id,
              productId: row.card_prod_id,
            }
          : null,
    };
  }

  /** One scheduler step: the notifications now due, each created once, then pushed. */
  async tick(): Promise<NotificationRow[]> {
    const created = await this.repo.createMaintenanceDue(this.deps.clock.now());
    for (const step of this.steps) created.push(...(await step()));
    await Promise.all(created.map((n) => this.push(n)));
    return created;
  }

  /** Adds a reminder step to every tick; it returns the notifications it created (pushed by the tick). */
  onTick(step: () => Promise<NotificationRow[]>): void {
    this.steps.push(step);
  }

  /** A reminder of `type`, created once for `key` (not pushed: the tick pushes what its steps return). */
  remindOnce(userId: number, type: 'GARANTIE', key: string, title: string, message: string): Promise<NotificationRow | undefined> {
    return this.repo.insertOnce({ user_id: userId, type, title, message, dedupe_key: key, created_at: this.deps.clock.now() });
  }

  /** CHALLENGE notification (a badge earned); `key` names what it is about, so it is created once. */
  async challenge(userId: number, key: string, title: string, message: string): Promise<void> {
    const row = await this.repo.insertOnce({ user_id: userId, type: 'CHALLENGE', title, message, dedupe_key: key, created_at: this.deps.clock.now() });
    if (row) await this.push(row);
  }

  count(userId: number) {
    return this.repo.countUnread(userId);
  }

  async list(userId: number, page: NotificationsQuery = {}): Promise<Notification[]> {
    return (await this.repo.list(userId, page)).map((r) => this.toDto(r));
  }

  /** spec §4: ACTIF → READ. */
  async markRead(userId: number, id: number): Promise<Notification> {
    if (!(await this.repo.exists(userId, id))) throw notFound(MSG.notFound);
    await this.repo.markRead(userId, id, this.deps.clock.now());
    const [row] = await this.repo.list(userId, { id });
    if (!row) throw notFound(MSG.notFound);
    return this.toDto(row);
  }

  publicKey(): string {
    return this.deps.config.vapid.publicKey;
  }

  /**
   * Push services are public https hosts on port 443 (PUSH_PORTS); anything else (another scheme or
   * port, an IP address, localhost, an internal name) would let a client make the server call
   * internal addresses. The name is checked again when a message is sent (`push-sender.ts`). An
   * endpoint belongs to the user who registered it: another user gets 409, not the row (issue 15).
   * A user keeps at most MAX_PUSH_SUBSCRIPTIONS: the oldest goes when a new browser subscribes.
   */
  async subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
    const url = new URL(sub.endpoint);
    const host = pushHost(url);
    const testing = this.deps.config.pushAllowHttp;
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const internal =
      isIP(host.replace(/^\[|\]$/g, '')) !== 0 || host.startsWith('[') || !host.includes('.') || /(^|\.)(local|internal|lan|localhost|home\.arpa)$/i.test(host);
    if (!testing && (url.protocol !== 'https:' || internal || !this.deps.config.pushPorts.includes(port) || url.username || url.password))
      throw badRequest(MSG.pushEndpointInvalid, 'PUSH_ENDPOINT_INVALID');
    if (testing && url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(MSG.pushEndpointInvalid, 'PUSH_ENDPOINT_INVALID');
    const saved = await this.repo.saveSubscription(userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, this.deps.clock.now(), MAX_PUSH_SUBSCRIPTIONS);
    if (!saved) throw conflict(MSG.pushEndpointTaken, 'PUSH_ENDPOINT_TAKEN');
  }

  /** A web-push message per subscription of the user; gone subscriptions (404/410) are dropped. */
  private async push(notification: NotificationRow): Promise<void> {
    const subs = await this.repo.subscriptions(notification.user_id);
    if (subs.length === 0) return;
    const { vapid } = this.deps.config;
    const webPush = await webPushModule();
    const payload: PushPayload = {
      title: notification.title,
      body: notification.message,
      url: '/notification',
      unread: await this.repo.countUnread(notification.user_id),
    };
    await Promise.all(
      subs.map(async (s) => {
        try {
          // web-push signs (VAPID) and encrypts (aes128gcm); fetch sends it.
          const request = webPush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
            TTL: 24 * 3600,
            vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          });
          const status = await sendPush(
            { endpoint: request.endpoint, method: request.method, headers: request.headers as Record<string, string>, body: request.body ? new Uint8Array(request.body) : undefined },
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
