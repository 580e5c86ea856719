import { z } from 'zod';

/** GARANTIE (issue 20): a guarantee of an appliance ends in 60 or 7 days. */
export const NOTIFICATION_TYPES = ['MAINTENANCE', 'CHALLENGE', 'GARANTIE'] as const;
export const NOTIFICATION_STATUSES = ['ACTIF', 'READ'] as const;

/** spec §3 Notification (API.md: with the event it is about, when there is one). */
export const Notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_STATUSES),
  title: z.string(),
  message: z.string(),
  dt_creation: z.string(),
  event: z
    .object({
      id: z.number().int(),
      title: z.string(),
      dt_realisation: z.string(),
      note: z.string().nullable(),
      applianceId: z.number().int().nullable(),
      applianceName: z.string().nullable(),
      maintenanceCardId: z.number().int().nullable(),
      productId: z.number().int().nullable(),
    })
    .nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** spec §7: the read status is sent as "read". */
/** The notifications page's size: the list screen asks for this many, then the next ones (issue 23). */
export const NOTIFICATIONS_PAGE = 20;

/**
 * GET …/notifs: without parameters, every notification (the spec's call); with `limit`, the newest
 * `limit`, and with `before` (a notification's id) the ones that come after it in the list (issue 23).
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
