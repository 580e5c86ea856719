import { MSG, type Notification, type PushPayload } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Config } from '../../config.ts';
import type { NotificationRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { NotificationJoined, NotificationsRepository } from './notifications.repository.ts';

export class NotificationsService {
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
    await Promise.all(created.map((n) => this.push(n)));
    return created;
  }

  /** CHALLENGE notification (a badge earned); `key` names what it is about, so it is created once. */
  async challenge(userId: number, key: string, title: string, message: string): Promise<void> {
    const row = await this.repo.insertOnce({ user_id: userId, type: 'CHALLENGE', title, message, dedupe_key: key, created_at: this.deps.clock.now() });
    if (row) await this.push(row);
  }

  count(userId: number) {
    return this.repo.countUnread(userId);
  }

  async list(userId: number): Promise<Notification[]> {
    return (await this.repo.list(userId)).map((r) => this.toDto(r));
  }

  /** spec §4: ACTIF → READ. */
  async markRead(userId: number, id: number): Promise<Notification> {
    if (!(await this.repo.exists(userId, id))) throw notFound(MSG.notFound);
    await this.repo.markRead(userId, id, this.deps.clock.now());
    const [row] = await this.repo.list(userId, id);
    if (!row) throw notFound(MSG.notFound);
    return this.toDto(row);
  }

  publicKey(): string {
    return this.deps.config.vapid.publicKey;
  }

  /**
   * Push services are public https hosts; anything else (another scheme, an IP address, localhost,
   * an internal name) would let a client make the server call internal addresses.
   */
  subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
    const url = new URL(sub.endpoint);
    const testing = this.deps.config.pushAllowHttp;
    const internal = /^(\[.*\]|\d+(\.\d+){3}|localhost)$/i.test(url.hostname) || !url.hostname.includes('.') || /\.(local|internal|lan|localhost)$/i.test(url.hostname);
    if (!testing && (url.protocol !== 'https:' || internal)) throw badRequest(MSG.pushEndpointInvalid, 'PUSH_ENDPOINT_INVALID');
    if (testing && url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(MSG.pushEndpointInvalid, 'PUSH_ENDPOINT_INVALID');
    return this.repo.saveSubscription(userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, this.deps.clock.now());
  }

  /** A web-push message per subscription of the user; gone subscriptions (404/410) are dropped. */
  private async push(notification: NotificationRow): Promise<void> {
    const subs = await this.repo.subscriptions(notification.user_id);
    if (subs.length === 0) return;
    const { vapid } = this.deps.config;
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
          const res = await fetch(request.endpoint, {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : undefined,
            signal: AbortSignal.timeout(10_000),
          });
          if (res.status === 404 || res.status === 410) await this.repo.deleteSubscription(s.endpoint);
          else if (!res.ok) this.deps.log.warn({ status: res.status, endpoint: s.endpoint }, 'push refused');
        } catch (error) {
          this.deps.log.warn({ err: error, endpoint: s.endpoint }, 'push failed');
        }
      }),
    );
  }
}
