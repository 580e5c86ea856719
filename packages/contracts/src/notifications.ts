import { z } from 'zod';
import { EVENT_STATUSES } from './events.ts';

/**
 * GARANTIE: a guarantee of an appliance ends in 60 or 7 days. RAPPEL: a product recall concerns an
 * appliance. DEMARCHE: a claim's request went unanswered past its deadline (« Ma démarche »).
 */
export const NOTIFICATION_TYPES = ['MAINTENANCE', 'CHALLENGE', 'GARANTIE', 'RAPPEL', 'DEMARCHE'] as const;
export const NOTIFICATION_STATUSES = ['ACTIF', 'READ'] as const;

/** product §3, Notification (API.md: with the event it is about, when there is one). */
export const Notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  title: z.string(),
  message: z.string(),
  dt_creation: z.string(),
  /** The appliance it is about when it is not an event's (a recall): the notification opens its page. */
  applianceId: z.number().int().nullable(),
  /** The claim (« Ma démarche ») a reminder of an unanswered request is about: the notification opens it (`/demarches/{id}`). */
  claimId: z.number().int().nullable(),
  event: z
    .object({
      id: z.number().int(),
      title: z.string(),
      dt_realisation: z.string(),
      /** Done already (by this member or another): the reminder no longer offers « J’ai fait l’entretien ». */
      status: z.enum(EVENT_STATUSES),
      note: z.string().nullable(),
      applianceId: z.number().int().nullable(),
      applianceName: z.string().nullable(),
      maintenanceCardId: z.number().int().nullable(),
      productId: z.number().int().nullable(),
    })
    .nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** product §7: the read status is sent as "read". */

/**
 * GET …/notifs: without parameters, every notification (the spec's call); with `limit`, the newest
 * `limit`, and with `before` (a notification's id) the ones that come after it in the list (a page).
 */
export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationUpdate = z.object({ status: z.enum(['read', 'READ']) });

/** A browser PushSubscription (its JSON form). */
export const PushSubscriptionBody = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
});

/** What a push message carries to the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  unread: number;
}

/**
 * A member's notification preferences: in the app, push, e-mail — each on or off — and
 * e-mail at each reminder (`immediat`) or as a digest on Sunday evening, French time (`hebdo`).
 */
export const EMAIL_MODES = ['immediat', 'hebdo'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** GET/PUT V1/profils/users/{userId}/preferences/notifications */
export const NotificationPreferences = z.object({
  app: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
  emailMode: z.enum(EMAIL_MODES),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** What a member gets before choosing: everything on, e-mail at each reminder. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { app: true, push: true, email: true, emailMode: 'immediat' };

/** The weekly digest leaves on Sunday from this hour, Europe/Paris (« le dimanche soir »). */
export const DIGEST_HOUR_PARIS = 19;

/** POST V1/notifs/desabonnement?u=…&sig=… (the one-click link of every mail, RFC 8058). */
export const UnsubscribeQuery = z.object({ u: z.coerce.number().int().positive(), sig: z.string().min(10).max(100) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;
