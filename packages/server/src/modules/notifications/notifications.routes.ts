import { ErrorBody, Notification, NotificationsQuery, NotificationUpdate, PushSubscriptionBody } from '@ecofoyer/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '../../lib/auth-guard.ts';

const UserParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** API.md "Notifications and push" (`/api/V1/profils/users`). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;
  const common = { tags: ['notifications'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get('/:userId/notifs/count', { schema: { ...common, params: UserParams, response: { 200: z.number().int(), ...errors } } }, async (req) => {
    requireSelf(req, req.params.userId);
    return notifications.count(req.params.userId);
  });

  app.get('/:userId/notifs', { schema: { ...common, params: UserParams, querystring: NotificationsQuery, response: { 200: z.array(Notification), ...errors } } }, async (req) => {
    requireSelf(req, req.params.userId);
    return notifications.list(req.params.userId, req.query);
  });

  app.put(
    '/:userId/notifs/:notifId',
    { schema: { ...common, params: UserParams.extend({ notifId: z.coerce.number().int().positive() }), body: NotificationUpdate, response: { 200: Notification, ...errors } } },
    async (req) => {
      requireSelf(req, req.params.userId);
      return notifications.markRead(req.params.userId, req.params.notifId);
    },
  );

  app.post(
    '/:userId/push/subscriptions',
    { schema: { ...common, params: UserParams, body: PushSubscriptionBody, response: { 201: z.null(), ...errors } } },
    async (req, reply) => {
      requireSelf(req, req.params.userId);
      await notifications.subscribe(req.params.userId, req.body);
      return reply.code(201).send(null);
    },
  );
};

/** GET /api/V1/push/public-key — the VAPID key the browser subscribes with. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/public-key', { schema: { tags: ['notifications'], response: { 200: z.object({ publicKey: z.string() }) } } }, async () => ({
    publicKey: app.services.notifications.publicKey(),
  }));
};
